/**
 * A list's import from a spreadsheet (issue 46): what an entity lets a CSV or XLSX file set, and the calls that
 * check and write its rows. Declared once per entity in its `*-values.ts` (`USER_IMPORT`), read by the server's
 * import endpoints (server/http/crud/import.ts) and by the portal's Import dialog (src/pages/list/import/).
 *
 * - `POST /{collection}/import-rows/preview` checks every row as the entity's create or update form would, inside a
 *   transaction it then rolls back, and answers how many rows would be created and changed and every row's
 *   errors (`{row, errors: {field: [message]}}`, the form's 422 messages).
 * - `POST /{collection}/import-rows` writes the rows in one transaction: every one, or none (422, the errors keyed
 *   `rows.{n}.{field}`).
 *
 * A row with a `key` (the export's first column: the record's id, or its name where the entity is keyed by name)
 * changes that record; a row without one creates a record, where the entity allows it.
 */

export interface ImportDeclaration {
  /** The input fields a file may set, in the order the template lists them (form fields of the entity). */
  fields: readonly string[];
  /** Whether a row without a key creates a record (false: the file changes existing records only). */
  create: boolean;
}

/** The most rows one import takes (a larger file is refused before anything is sent). */
export const IMPORT_LIMIT = 1000;

/** One row of a file as sent: the record it changes (none: a new one) and the values of the mapped columns. */
export interface ImportRow {
  key?: number | string;
  values: Record<string, unknown>;
}

/** A row that cannot be imported: its index in the rows sent, and the messages per field (`key` for the key). */
export interface ImportRowErrors {
  row: number;
  errors: Record<string, string[]>;
}

/** What a preview answers (`data`). */
export interface ImportPreview {
  create: number;
  update: number;
  failed: ImportRowErrors[];
}

/** What an import answers (`data`). */
export interface ImportResult {
  created: number;
  updated: number;
}

/** The error key of a row's field in an import's 422 (`rows.3.email`). */
export const importErrorKey = (row: number, field: string) => `rows.${row}.${field}`;

/** The rows' errors of an import's 422 (`{'rows.3.email': [...]}`), row by row. */
export function importRowErrors(errors: Record<string, string[]>): ImportRowErrors[] {
  const rows = new Map<number, Record<string, string[]>>();
  for (const [key, messages] of Object.entries(errors)) {
    const match = /^rows\.(\d+)\.(.+)$/.exec(key);
    if (!match) continue;
    const row = Number(match[1]);
    rows.set(row, { ...rows.get(row), [match[2]]: messages });
  }
  return [...rows].sort(([a], [b]) => a - b).map(([row, fieldErrors]) => ({ row, errors: fieldErrors }));
}

/**
 * The most rows one file may hold: a file of more than `IMPORT_LIMIT` rows is checked and imported as a job
 * (`POST /{collection}/import-jobs`, `GET /import-jobs/{id}`), still every row or none.
 */
export const IMPORT_JOB_MAX = 20_000;

/** The request header with which a job's run names the job whose rows it sends (its progress is saved there). */
export const IMPORT_JOB_HEADER = 'x-import-job';

export type ImportJobStatus = 'QUEUED' | 'RUNNING' | 'FINISHED' | 'FAILED';

/** A job checking or importing a large file's rows, as `GET /import-jobs/{id}` answers it. */
export interface ImportJob {
  id: number;
  /** Whether the job imports the rows (false: it checks them, as a preview). */
  write: boolean;
  status: ImportJobStatus;
  rows_done: number;
  rows_total: number;
  /** When FINISHED: the preview's answer (a check), or the import's (written). */
  preview: ImportPreview | null;
  result: ImportResult | null;
  /** When FINISHED without writing: the 422's errors of an import (keyed `rows.{n}.{field}`). */
  errors: Record<string, string[]> | null;
}
