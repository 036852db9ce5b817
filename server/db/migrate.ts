/** Versioned migrations (./migrations/index.ts), applied in name order and recorded by Kysely's Migrator. */
import { type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import type { DB } from './database';
import { migrations } from './migrations/index';

const provider: MigrationProvider = {
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations;
  },
};

export async function migrateToLatest(db: DB): Promise<void> {
  // Pinned to the current schema: unpinned, Kysely finds another schema's lock table (parallel tests on one server).
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const migrator = new Migrator({ db, provider, migrationTableSchema: rows[0].schema });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
