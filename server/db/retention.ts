/**
 * Soft delete with a retention (shared/trash.ts): a deleted row stays restorable (and listed with `trashed=1`) for
 * TRASH_RETENTION_DAYS, after which the purge removes it for good. Which tables the recycling bin covers is what
 * the entity declarations say (`softDelete`); the purge of their tables is server/domain/trash-purge.ts.
 */
import { sql } from 'kysely';
import { TRASH_RETENTION_DAYS } from '../../shared/trash';
import type { DB } from './database';
import type { Database } from './schema';

/** A table whose rows can go to the recycling bin: a company's rows with a `deleted_at` column. */
export type SoftDeleteTable = {
  [T in keyof Database]: Database[T] extends { company_id: number; deleted_at: unknown } ? T : never;
}[keyof Database];

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
 * The tables with every table that references another of them (a foreign key, found in the catalogue) before it:
 * children before parents, so a row is purged (and counted) before its parent's purge could cascade to it, and a
 * foreign key never blocks a purge. Otherwise in the given order.
 */
async function childrenFirst(db: DB, tables: readonly SoftDeleteTable[]): Promise<SoftDeleteTable[]> {
  if (tables.length < 2) return [...tables];
  const names = sql.join(tables.map((table) => sql`(${table}::text)`));
  const { rows } = await sql<{ child: SoftDeleteTable; parent: SoftDeleteTable }>`
    with candidate (name) as (values ${names})
    select distinct child.name as child, parent.name as parent
    from candidate child
    join candidate parent on parent.name <> child.name
    join pg_constraint reference on reference.contype = 'f'
      and reference.conrelid = to_regclass(child.name) and reference.confrelid = to_regclass(parent.name)
  `.execute(db);
  const ordered: SoftDeleteTable[] = [];
  const pending = [...tables];
  while (pending.length) {
    // A table whose children (still pending) all went before it; in a loop of references, the first one left.
    const next =
      pending.find((table) => !rows.some((row) => row.parent === table && pending.includes(row.child))) ??
      pending[0];
    ordered.push(next);
    pending.splice(pending.indexOf(next), 1);
  }
  return ordered;
}

/** What else a purge does in its transaction: told the rows of each table before they go, then that all went. */
export interface PurgeWatcher {
  before(trx: DB, table: SoftDeleteTable, ids: number[]): Promise<void>;
  after(trx: DB): Promise<void>;
}

/**
 * Deletes the rows of these tables that were soft-deleted more than the retention before `now` (the clock,
 * injectable for tests), in one transaction (`watcher` told of them); returns how many per table.
 */
export async function purgeExpiredRows(
  db: DB,
  tables: readonly SoftDeleteTable[],
  now: Date = new Date(),
  watcher?: PurgeWatcher,
): Promise<Record<string, number>> {
  const purged: Record<string, number> = {};
  await db.transaction().execute(async (trx) => {
    for (const table of await childrenFirst(trx, tables)) {
      const { rows } = await sql<{ id: number }>`
        select id from ${sql.table(table)}
        where deleted_at is not null
          and deleted_at <= ${now}::timestamptz - make_interval(days => ${TRASH_RETENTION_DAYS})
        for update
      `.execute(trx);
      const ids = rows.map((row) => row.id);
      if (ids.length) {
        await watcher?.before(trx, table, ids);
        await sql`delete from ${sql.table(table)} where id = any(${ids}::int[])`.execute(trx);
      }
      purged[table] = ids.length;
    }
    await watcher?.after(trx);
  });
  return purged;
}
