/**
 * Jobs that check or import a large file's rows (issue 46; migration 0260_row_imports): the rows as sent, whether
 * they are written, how far the run is, and its outcome. Declared here, below the import endpoints
 * (server/http/crud/import.ts) that queue a job and save its progress, and the processing run
 * (server/processing/row-import-processing.ts) that sends the rows to them.
 */
import type { ColumnType, Generated, Selectable } from 'kysely';
import type { ImportJobStatus } from '../../shared/import';
import type { DB } from './database';

/** The processing jobs' entity name of a row import. */
export const ROW_IMPORT = 'row-import';

/** What a finished job came to: the import endpoint's answer (`data`), or its 422's errors. */
export type RowImportOutcome = { data: unknown } | { errors: Record<string, string[]> };

export interface RowImportsTable {
  id: Generated<number>;
  company_id: number;
  user_id: number;
  /** The host the job was asked on (the company's), to which its run sends the rows. */
  host: string;
  /** The import endpoint's collection (`users`, `libraries/items`). */
  collection: string;
  write: boolean;
  /** The rows as sent (`[{key?, values}]`); emptied once the job is done. */
  rows: ColumnType<unknown[], string, string>;
  language: string;
  status: ColumnType<ImportJobStatus, ImportJobStatus | undefined, ImportJobStatus>;
  rows_done: ColumnType<number, number | undefined, number>;
  rows_total: number;
  outcome: ColumnType<RowImportOutcome | null, string | null | undefined, string | null>;
  processing_attempt: ColumnType<number, number | undefined, number>;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  finished_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

declare module './schema' {
  interface Database {
    row_imports: RowImportsTable;
  }
}

export type RowImportRow = Selectable<RowImportsTable>;

/**
 * The running job of the user that `header` names (the import endpoint's call from a job's run), for the
 * collection; null when the header names none of theirs.
 */
export async function runningRowImport(
  db: DB,
  header: string | string[] | undefined,
  userId: number,
  collection: string,
): Promise<RowImportRow | null> {
  const id = typeof header === 'string' && /^\d{1,9}$/.test(header) ? Number(header) : null;
  if (id === null) return null;
  const row = await db
    .selectFrom('row_imports')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('collection', '=', collection)
    .where('status', '=', 'RUNNING')
    .executeTakeFirst();
  return row ?? null;
}

/** Saves how many of a job's rows have been checked or written (outside the import's own transaction). */
export async function saveRowImportProgress(db: DB, id: number, done: number): Promise<void> {
  await db.updateTable('row_imports').set({ rows_done: done }).where('id', '=', id).execute();
}
