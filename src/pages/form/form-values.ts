/** Between a record and a declared form: initial values from a record, and the payload a submit sends. */
import type { BaseRecord } from '@refinedev/core';
import type { FieldDeclaration, PageAction } from '@/resources/types';

export function fieldsFor(fields: FieldDeclaration[], action: PageAction): FieldDeclaration[] {
  const mode = action === 'edit' ? 'edit' : 'create';
  return fields.filter((field) => !field.only || field.only === mode);
}

/** The form's values for a record: reference fields hold ids (`labels: [{id, name}]` → `[3, 5]`). */
export function valuesFromRecord(fields: FieldDeclaration[], record: BaseRecord): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    const raw = field.fromRecord ? field.fromRecord(record) : record[field.name];
    if (field.kind === 'reference' && Array.isArray(raw)) {
      values[field.name] = raw.map((item) =>
        item && typeof item === 'object' ? (item as BaseRecord).id : item,
      );
    } else if (field.kind === 'reference' && raw && typeof raw === 'object') {
      values[field.name] = (raw as BaseRecord).id;
    } else {
      values[field.name] = raw;
    }
  }
  return values;
}

/**
 * The payload of a submit: an image field that still shows the record's own picture (a URL) is left out, a
 * chosen File is sent, and a removed one is sent as null.
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
  }
  return payload;
}
