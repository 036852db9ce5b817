/** Between a record and a declared form: initial values from a record, and the payload a submit sends. */
import type { BaseRecord } from '@refinedev/core';
import type { FieldDeclaration, PageAction } from '@/declarations/types';

/** A field's name as antd's name path: `licenses.hatch` → `['licenses', 'hatch']`. */
export const namePath = (name: string): string[] => name.split('.');

/** The value at a field's (dotted) name. */
export function valueAt(values: BaseRecord | Record<string, unknown>, name: string): unknown {
  let value: unknown = values;
  for (const key of namePath(name)) {
    value = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  }
  return value;
}

/** Sets the value at a field's (dotted) name, creating the objects on the way. */
export function setValueAt(values: Record<string, unknown>, name: string, value: unknown): void {
  const path = namePath(name);
  let target = values;
  for (const key of path.slice(0, -1)) {
    const next = target[key];
    target = (target[key] = next && typeof next === 'object' ? next : {}) as Record<string, unknown>;
  }
  target[path[path.length - 1]] = value;
}

export function fieldsFor(fields: FieldDeclaration[], action: PageAction): FieldDeclaration[] {
  const mode = action === 'edit' ? 'edit' : 'create';
  return fields.filter((field) => !field.only || field.only === mode);
}

/**
 * The form's values for a record: reference fields hold ids (`labels: [{id, name}]` → `[3, 5]`); a dotted name
 * nests (`colors.primary_color` reads and sets `colors: {primary_color}`).
 */
export function valuesFromRecord(fields: FieldDeclaration[], record: BaseRecord): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    const raw = field.fromRecord ? field.fromRecord(record) : valueAt(record, field.name);
    if (field.kind === 'reference' && Array.isArray(raw)) {
      values[field.name] = raw.map((item) =>
        item && typeof item === 'object' ? (item as BaseRecord).id : item,
      );
    } else if (field.kind === 'reference' && raw && typeof raw === 'object') {
      values[field.name] = (raw as BaseRecord).id;
    } else {
      setValueAt(values, field.name, raw);
    }
  }
  return values;
}

/** The values a new record starts with (`initial`), nested where a name has dots. */
export function initialValues(fields: FieldDeclaration[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of fields) if (field.initial !== undefined) setValueAt(values, field.name, field.initial);
  return values;
}

/**
 * The payload of a submit: an image field that still shows the record's own picture (a URL) is left out, a
 * chosen File is sent, and a removed one is sent as null; a field with `toPayload` sends the shape it makes.
 */
export function payloadFromValues(
  fields: FieldDeclaration[],
  values: Record<string, unknown>,
): Record<string, unknown> {
  const payload: Record<string, unknown> = { ...values };
  for (const field of fields) {
    if (field.kind === 'image' && typeof payload[field.name] === 'string') delete payload[field.name];
    if (field.kind === 'reference' && field.reference?.multiple && payload[field.name] === undefined) {
      payload[field.name] = [];
    }
    if (field.toPayload && field.name in payload) payload[field.name] = field.toPayload(payload[field.name]);
  }
  return payload;
}

/**
 * The first tab (in tab order) holding one of the named fields; error names may be nested (`labels.0` is in the
 * `labels` field).
 */
export function firstInvalidTab(
  fields: FieldDeclaration[],
  tabs: ReadonlyArray<{ key: string }> | undefined,
  names: readonly string[],
): string | undefined {
  const isInvalid = (field: FieldDeclaration) =>
    names.some((name) => name === field.name || name.startsWith(`${field.name}.`));
  const tabsWithErrors = new Set(fields.filter(isInvalid).map((field) => field.tab));
  return tabs?.find((tab) => tabsWithErrors.has(tab.key))?.key;
}

export interface KnownOption {
  value: string | number;
  label: string;
}

/**
 * The records a record already refers to, as picker options (`labels: [{id, name}]` → `{value: id, label: name}`):
 * a picker shows their names even when its own list does not hold them (another page, or filtered out).
 */
export function knownOptions(
  fields: FieldDeclaration[],
  record: BaseRecord | undefined,
): Record<string, KnownOption[]> {
  const known: Record<string, KnownOption[]> = {};
  if (!record) return known;
  for (const field of fields) {
    if (field.kind !== 'reference' || !field.reference) continue;
    const raw = field.fromRecord ? field.fromRecord(record) : record[field.name];
    const items = (Array.isArray(raw) ? raw : [raw]).filter(
      (item): item is BaseRecord =>
        !!item && typeof item === 'object' && (item as BaseRecord).id !== undefined,
    );
    known[field.name] = items.map((item) => ({
      value: item.id!,
      label: String(item[field.reference!.labelField] ?? item.id),
    }));
  }
  return known;
}
