/**
 * The row actions that archive one record of an archivable list and bring it back (spec 2 §4, §7, §8), declared
 * once for libraries, material categories, library items and materials, beside their bulk actions
 * (`archivable-bulk.ts`). Each is shown where it applies (Archive while the record is not ARCHIVED, the other
 * while it is), with its confirmation and banner in the resource's namespace:
 *
 * - `via: 'bulk'`: spec 2 §7 has no single-record call (libraries, categories), so Archive and Activate
 *   (`actions.archive`, `actions.activate`) run the list's bulk action on the one record after `archiveConfirm`
 *   or `activateConfirm`, with the bulk banner ('1 Libraries successfully archived');
 * - `via: 'patch'`: the record's own `PATCH` with `archived` (items, materials: `patch` gives its path and body),
 *   Archive and Unarchive (`actions.archive`, `actions.unarchive`) after `archiveConfirm` or `unarchiveConfirm`,
 *   with the `archived` or `unarchived` banner ('{name} Archived...'), whose Undo (issue 46) sends the other one;
 *   the lists and the Processor's tabs alike.
 */
import InboxOutlined from '@ant-design/icons-svg/es/asn/InboxOutlined';
import UndoOutlined from '@ant-design/icons-svg/es/asn/UndoOutlined';
import { Glyph } from '@/ui/Glyph';
import type { BaseRecord } from '@refinedev/core';
import type { Permission } from '@/lib/permissions';
import type { CallDeclaration, ResourceAction, RowActionDeclaration } from './types';

type Needs = ResourceAction | Permission;

/** The call of one record's archive (`archived: true`) or unarchive: its path and body. */
export type ArchivePatch<TRecord> = (
  record: TRecord,
  archived: boolean,
) => Pick<CallDeclaration, 'path' | 'values'>;

export type ArchiveRowOptions<TRecord> = {
  /** What the actions need; none where the spec shows them without an ability check (the Processor's items). */
  needs?: Needs;
} & (
  | { via: 'bulk' }
  | {
      via: 'patch';
      patch: ArchivePatch<TRecord>;
      /** Where the confirmations are nested in the namespace (the Processor's `items.`, `materials.`). */
      confirmPrefix?: string;
    }
);

/** Whether a record of an archivable list is archived (its Archive or its counterpart applies). */
export const isArchived = (record: BaseRecord) => record.status === 'ARCHIVED';

/** The Archive action and its counterpart (Activate through the bulk call, Unarchive through the patch). */
export function archiveRowActions<TRecord extends BaseRecord>(
  options: ArchiveRowOptions<TRecord>,
): Array<RowActionDeclaration<TRecord>> {
  const archive = {
    key: 'archive',
    labelKey: 'actions.archive',
    icon: <Glyph icon={InboxOutlined} />,
    needs: options.needs,
    visible: (record: TRecord) => !isArchived(record),
  };
  if (options.via === 'bulk') {
    return [
      { ...archive, bulk: { action: 'archive', confirmKey: 'archiveConfirm' } },
      {
        key: 'activate',
        labelKey: 'actions.activate',
        icon: <Glyph icon={UndoOutlined} />,
        needs: options.needs,
        visible: isArchived,
        bulk: { action: 'activate', confirmKey: 'activateConfirm' },
      },
    ];
  }
  const call = (record: TRecord, archived: boolean): CallDeclaration => ({
    method: 'patch',
    ...options.patch(record, archived),
    confirmKey: `${options.confirmPrefix ?? ''}${archived ? 'archiveConfirm' : 'unarchiveConfirm'}`,
    confirmLabelKey: archived ? 'actions.archive' : 'actions.unarchive',
    successKey: archived ? 'archived' : 'unarchived',
    undo: { method: 'patch', ...options.patch(record, !archived) },
  });
  return [
    { ...archive, call: (record) => call(record, true) },
    {
      key: 'unarchive',
      labelKey: 'actions.unarchive',
      icon: <Glyph icon={UndoOutlined} />,
      needs: options.needs,
      visible: isArchived,
      call: (record) => call(record, false),
    },
  ];
}
