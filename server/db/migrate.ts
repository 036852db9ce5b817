/**
 * Versioned migrations: the files of ./migrations (a new file per schema change, named `NNNN_what.ts`; never edit a
 * landed one), found by their folder, applied in name order and recorded by Kysely's Migrator. Found here rather
 * than by Kysely's FileMigrationProvider, whose `import()` inside node_modules bypasses the TypeScript loader of
 * the test runner (vitest's global setup migrates the template database).
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import { databaseEngine, type DB } from './database';

const MIGRATIONS = join(import.meta.dirname, 'migrations');
const MIGRATION_FILE = /^\d{4}_[a-z0-9_]+\.ts$/;

const provider: MigrationProvider = {
  async getMigrations(): Promise<Record<string, Migration>> {
    const files = (await readdir(MIGRATIONS)).filter((file) => MIGRATION_FILE.test(file));
    const found: Record<string, Migration> = {};
    for (const file of files) {
      const migration = (await import(pathToFileURL(join(MIGRATIONS, file)).href)) as Partial<Migration>;
      if (typeof migration.up !== 'function')
        throw new Error(`server/db/migrations/${file}: no up() exported`);
      found[file.slice(0, -'.ts'.length)] = migration as Migration;
    }
    return found;
  },
};

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

/**
 * PostgreSQL's answers when a table or schema named in the catalog a moment ago is gone: Kysely's migrator reads
 * every schema's tables before it runs (see withSchemaChangeLock), and a schema changed by something that does not
 * take the lock (pg-boss creating its own, another tool, a person at psql) can move between its two reads.
 */
const CATALOG_MOVED = new Set(['42P01', '3F000']);
const MIGRATION_ATTEMPTS = 3;

export async function migrateToLatest(db: DB): Promise<void> {
  // Pinned to the current schema: unpinned, Kysely finds another schema's lock table (parallel tests on one server).
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const migrator = new Migrator({ db, provider, migrationTableSchema: rows[0].schema });
  for (let attempt = 1; ; attempt += 1) {
    const { error, results } = await withSchemaChangeLock(db, () => migrator.migrateToLatest());
    const failed = results?.find((result) => result.status === 'Error');
    if (!error && !failed) return;
    // Before any migration ran (none failed), the catalog moved under the migrator's reading: read it again.
    const code = (error as { code?: unknown } | undefined)?.code;
    if (!failed && typeof code === 'string' && CATALOG_MOVED.has(code) && attempt < MIGRATION_ATTEMPTS)
      continue;
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
