/**
 * Row selection and the declared bulk actions of a list (spec 2 §7): the selected records go through
 * `POST /{collection}/update` (refine's `updateMany`; the data provider sends `{action, <field>[n][<idField>]}`),
 * after a confirmation where the action declares one (or the action's own dialog, `form`, asking for more); the answer becomes one banner by `bulkResultBanner`'s rule,
 * the selection is cleared and the list reloads.
 */
import { type BaseRecord, type HttpError, useUpdateMany } from '@refinedev/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirmation } from '@/components/useConfirmation';
import type { Banner } from '@/components/useResultBanner';
import type { Permission } from '@/lib/permissions';
import type { BulkActionDeclaration, ResourceAction, ResourceDeclaration } from '@/resources/types';
import { BULK_BANNER_DURATION_MS, type BulkAnswer, bulkResultBanner } from './bulk-result';

export interface BulkActionsOptions {
  can: (needs: ResourceAction | Permission | undefined) => boolean;
  showBanner: (banner: Banner, duration?: number) => void;
}

export function useBulkActions(resource: ResourceDeclaration, { can, showBanner }: BulkActionsOptions) {
  const bulk = resource.list?.bulk;
  const { t } = useTranslation(resource.ns);
  const { t: tl } = useTranslation('lists');
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const { mutateAsync, mutation } = useUpdateMany<BaseRecord, HttpError, Record<string, unknown>>();
  const { ask, dialog: confirmDialog } = useConfirmation();
  const [formOf, setFormOf] = useState<BulkActionDeclaration | null>(null);
  const actions = (bulk?.actions ?? []).filter((action) => can(action.needs));

  const perform = async (action: BulkActionDeclaration, values: Record<string, unknown> = {}) => {
    const ids = [...selected];
    try {
      const answer = (await mutateAsync({
        resource: resource.name,
        ids,
        values: { ...values, action: action.action },
        meta: { bulkKey: bulk!.field, bulkIdField: resource.idField ?? 'id' },
        successNotification: false,
        errorNotification: false,
      })) as unknown as BulkAnswer;
      showBanner(
        bulkResultBanner(
          answer,
          {
            success: (count) => t(action.successKey, { count }),
            failure: (names) => t(action.failureKey, { names }),
          },
          resource.list?.nameField ?? 'name',
        ),
        BULK_BANNER_DURATION_MS,
      );
      setSelected(new Set());
    } catch (error) {
      showBanner(
        { type: 'error', text: (error as Error).message || tl('actionFailed') },
        BULK_BANNER_DURATION_MS,
      );
    }
  };

  const start = (action: BulkActionDeclaration) => {
    if (action.form) return setFormOf(action);
    if (!action.confirmKey) return void perform(action);
    ask({
      text: t(action.confirmKey),
      confirmLabel: t(action.labelKey),
      danger: action.danger,
      run: () => perform(action),
    });
  };

  const Form = formOf?.form;
  const dialog: ReactNode = (
    <>
      {confirmDialog}
      {formOf && Form && (
        <Form
          count={selected.size}
          close={() => setFormOf(null)}
          submit={async (values) => {
            await perform(formOf, values);
            setFormOf(null);
          }}
        />
      )}
    </>
  );

  return {
    enabled: actions.length > 0,
    actions,
    selected,
    setSelected,
    start,
    busy: mutation.isPending,
    dialog,
  };
}
