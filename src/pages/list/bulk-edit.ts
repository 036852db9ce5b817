/**
 * The bulk edit of a list (issue 46; a declaration's `list.bulk.edit`): the action `edit` every such list gets,
 * the fields its dialog offers, the values it sends, and how its answer is undone. The server sets the values on
 * each selected record through the entity's update and names, per record, the values it replaced (`previous`);
 * the Undo sends each group of records with the same previous values those values back, in one call per group.
 */
import type { BaseRecord } from '@refinedev/core';
import type { ComponentType } from 'react';
import type { UndoGroup } from '@/components/undo';
import type {
  BulkActionDeclaration,
  BulkFormProps,
  FieldDeclaration,
  FieldKind,
  ResourceDeclaration,
} from '@/declarations/types';
import { recordKey } from '@/declarations/derive';
import type { BulkAnswer } from './bulk-result';

export const EDIT_ACTION = 'edit';

/** The kinds of field the dialog has an input for. */
export const BULK_EDIT_KINDS: ReadonlySet<FieldKind> = new Set(['select', 'reference', 'color']);

/** The declared fields Edit sets, in the declaration's order; throws for a name the form lacks or a kind without input. */
export function bulkEditFields(resource: ResourceDeclaration): FieldDeclaration[] {
  return (resource.list?.bulk?.edit ?? []).map((name) => {
    const field = resource.form?.fields.find((candidate) => candidate.name === name);
    if (!field) throw new Error(`${resource.name}: bulk.edit names '${name}', which its form does not have`);
    if (!BULK_EDIT_KINDS.has(field.kind))
      throw new Error(
        `${resource.name}: bulk.edit's '${name}' is a ${field.kind} field, which Edit cannot set`,
      );
    return field;
  });
}

/** The Edit action of a list that declares `bulk.edit` (its dialog is the page's: `form`). */
export const bulkEditAction = (form: ComponentType<BulkFormProps>): BulkActionDeclaration => ({
  action: EDIT_ACTION,
  labelKey: 'lists:bulk.edit',
  needs: 'edit',
  successKey: 'lists:bulk.edited',
  failureKey: 'lists:bulk.editFailed',
  form,
});

/**
 * What the form body carries for a value: an empty list as null (a form body cannot send an empty list, and the
 * API reads null as none), no choice as null.
 */
export const bulkEditValue = (value: unknown): unknown =>
  value === undefined || (Array.isArray(value) && value.length === 0) ? null : value;

/** The values sent for one field (`values[field]`), as the dialog's `submit` takes them. */
export const bulkEditBody = (field: string, value: unknown): Parameters<BulkFormProps['submit']>[0] => ({
  values: { [field]: bulkEditValue(value) },
});

/**
 * The records of an edit's answer grouped by the values they had (`previous`), each group's values as the form
 * body sends them: what the Undo sends back.
 */
export function editUndoGroups(resource: ResourceDeclaration, answer: BulkAnswer): UndoGroup[] {
  const groups = new Map<string, UndoGroup>();
  for (const entry of answer.success ?? []) {
    const record = entry as BaseRecord & { previous?: Record<string, unknown> };
    if (!record.previous) continue;
    const values = Object.fromEntries(
      Object.entries(record.previous).map(([field, value]) => [field, bulkEditValue(value)]),
    );
    const same = JSON.stringify(values);
    const group = groups.get(same) ?? { keys: [], values };
    group.keys.push(String(recordKey(resource, record)));
    groups.set(same, group);
  }
  return [...groups.values()];
}
