/**
 * Soft delete with a 30-day retention: a deleted row stays restorable (and listed with `trashed=1`) for
 * TRASH_RETENTION_DAYS, after which `purgeExpiredTrash` removes it for good. Tables with a `deleted_at`
 * column that the recycling bin covers are listed in SOFT_DELETE_TABLES (append new ones there).
 */
import { sql } from 'kysely';
import type { DB } from './database';
import type { Database } from './schema';

export const TRASH_RETENTION_DAYS = 30;

/** Children before parents, so foreign keys never block a purge. */
export const SOFT_DELETE_TABLES = [
  'library_items',
  'materials',
  'material_categories',
  'project_models',
  'libraries',
  'projects',
] as const satisfies ReadonlyArray<keyof Database>;
export type SoftDeleteTable = (typeof SOFT_DELETE_TABLES)[number];

/** Moves a live row of the company to the recycling bin; false when there is no such live row. */
export async function softDelete(
  db: DB,
  table: SoftDeleteTable,
  companyId: number,
  id: number,
): Promise<boolean> {
  const result = await sql`
    update ${sql.table(table)} set deleted_at = now()
    where id = ${id} and company_id = ${companyId} and deleted_at is null
  `.execute(db);
  return Number(result.numAffectedRows ?? 0) > 0;
}

/** Brings a row of the company back from the recycling bin; false when it is not there (or past retention). */
export async function restore(
  db: DB,
  table: SoftDeleteTable,
  companyId: number,
  id: number,
): Promise<boolean> {
  const result = await sql`
    update ${sql.table(table)} set deleted_at = null
    where id = ${id} and company_id = ${companyId} and deleted_at is not null
      and deleted_at > now() - make_interval(days => ${TRASH_RETENTION_DAYS})
  `.execute(db);
  return Number(result.numAffectedRows ?? 0) > 0;
}

/**
 * Deletes rows that were soft-deleted more than the retention before `now` (the clock, injectable for tests);
 * returns how many per table.
 */
export async function purgeExpiredTrash(db: DB, now: Date = new Date()): Promise<Record<string, number>> {
  const purged: Record<string, number> = {};
  await db.transaction().execute(async (trx) => {
    for (const table of SOFT_DELETE_TABLES) {
      const result = await sql`
        delete from ${sql.table(table)}
        where deleted_at is not null
          and deleted_at <= ${now}::timestamptz - make_interval(days => ${TRASH_RETENTION_DAYS})
      `.execute(trx);
      purged[table] = Number(result.numAffectedRows ?? 0);
    }
  });
  return purged;
}

/** Purges every hour while the server runs (`clock` tells the time); returns a function that stops it. */
export function schedulePurge(
  db: DB,
  onError: (error: unknown) => void,
  clock: () => Date = () => new Date(),
): () => void {
  const run = () => purgeExpiredTrash(db, clock()).catch(onError);
  const timer = setInterval(run, 60 * 60 * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
