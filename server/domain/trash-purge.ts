/**
 * The recycling bin's purge: the rows of every entity whose deletes go to the bin (`softDelete` on its
 * declaration) that were deleted more than the retention ago go for good, when the server starts and every hour.
 * Their stored files go with them once the purge has committed: the files their own columns name and those of the
 * rows that go with them by a foreign key (a model's kept versions, issue 45), unless another row still names one.
 */
import { sql } from 'kysely';
import type { DB } from '../db/database';
import { type PurgeWatcher, purgeExpiredRows, type SoftDeleteTable } from '../db/retention';
import type { RegistrableEntity } from '../http/crud/declared-entity';
import type { FileStorage } from '../storage/storage';
import { isStoredKey, storedFileColumns, unreferencedKeys } from './admin-companies-files';

/** The tables of the declarations (the app's `ctx.entities`) that say `softDelete`. */
export function softDeleteTables(entities: readonly RegistrableEntity[]): SoftDeleteTable[] {
  // A soft-deleting declaration's table has company_id and deleted_at (the purge fails loudly otherwise).
  return [
    ...new Set(
      entities.filter((entity) => entity.softDelete).map((entity) => entity.table as SoftDeleteTable),
    ),
  ];
}

/**
 * Deletes the rows soft-deleted more than the retention before `now` (the clock, injectable for tests); returns how
 * many per table.
 */
export async function purgeExpiredTrash(
  db: DB,
  entities: readonly RegistrableEntity[],
  now: Date = new Date(),
  storage?: FileStorage,
): Promise<Record<string, number>> {
  const files = storage ? purgedFiles(entities) : undefined;
  const purged = await purgeExpiredRows(db, softDeleteTables(entities), now, files?.watcher);
  if (storage && files)
    await Promise.all(files.gone().map((key) => storage.delete(key).catch(() => undefined)));
  return purged;
}

/** The columns of other tables that name rows of `table` by a foreign key (the catalogue's). */
async function referencesTo(trx: DB, table: string) {
  const { rows } = await sql<{ child: string; column: string }>`
    select reference.conrelid::regclass::text as child, attribute.attname as column
    from pg_constraint reference
    join pg_attribute attribute
      on attribute.attrelid = reference.conrelid and attribute.attnum = reference.conkey[1]
    where reference.contype = 'f' and reference.confrelid = to_regclass(${table})
      and array_length(reference.conkey, 1) = 1
  `.execute(trx);
  return rows;
}

/** Collects the stored files of the rows a purge removes (`watcher`); `gone`: those no row names any more. */
function purgedFiles(entities: readonly RegistrableEntity[]) {
  const columns = storedFileColumns(entities);
  const keys = new Set<string>();
  let gone: string[] = [];
  const collect = async (trx: DB, table: string, column: string, where: string, ids: number[]) => {
    const { rows } = await sql<{ key: string | null }>`
      select ${sql.ref(column)} as key from ${sql.table(table)} where ${sql.ref(where)} = any(${ids}::int[])
    `.execute(trx);
    for (const { key } of rows) if (key && isStoredKey(key)) keys.add(key);
  };
  const watcher: PurgeWatcher = {
    async before(trx, table, ids) {
      for (const column of columns.get(table) ?? []) await collect(trx, table, column, 'id', ids);
      for (const reference of await referencesTo(trx, table))
        for (const column of columns.get(reference.child) ?? [])
          await collect(trx, reference.child, column, reference.column, ids);
    },
    async after(trx) {
      gone = await unreferencedKeys(trx, entities, [...keys]);
    },
  };
  return { watcher, gone: () => gone };
}

/** Purges every hour while the server runs (`clock` tells the time), files too; returns a function that stops it. */
export function schedulePurge(
  db: DB,
  entities: readonly RegistrableEntity[],
  storage: FileStorage,
  onError: (error: unknown) => void,
  clock: () => Date = () => new Date(),
): () => void {
  const run = () => purgeExpiredTrash(db, entities, clock(), storage).catch(onError);
  const timer = setInterval(run, 60 * 60 * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
