/**
 * The declared actions of a list (spec 2 §2, §4, §8): header buttons beside the create button and row-menu
 * entries, each a link (with navigation state), a call that runs after the 'Confirmation' dialog and reports its
 * result as the list's banner, a declared bulk action run on the one record (`bulk`), a dialog, or an action in
 * place on the row (`rename`: the FAQ's inline rename, RenameCell.tsx); a row entry may also leave for another host (`href`). Row
 * entries can be disabled per record with a tooltip saying why; a row click opens a route or a dialog. Delete
 * comes from the declaration's `deletion`. After a row's call, dialog or delete, the lists of the resources that show
 * these records too (`bulk.refreshes`: a library's item count) reload as after a bulk action.
 */
import { type BaseRecord, type HttpError, useCustomMutation } from '@refinedev/core';
import { type ComponentType, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { callRequest } from '@/components/call-request';
import type { RowMenuItem } from '@/components/RowMenu';
import { useConfirmation } from '@/components/useConfirmation';
import { useMutationOnDemand } from '@/components/useMutationOnDemand';
import { useDeleteRecord } from '@/components/useDeleteRecord';
import type { Banner } from '@/components/useResultBanner';
import type {
  ActionDialogProps,
  CallDeclaration,
  LinkTarget,
  ResourceAction,
  ResourceDeclaration,
} from '@/declarations/types';
import type { Permission } from '@/lib/permissions';
import { recordKey } from '@/declarations/derive';
import { renaming } from './inline-rename';
import { useRelatedRefresh } from './useRelatedRefresh';

export interface ListActionsOptions {
  can: (needs: ResourceAction | Permission | undefined) => boolean;
  showBanner: (banner: Banner) => void;
  /** Reloads the list after a call or a dialog changed something. */
  reload: () => void;
  /** What takes the focus after a delete (the list's heading). */
  focusAfterDelete?: () => HTMLElement | null;
  /**
   * Runs a declared bulk action on one record (a row action's `bulk`), after the confirmation with this text and
   * label (`useBulkActions`' `runFor`).
   */
  runBulk?: (action: string, key: string, confirm: { text?: string; label?: string }) => void;
}

const asTarget = (target: string | LinkTarget): LinkTarget =>
  typeof target === 'string' ? { to: target } : target;

/** refine's custom call, mounted with a declared call's first run (useMutationOnDemand.tsx). */
const useCustomCall = () => useCustomMutation<BaseRecord, HttpError, Record<string, unknown>>().mutateAsync;

interface OpenDialog {
  Component: ComponentType<ActionDialogProps>;
  record?: BaseRecord;
}

export function useListActions(
  resource: ResourceDeclaration,
  { can, showBanner, reload, focusAfterDelete, runBulk }: ListActionsOptions,
) {
  const list = resource.list!;
  const { t } = useTranslation(resource.ns);
  const { t: tl } = useTranslation('lists');
  const navigate = useNavigate();
  const { ask, dialog: confirmDialog } = useConfirmation();
  const custom = useMutationOnDemand(useCustomCall);
  const refreshRelated = useRelatedRefresh(resource);
  /** The list reloads after a change, and so do the lists elsewhere that show these records. */
  const changed = () => {
    reload();
    void refreshRelated();
  };
  const { confirmDelete, deleteDialog } = useDeleteRecord(
    resource,
    (banner) => {
      showBanner(banner);
      if (banner.type === 'success') void refreshRelated();
    },
    { focusAfter: focusAfterDelete },
  );
  const [open, setOpen] = useState<OpenDialog | null>(null);

  const follow = (target: string | LinkTarget) => {
    const { to, state } = asTarget(target);
    navigate(to, state ? { state } : undefined);
  };

  /** Runs a call after its confirmation; one of a record (`key`) offers its declared undo in the banner. */
  const run = (call: CallDeclaration, key?: string | number) =>
    ask({
      text: t(call.confirmKey),
      confirmLabel: call.confirmLabelKey ? t(call.confirmLabelKey) : tl('confirm'),
      danger: call.danger,
      run: async () => {
        try {
          const { data } = await custom.run(callRequest(call));
          const answer = data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
          showBanner({
            type: 'success',
            text: t(call.successKey, answer),
            ...(call.undo &&
              key !== undefined && { undo: { resource: resource.name, keys: [key], call: call.undo } }),
          });
          changed();
        } catch (error) {
          showBanner({ type: 'error', text: (error as Error).message || tl('actionFailed') });
        }
      },
    });

  const openDialog = (Component: ComponentType<ActionDialogProps>, record?: BaseRecord) =>
    setOpen({ Component, record });

  const rowMenuItems = (record: BaseRecord): RowMenuItem[] => {
    const items: RowMenuItem[] = (list.rowActions ?? [])
      .filter(
        (action) =>
          (can(action.needs) || action.withoutPermissionReason) &&
          (!action.visible || action.visible(record)),
      )
      .map((action) => {
        const reason = can(action.needs) ? action.disabledReason?.(record) : action.withoutPermissionReason;
        const label = t(action.labelKey);
        const target = reason ? undefined : action.to?.(record);
        const plainLink = target !== undefined && !asTarget(target).state;
        return {
          key: action.key,
          label,
          icon: action.icon,
          danger: action.danger,
          disabled: !!reason,
          reason: reason && t(reason),
          to: plainLink ? asTarget(target).to : undefined,
          onSelect: () => {
            if (reason) return;
            if (action.href) window.location.assign(action.href(record));
            else if (target !== undefined && !plainLink) follow(target);
            else if (action.call) run(action.call(record), recordKey(resource, record));
            else if (action.bulk && runBulk) {
              runBulk(action.bulk.action, String(recordKey(resource, record)), {
                text: action.bulk.confirmKey ? t(action.bulk.confirmKey) : undefined,
                label,
              });
            } else if (action.dialog) openDialog(action.dialog as ComponentType<ActionDialogProps>, record);
            else if (action.rename) renaming.start(resource.name, recordKey(resource, record) ?? '');
          },
        };
      });
    if (resource.deletion && can('delete')) {
      const reason = resource.deletion.disabledReason?.(record);
      const label = resource.deletion.labelKey ? t(resource.deletion.labelKey) : tl('delete');
      items.push({
        key: 'delete',
        label,
        danger: true,
        disabled: !!reason,
        reason: reason && t(reason),
        onSelect: () => {
          if (reason) return;
          if (resource.deletion?.bulk && runBulk) {
            runBulk('delete', String(recordKey(resource, record)), {
              text: t(resource.deletion.confirmKey),
              label,
            });
          } else confirmDelete(record);
        },
      });
    }
    return items;
  };

  const hasRowMenu =
    (list.rowActions ?? []).some((action) => can(action.needs) || !!action.withoutPermissionReason) ||
    (!!resource.deletion && can('delete'));

  const headerActions = (list.headerActions ?? [])
    .filter((action) => can(action.needs))
    .map((action) => ({
      key: action.key,
      label: t(action.labelKey),
      icon: action.icon,
      onClick: () => {
        if (action.to) follow(action.to);
        else if (action.call) run(action.call);
        else if (action.dialog) openDialog(action.dialog);
      },
    }));

  const rowClick = list.rowLink && can(list.rowLink.needs) ? list.rowLink : undefined;
  const openRow = rowClick
    ? (record: BaseRecord) => {
        if (rowClick.to) follow(rowClick.to(record));
        else if (rowClick.dialog) openDialog(rowClick.dialog as ComponentType<ActionDialogProps>, record);
      }
    : undefined;

  const dialogs: ReactNode = (
    <>
      {confirmDialog}
      {deleteDialog}
      {custom.host}
      {open && (
        <open.Component
          record={open.record}
          close={() => setOpen(null)}
          done={(result) => {
            setOpen(null);
            showBanner(result);
            changed();
          }}
        />
      )}
    </>
  );

  return { rowMenuItems, hasRowMenu, headerActions, openRow, dialogs };
}
