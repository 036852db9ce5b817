/**
 * Delete through a dialog titled 'Confirmation' with the entity's exact text, then the call, then the banner
 * '{name} {status}' from the API's answer (spec 2 §2, §8). The screen renders `deleteDialog`; the Delete button
 * shows that it is busy while the call runs.
 */
import { type BaseRecord, useDelete } from '@refinedev/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { recordKey } from '@/resources/derive';
import type { ResourceDeclaration } from '@/resources/types';
import { useConfirmation } from './useConfirmation';
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
  const { ask, dialog } = useConfirmation();
  const deletion = resource.deletion;

  const remove = async (record: BaseRecord) => {
    const id = recordKey(resource, record);
    if (!deletion || id === undefined) return;
    try {
      const { data } = await mutateAsync({
        resource: resource.name,
        id,
        successNotification: false,
        errorNotification: false,
      });
      const answer = data as Record<string, unknown>;
      const name = answer[deletion.answerNameKey] ?? record[resource.list?.nameField ?? 'name'];
      onResult({ type: 'success', text: `${String(name ?? '')} ${String(answer.status ?? '')}`.trim() });
    } catch (error) {
      onResult({ type: 'error', text: (error as Error).message || tl('deleteFailed') });
    }
  };

  return {
    confirmDelete: (record) => {
      if (deletion && recordKey(resource, record) !== undefined)
        ask({
          text: t(deletion.confirmKey),
          confirmLabel: tl('delete'),
          danger: true,
          run: () => remove(record),
        });
    },
    deleteDialog: deletion && dialog,
  };
}
