/**
 * A spreadsheet's rows as an import's rows (issue 46, shared/import.ts): which column goes to which field (matched
 * by its heading, as the export and the template write them, or as the user mapped it before on this list), and
 * each cell as the API takes the field's value: text as it is, an option by its value or its label, a referenced
 * record by its name (several, comma separated), yes and no. A name no record has is the row's error here, before
 * anything is sent; every other check is the server's. No React, no file format here.
 */
import type { ImportRow } from '@shared/import';
import type { FieldDeclaration, FieldKind } from '@/declarations/types';

/** A file's table: the headings of its first row and the text of every further cell. */
export interface SheetTable {
  headers: string[];
  rows: string[][];
}

/** Where a column goes: the record's key, a field (its name), or nowhere (null). */
export type ColumnTarget = string | null;
export const KEY_TARGET = '#key';

/** The kinds of field a cell can fill. */
export const IMPORT_KINDS: ReadonlySet<FieldKind> = new Set([
  'text',
  'textarea',
  'email',
  'tel',
  'color',
  'number',
  'select',
  'reference',
  'switch',
]);

/** The declared import fields of the form, in the declaration's order; throws for a name or kind it cannot fill. */
export function importFields(
  formFields: readonly FieldDeclaration[],
  names: readonly string[],
  resourceName: string,
): FieldDeclaration[] {
  return names.map((name) => {
    const field = formFields.find((candidate) => candidate.name === name);
    if (!field) throw new Error(`${resourceName}: import names '${name}', which its form does not have`);
    if (!IMPORT_KINDS.has(field.kind))
      throw new Error(
        `${resourceName}: import's '${name}' is a ${field.kind} field, which a cell cannot fill`,
      );
    return field;
  });
}

/** A heading as it is compared: lower case, letters and digits only ('E-mail' and 'email' are one). */
export const headingKey = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/**
 * Each column's target: the user's earlier choice for this heading on this list (`remembered`), else the key or the
 * field whose name or label (any language given) is the heading. A target takes one column, the first.
 */
export function autoMapping(
  headers: readonly string[],
  targets: ReadonlyArray<{ target: string; names: readonly string[] }>,
  remembered: Readonly<Record<string, ColumnTarget>> = {},
): ColumnTarget[] {
  const known = new Set(targets.map(({ target }) => target));
  const taken = new Set<string>();
  const take = (target: ColumnTarget): ColumnTarget => {
    if (target === null || taken.has(target) || !known.has(target)) return null;
    taken.add(target);
    return target;
  };
  // Remembered choices first (a heading the user set to nothing stays so), then the names.
  const chosen = headers.map((header) => {
    const key = headingKey(header);
    return Object.hasOwn(remembered, key) ? { decided: true, target: take(remembered[key]) } : null;
  });
  return headers.map((header, index) => {
    const decided = chosen[index];
    if (decided) return decided.target;
    const key = headingKey(header);
    const match = targets.find(
      ({ target, names }) => !taken.has(target) && names.some((name) => headingKey(name) === key),
    );
    return take(match?.target ?? null);
  });
}

/** The records a reference field names, by their name as a file writes it (lower case). */
export type ReferenceIndex = ReadonlyMap<string, ReadonlyMap<string, unknown>>;

const YES = new Set(['yes', 'ja', 'true', '1', 'y', 'j', 'x']);
const NO = new Set(['no', 'nee', 'false', '0', 'n', '']);

export interface CellTexts {
  /** An option's label (the field's namespace). */
  optionLabel(option: { value: string; label?: string; labelKey?: string }): string;
  /** 'No {field} named "{value}"'. */
  unknownReference(field: FieldDeclaration, value: string): string;
}

type Cell = { value: unknown } | { error: string };

/** One cell as the field's value. */
function cellValue(
  field: FieldDeclaration,
  text: string,
  references: ReferenceIndex,
  texts: CellTexts,
): Cell {
  const trimmed = text.trim();
  switch (field.kind) {
    case 'select': {
      const option = (field.options ?? []).find(
        (candidate) =>
          candidate.value.toLowerCase() === trimmed.toLowerCase() ||
          headingKey(texts.optionLabel(candidate)) === headingKey(trimmed),
      );
      return { value: option ? option.value : trimmed || null };
    }
    case 'reference': {
      const records = references.get(field.name) ?? new Map<string, unknown>();
      const names = field.reference?.multiple
        ? trimmed
            .split(',')
            .map((name) => name.trim())
            .filter(Boolean)
        : trimmed
          ? [trimmed]
          : [];
      const missing = names.find((name) => !records.has(name.toLowerCase()));
      if (missing !== undefined) return { error: texts.unknownReference(field, missing) };
      const ids = names.map((name) => records.get(name.toLowerCase()));
      return { value: field.reference?.multiple ? ids : (ids[0] ?? null) };
    }
    case 'switch': {
      const word = trimmed.toLowerCase();
      return { value: YES.has(word) ? true : NO.has(word) ? false : trimmed };
    }
    case 'number': {
      const number = Number(trimmed.replace(/\s/g, '').replace(',', '.'));
      return { value: trimmed === '' ? null : Number.isFinite(number) ? number : trimmed };
    }
    default:
      return { value: trimmed === '' ? null : trimmed };
  }
}

/** The key of a row: an id as a number, a name as it is; none when the cell is empty. */
function keyOf(text: string | undefined, byName: boolean): number | string | undefined {
  const trimmed = (text ?? '').trim();
  if (!trimmed) return undefined;
  return !byName && /^\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
}

export interface BuiltRows {
  rows: ImportRow[];
  /** The errors found before sending, by row index and field. */
  errors: Map<number, Record<string, string[]>>;
}

/** The file's rows as an import sends them: each row's key and the mapped fields' values. */
export function buildRows(
  table: SheetTable,
  mapping: readonly ColumnTarget[],
  fields: readonly FieldDeclaration[],
  options: { byName: boolean; references: ReferenceIndex; texts: CellTexts },
): BuiltRows {
  const errors = new Map<number, Record<string, string[]>>();
  const rows = table.rows.map((cells, index): ImportRow => {
    const values: Record<string, unknown> = {};
    let key: number | string | undefined;
    mapping.forEach((target, column) => {
      if (target === null) return;
      if (target === KEY_TARGET) {
        key = keyOf(cells[column], options.byName);
        return;
      }
      const field = fields.find((candidate) => candidate.name === target);
      if (!field) return;
      const cell = cellValue(field, cells[column] ?? '', options.references, options.texts);
      if ('error' in cell) errors.set(index, { ...errors.get(index), [field.name]: [cell.error] });
      else values[field.name] = cell.value;
    });
    return key === undefined ? { values } : { key, values };
  });
  return { rows, errors };
}

/** Where the user's column choices of a list are kept, by heading (`headingKey`). */
const storageKey = (list: string) => `portal.import-columns.${list}`;

export function rememberedMapping(list: string): Record<string, ColumnTarget> {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(storageKey(list)) ?? '{}');
    return stored && typeof stored === 'object' ? (stored as Record<string, ColumnTarget>) : {};
  } catch {
    return {};
  }
}

/** Keeps the columns' targets of this file, beside those of headings it does not have. */
export function rememberMapping(list: string, headers: readonly string[], mapping: readonly ColumnTarget[]) {
  const next = { ...rememberedMapping(list) };
  headers.forEach((header, index) => (next[headingKey(header)] = mapping[index] ?? null));
  try {
    localStorage.setItem(storageKey(list), JSON.stringify(next));
  } catch {
    // A browser that keeps nothing (private mode, full storage): the columns are matched by name next time.
  }
}
