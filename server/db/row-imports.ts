/**
 * Jobs that check or import a large file's rows (issue 46; migration 0260_row_imports): the rows as sent, whether
 * they are written, how far the run is, and its outcome. Its table type is in schema.ts; its row and queries are here, below the import endpoints
 * (server/http/crud/import.ts) that queue a job and save its progress, and the processing run
 * (server/processing/row-import-processing.ts) that sends the rows to them.
 */
import type { Selectable } from 'kysely';
import type { DB } from './database';
import type { RowImportsTable } from './schema';

/** The processing jobs' entity name of a row import. */
export const ROW_IMPORT = 'row-import';

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
