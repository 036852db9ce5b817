/**
 * Versioned migrations, the files of ./migrations found by Kysely's FileMigrationProvider (a new file per schema
 * change, named `NNNN_what.ts`; never edit a landed one), applied in name order and recorded by its Migrator.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { FileMigrationProvider, Migrator, sql } from 'kysely';
import { databaseEngine, type DB } from './database';

const provider = new FileMigrationProvider({
  fs,
  path,
  migrationFolder: path.join(import.meta.dirname, 'migrations'),
});

/** The advisory lock that keeps schema changes on one PostgreSQL database one at a time (any constant will do). */
const SCHEMA_CHANGE_LOCK = 7_340_029;

/**
 * Runs `work` while no other schema change runs on the database: on a PostgreSQL server, under a session
 * advisory lock held on a connection of its own; on PGlite (one connection, one process) as it is. Kysely's
 * migrator looks at the tables of every schema (its introspection calls `pg_get_serial_sequence` on each), which
 * fails with 'schema … does not exist' when another schema is dropped meanwhile: parallel test servers drop theirs
 * when they close (tests/server/test-server.ts), and processes of one deployment migrate as they start.
 */
export async function withSchemaChangeLock<T>(db: DB, work: () => Promise<T>): Promise<T> {
  if (databaseEngine(db) !== 'postgresql') return work();
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${sql.lit(SCHEMA_CHANGE_LOCK)})`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${sql.lit(SCHEMA_CHANGE_LOCK)})`.execute(connection);
    }
  });
}

export async function migrateToLatest(db: DB): Promise<void> {
  // Pinned to the current schema: unpinned, Kysely finds another schema's lock table (parallel tests on one server).
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const migrator = new Migrator({ db, provider, migrationTableSchema: rows[0].schema });
  const { error, results } = await withSchemaChangeLock(db, () => migrator.migrateToLatest());
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
