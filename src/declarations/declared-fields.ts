/**
 * The portal's half of an entity's declared fields (shared/fields.ts): its list columns, form fields and overview
 * details follow from each field's kind, labelled by the entity's `columns.<name>` and `fields.<name>` texts. A
 * declaration writes a field again only where it shows it otherwise (`overrides`).
 */
import type { BaseRecord } from '@refinedev/core';
import { type EntityFields, FIELD_KIND_RULES, type FieldKind, nameFieldOf } from '@shared/fields';
import type {
  CellKind,
  ColumnDeclaration,
  FieldDeclaration,
  FieldKind as FormFieldKind,
  OverviewFieldDeclaration,
} from './types';

const CELLS: Record<FieldKind, Partial<ColumnDeclaration>> = {
  text: {},
  // Long text: cut with an ellipsis, and left out on narrow screens.
  textarea: { ellipsis: true, hideBelow: 'md' },
  number: {},
  boolean: { kind: 'boolean' },
  date: { kind: 'date' },
  color: { kind: 'colorChip' },
};

const INPUTS: Record<FieldKind, FormFieldKind> = {
  text: 'text',
  textarea: 'textarea',
  number: 'number',
  boolean: 'switch',
  date: 'date',
  color: 'color',
};

/** The timestamps' columns, after the fields: Created and Updated, sortable. */
const TIMESTAMP_COLUMNS: ColumnDeclaration[] = [
  { field: 'created_at', titleKey: 'columns.created', kind: 'date', sort: 'created_at' },
  { field: 'updated_at', titleKey: 'columns.updated', kind: 'date', sort: 'updated_at' },
];

/** A column per field (sortable where its kind is), then Created and Updated; `overrides` changes a field's. */
export function columnsOf<TRecord extends BaseRecord, F extends EntityFields>(
  fields: F,
  overrides: { [K in keyof F]?: Partial<ColumnDeclaration<TRecord>> } = {},
): Array<ColumnDeclaration<TRecord>> {
  return [
    ...Object.entries(fields).map(([name, field]) => ({
      field: name,
      titleKey: `columns.${name}`,
      ...CELLS[field.kind],
      ...(FIELD_KIND_RULES[field.kind].sortable ? { sort: name } : {}),
      ...overrides[name],
    })),
    ...TIMESTAMP_COLUMNS,
  ];
}

/** A form field per field, of its kind's input; the rules come from the input schema the form loads. */
export const formFieldsOf = (fields: EntityFields): FieldDeclaration[] =>
  Object.entries(fields).map(([name, field]) => ({
    name,
    labelKey: `fields.${name}`,
    kind: INPUTS[field.kind],
  }));

/** An overview's details: every field but the name (the page's title), then when it was created and updated. */
export function overviewFieldsOf<TRecord extends BaseRecord>(
  fields: EntityFields,
): Array<OverviewFieldDeclaration<TRecord>> {
  const title = nameFieldOf(fields);
  return [
    ...Object.entries(fields)
      .filter(([name]) => name !== title)
      .map(([name, field]) => ({
        key: name,
        labelKey: `fields.${name}`,
        field: name,
        kind: CELLS[field.kind].kind as CellKind | undefined,
      })),
    { key: 'created_at', labelKey: 'columns.created', field: 'created_at', kind: 'datetime' },
    { key: 'updated_at', labelKey: 'columns.updated', field: 'updated_at', kind: 'datetime' },
  ];
}
