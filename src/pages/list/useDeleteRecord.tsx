/**
 * Delete through a dialog titled 'Confirmation' with the entity's exact text, then the call, then the banner
 * '{name} {status}' from the API's answer (spec 2 §2, §8). The screen renders `deleteDialog`; the Delete button
 * shows that it is busy while the call runs.
 */
import { ExclamationCircleFilled } from '@ant-design/icons';
import { type BaseRecord, useDelete } from '@refinedev/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceDeclaration } from '@/resources/types';
import { Button } from '@/ui/Button';
import { Dialog } from '@/ui/Dialog';
import type { Banner } from './useResultBanner';

export interface DeleteRecord {
  /** Asks for the confirmation of deleting this record. */
  confirmDelete(record: BaseRecord): void;
  /** The confirmation dialog (nothing while closed): render it once on the screen. */
  deleteDialog: ReactNode;
}

export function useDeleteRecord(
  resource: ResourceDeclaration,
  onResult: (banner: Banner) => void,
): DeleteRecord {
  const { t } = useTranslation(resource.ns);
  const { t: tl } = useTranslation('lists');
  const { mutateAsync } = useDelete();
  const [record, setRecord] = useState<BaseRecord | null>(null);
  const [busy, setBusy] = useState(false);
  const deletion = resource.deletion;

  const cancel = () => {
    if (!busy) setRecord(null);
  };

  const remove = async () => {
    if (!deletion || record?.id === undefined) return;
    setBusy(true);
    try {
      const { data } = await mutateAsync({
        resource: resource.name,
        id: record.id,
        successNotification: false,
        errorNotification: false,
      });
      const answer = data as Record<string, unknown>;
      const name = answer[deletion.answerNameKey] ?? record[resource.list?.nameField ?? 'name'];
      onResult({ type: 'success', text: `${String(name ?? '')} ${String(answer.status ?? '')}`.trim() });
    } catch (error) {
      onResult({ type: 'error', text: (error as Error).message || tl('deleteFailed') });
    } finally {
      setBusy(false);
      setRecord(null);
    }
  };

  return {
    confirmDelete: (next) => {
      if (deletion && next.id !== undefined) setRecord(next);
    },
    deleteDialog: deletion && (
      <Dialog
        open={record !== null}
        title={
          <span className="confirm-dialog__title">
            <ExclamationCircleFilled className="confirm-dialog__icon" aria-hidden />
            {tl('confirmation')}
          </span>
        }
        width={416}
        className="confirm-dialog"
        onClose={cancel}
        footer={
          <>
            <Button disabled={busy} onClick={cancel}>
              {tl('cancel')}
            </Button>
            <Button variant="primary" danger loading={busy} onClick={() => void remove()}>
              {tl('delete')}
            </Button>
          </>
        }
      >
        <p className="confirm-dialog__text">{t(deletion.confirmKey)}</p>
      </Dialog>
    ),
  };
}
