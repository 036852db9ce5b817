/**
 * Runs `work` in a transaction: a new one, or the one `db` already is. A write that opens its own transaction
 * (an entity's create or update hook) then also runs as one step of a larger one: an import writes every row of a
 * file in a single transaction (server/http/crud/import.ts), which Kysely cannot nest.
 */
import type { DB } from './database';

export function inTransaction<T>(db: DB, work: (trx: DB) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
