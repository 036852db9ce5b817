/**
 * The bulk actions of an archivable list (libraries, library items, material categories, materials; spec 2 §4, §7,
 * §8), declared once: archive, activate and delete through `POST /{collection}/update`, each after its
 * confirmation, with one naming of their texts in the resource's namespace:
 *
 * - the button `bulk.archive`, `bulk.activate`, `bulk.delete`;
 * - the confirmation `bulk.archiveConfirm`, `bulk.activateConfirm`, `bulk.deleteConfirm` (a library's is §8's
 *   'Are you sure you want to delete this library and all its descendants?');
 * - the success `bulk.archived`, `bulk.activated`, `bulk.deleted` ('{{count}} Libraries successfully deleted');
 * - the failure `bulk.archiveFailed`, `bulk.activateFailed`, `bulk.deleteFailed` ('The following libraries have
 *   not been deleted because they are still connected to a model; {{names}}').
 *
 * Archive is disabled, saying why, while every selected record is archived already, Activate while none is
 * (issue 33: `lists:bulk.allArchived`, `lists:bulk.noneArchived`).
 *
 * A list whose bulk endpoint does not archive (materials: delete and move only, spec 2 §7) declares
 * `archive: false`; actions of its own (a move with its dialog) come first (`also`).
 */
import type { BaseRecord } from '@refinedev/core';
import type { Permission } from '@/lib/permissions';
import { isArchived } from './archivable-rows';
import type { BulkActionDeclaration, BulkDeclaration, ResourceAction } from './types';

type Needs = ResourceAction | Permission;

export interface ArchivableBulkOptions {
  /** The form field of the selected records (`libraries` → `libraries[0][id]`). */
  field: string;
  /** What archive and activate need, or `false` where the bulk endpoint does not archive. */
  archive: Needs | false;
  /** What delete needs. */
  delete: Needs;
  /** The list's other bulk actions, shown before these (a move). */
  also?: BulkActionDeclaration[];
  /** Further resources whose lists show these records (`BulkDeclaration.refreshes`). */
  refreshes?: string[];
}

const action = (name: string, done: string, needs: Needs, danger?: boolean): BulkActionDeclaration => ({
  action: name,
  labelKey: `bulk.${name}`,
  needs,
  confirmKey: `bulk.${name}Confirm`,
  successKey: `bulk.${done}`,
  failureKey: `bulk.${name}Failed`,
  ...(danger ? { danger } : {}),
});

export function archivableBulk(options: ArchivableBulkOptions): BulkDeclaration {
  return {
    field: options.field,
    actions: [
      ...(options.also ?? []),
      ...(options.archive
        ? [
            {
              ...action('archive', 'archived', options.archive),
              disabledReason: (selected: readonly BaseRecord[]) =>
                selected.every(isArchived) ? 'lists:bulk.allArchived' : undefined,
            },
            {
              ...action('activate', 'activated', options.archive),
              disabledReason: (selected: readonly BaseRecord[]) =>
                selected.some(isArchived) ? undefined : 'lists:bulk.noneArchived',
            },
          ]
        : []),
      action('delete', 'deleted', options.delete, true),
    ],
    ...(options.refreshes ? { refreshes: options.refreshes } : {}),
  };
}
