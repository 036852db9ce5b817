/**
 * The header buttons of a record's overview from its declaration (`overview.actions`, issue 43), each kind
 * implemented once here: Edit, Delete, Reprocess, Archive/Unarchive, Duplicate, a link to another of the record's
 * screens, Back and a dialog about the record. Each checks its ability as the rest of the portal does
 * (`useResourcePermissions`), asks its confirmation where it has one, reports its result in the screen's banner
 * (or, after Delete and Duplicate, on the screen it goes to) and offers itself to the command palette only where
 * the button may be pressed. The generic show page and the generic overview page of declared screens
 * (src/pages/show/OverviewPage.tsx) render what this returns.
 */
import ArrowLeftOutlined from '@ant-design/icons-svg/es/asn/ArrowLeftOutlined';
import CopyOutlined from '@ant-design/icons-svg/es/asn/CopyOutlined';
import DeleteOutlined from '@ant-design/icons-svg/es/asn/DeleteOutlined';
import EditOutlined from '@ant-design/icons-svg/es/asn/EditOutlined';
import InboxOutlined from '@ant-design/icons-svg/es/asn/InboxOutlined';
import RedoOutlined from '@ant-design/icons-svg/es/asn/RedoOutlined';
import UndoOutlined from '@ant-design/icons-svg/es/asn/UndoOutlined';
import { Glyph } from '@/ui/Glyph';
import {
  type BaseKey,
  type BaseRecord,
  type HttpError,
  useCustomMutation,
  useInvalidate,
} from '@refinedev/core';
import { Button } from 'antd';
import { createElement, type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isReprocessable } from '@shared/entities/model-values';
import { recordKey, recordPath } from '@/declarations/derive';
import type { CallDeclaration, OverviewActionDeclaration, ResourceDeclaration } from '@/declarations/types';
import { DisabledReason } from '@/ui/DisabledReason';
import { callRequest } from './call-request';
import type { HeaderAction, HeaderActionPart, HeaderActions } from './PageHeader';
import { useConfirmation } from './useConfirmation';
import { useDeleteRecord } from './useDeleteRecord';
import { useResourcePermissions } from './useResourcePermissions';
import { type Banner, bannerState } from './useResultBanner';

/** An overview without declared actions offers Edit (where the resource has an edit route). */
const EDIT_ONLY: OverviewActionDeclaration[] = [{ kind: 'edit' }];

export interface OverviewActions<TRecord extends BaseRecord = BaseRecord> {
  /** The header's buttons for the record shown. */
  actions(record: TRecord): HeaderActions;
  /** The confirmation dialogs: render them once on the screen. */
  dialogs: ReactNode;
  /** The record being (or just) deleted: the screen stops reading it (`useDeleteRecord`'s `removing`). */
  removing: BaseKey | undefined;
}

interface ButtonSpec {
  key: string;
  part: HeaderActionPart;
  label: string;
  icon: ReactNode;
  run: () => void;
  /** Why it is disabled; usable without one. */
  reason?: string;
  loading?: boolean;
}

/** One header button: disabled with its reason as tooltip and description, and a palette command only when usable. */
function headerButton({ key, part, label, icon, run, reason, loading }: ButtonSpec): HeaderAction {
  return {
    key,
    part,
    command: reason ? undefined : { label, run },
    node: (
      <DisabledReason reason={reason}>
        <Button
          type={part === 'primary' ? 'primary' : undefined}
          danger={part === 'danger'}
          icon={icon}
          disabled={!!reason}
          loading={loading}
          onClick={run}
        >
          {label}
        </Button>
      </DisabledReason>
    ),
  };
}

/**
 * The declared header actions of `resource`'s overview (or `screenActions`, a second screen's own); `onResult` shows
 * a result on the screen (its banner).
 */
export function useOverviewActions<TRecord extends BaseRecord = BaseRecord>(
  resource: ResourceDeclaration,
  onResult: (banner: Banner) => void,
  screenActions: readonly OverviewActionDeclaration<TRecord>[] = resource.overview?.actions ?? EDIT_ONLY,
): OverviewActions<TRecord> {
  const { t } = useTranslation(resource.ns);
  const { t: tl } = useTranslation('lists');
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const { can, whyNot } = useResourcePermissions(resource);
  const { ask, dialog } = useConfirmation();
  const { mutateAsync } = useCustomMutation<BaseRecord, HttpError, Record<string, unknown>>();
  /** The action whose call runs without a confirmation dialog: its button shows that it is busy. */
  const [running, setRunning] = useState<string>();
  /** The dialog action open, with its record. */
  const [openDialog, setOpenDialog] = useState<{ key: string; record: TRecord } | null>(null);
  /** Where the screen goes after the record it shows is deleted. */
  const afterDelete = useRef('');
  const { confirmDelete, deleteDialog, removing } = useDeleteRecord(resource, (banner) =>
    banner.type === 'success'
      ? navigate(afterDelete.current, { state: bannerState(banner) })
      : onResult(banner),
  );

  /** Sends a call; the answer goes to `done`, a failure to the banner. Answers whether it succeeded. */
  const send = async (
    key: string,
    call: Pick<CallDeclaration, 'method' | 'path' | 'values'>,
    done: (answer: BaseRecord) => void | Promise<void>,
  ): Promise<boolean> => {
    setRunning(key);
    try {
      const { data } = await mutateAsync(callRequest(call));
      await done(data);
      return true;
    } catch (error) {
      onResult({ type: 'error', text: (error as Error).message || tl('actionFailed') });
      return false;
    } finally {
      setRunning(undefined);
    }
  };
  /** The record (and its lists) read again after it changed in place. */
  const reload = (record: BaseRecord) =>
    void invalidate({
      resource: resource.name,
      id: recordKey(resource, record),
      invalidates: ['list', 'detail'],
    });
  const nameOf = (record: BaseRecord) => String(record[resource.list?.nameField ?? 'name'] ?? '');

  const build = (action: OverviewActionDeclaration<TRecord>, record: TRecord): HeaderAction | false => {
    switch (action.kind) {
      case 'edit': {
        const route = resource.routes.edit;
        if (!route || !can('edit')) return false;
        return headerButton({
          key: 'edit',
          part: 'primary',
          label: tl('edit'),
          icon: <Glyph icon={EditOutlined} />,
          run: () => void navigate(recordPath(route, resource, record)),
        });
      }
      case 'delete': {
        const declared = resource.deletion?.disabledReason?.(record);
        return headerButton({
          key: 'delete',
          part: 'danger',
          label: tl('delete'),
          icon: <Glyph icon={DeleteOutlined} />,
          reason: whyNot('delete') ?? (declared ? t(declared) : undefined),
          run: () => {
            afterDelete.current = action.after(record);
            confirmDelete(record);
          },
        });
      }
      case 'reprocess': {
        if (!can(action.needs)) return false;
        return headerButton({
          key: 'reprocess',
          part: 'secondary',
          label: t('actions.reprocess'),
          icon: <Glyph icon={RedoOutlined} />,
          reason: isReprocessable(String(record.status)) ? undefined : t('reprocessOnlyFinished'),
          run: () =>
            ask({
              text: t('reprocessConfirm'),
              confirmLabel: t('actions.reprocess'),
              run: () =>
                send(
                  'reprocess',
                  {
                    method: 'post',
                    path: `${resource.name}/${encodeURIComponent(String(recordKey(resource, record)))}/reprocess`,
                  },
                  () => {
                    onResult({ type: 'success', text: t('reprocessStarted') });
                    reload(record);
                  },
                ),
            }),
        });
      }
      case 'archive': {
        if (!can(action.needs)) return false;
        const archived = record.status === 'ARCHIVED';
        const label = t(archived ? 'actions.unarchive' : 'actions.archive');
        const toggle = () =>
          send('archive', { method: 'patch', ...action.patch(record, !archived) }, () => {
            onResult({
              type: 'success',
              text: t(archived ? 'unarchived' : 'archived', { data: { name: nameOf(record) } }),
              // Undone by the call the other way (issue 46).
              undo: {
                resource: resource.name,
                keys: [recordKey(resource, record) ?? ''],
                call: { method: 'patch', ...action.patch(record, archived) },
              },
            });
            reload(record);
          });
        return headerButton({
          key: 'archive',
          part: 'secondary',
          label,
          icon: archived ? <Glyph icon={UndoOutlined} /> : <Glyph icon={InboxOutlined} />,
          loading: !action.confirm && running === 'archive',
          run: () =>
            action.confirm
              ? ask({
                  text: t(archived ? 'unarchiveConfirm' : 'archiveConfirm'),
                  confirmLabel: label,
                  run: toggle,
                })
              : void toggle(),
        });
      }
      case 'duplicate': {
        if (!can('clone')) return false;
        return headerButton({
          key: 'duplicate',
          part: 'secondary',
          label: t('actions.duplicate'),
          icon: <Glyph icon={CopyOutlined} />,
          loading: running === 'duplicate',
          run: () =>
            void send('duplicate', { method: 'post', path: action.path(record) }, async (answer) => {
              await invalidate({ resource: resource.name, invalidates: ['list'] });
              navigate(action.to(answer.data as TRecord), {
                state: bannerState({ type: 'success', text: t('duplicated') }),
              });
            }),
        });
      }
      case 'dialog':
        if (!can(action.needs)) return false;
        return headerButton({
          key: action.key,
          part: action.secondary ? 'secondary' : 'primary',
          label: t(action.labelKey),
          icon: action.icon,
          run: () => setOpenDialog({ key: action.key, record }),
        });
      case 'back':
        return headerButton({
          key: 'back',
          part: 'back',
          label: t(action.labelKey),
          icon: <Glyph icon={ArrowLeftOutlined} />,
          run: () => void navigate(action.to(record)),
        });
      case 'link': {
        const allowed = can(action.needs);
        const withoutPermission = action.withoutPermissionReason;
        if (!allowed && !withoutPermission) return false;
        return headerButton({
          key: action.key,
          part: action.primary ? 'primary' : 'secondary',
          label: t(action.labelKey),
          icon: action.icon,
          reason: allowed || !withoutPermission ? undefined : t(withoutPermission),
          run: () => void navigate(action.to(record)),
        });
      }
    }
  };

  /** The open dialog action's dialog: `done` shows the banner and reads the record again. */
  const dialogAction = screenActions.find(
    (candidate) => candidate.kind === 'dialog' && candidate.key === openDialog?.key,
  );
  const closeDialog = () => setOpenDialog(null);
  const actionDialog =
    openDialog && dialogAction?.kind === 'dialog'
      ? createElement(dialogAction.dialog, {
          record: openDialog.record,
          close: closeDialog,
          done: (banner) => {
            closeDialog();
            onResult(banner);
            reload(openDialog.record);
          },
        })
      : null;

  return {
    actions: (record) => screenActions.map((action) => build(action, record)),
    dialogs: (
      <>
        {dialog}
        {deleteDialog}
        {actionDialog}
      </>
    ),
    removing,
  };
}
