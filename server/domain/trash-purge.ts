/**
 * The recycling bin's purge: the rows of every entity whose deletes go to the bin (`softDelete` on its
 * declaration) that were deleted more than the retention ago go for good, when the server starts and every hour.
 */
import type { DB } from '../db/database';
import { purgeExpiredRows, type SoftDeleteTable } from '../db/retention';
import type { RegistrableEntity } from '../http/crud/declared-entity';

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
): Promise<Record<string, number>> {
  return purgeExpiredRows(db, softDeleteTables(entities), now);
}

/** Purges every hour while the server runs (`clock` tells the time); returns a function that stops it. */
export function schedulePurge(
  db: DB,
  entities: readonly RegistrableEntity[],
  onError: (error: unknown) => void,
  clock: () => Date = () => new Date(),
): () => void {
  const run = () => purgeExpiredTrash(db, entities, clock()).catch(onError);
  const timer = setInterval(run, 60 * 60 * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
