/**
 * The server suite's global setup: migrates and seeds one database once per run, so every test server starts as a
 * copy of it (tests/server/test-server.ts) instead of running the migrations and the seed again.
 * - On PGlite: its data directory (and the files the seed stored) in a temporary folder (about six times faster
 *   than initdb, migrations and seed for each server).
 * - On PostgreSQL (TEST_DATABASE_URL): a database of its own on that server, which each test server's database
 *   is created from (`create database … template …`, a copy of its files: about 120 ms here).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase, openPglite } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { seedDemoData } from '../../server/seed/index';
import { localDiskStorage } from '../../server/storage/storage';
import { createDatabase, dropDatabase, TEST_SCHEMA, urlOfDatabase } from './test-databases';

export interface PgliteTemplate {
  /** PGlite's dump of the migrated and seeded data directory (an uncompressed tar). */
  dataDir: string;
  /** The files the seed stored (a local-disk FileStorage folder). */
  files: string;
}

export interface PostgresTemplate {
  /** The migrated and seeded database on TEST_DATABASE_URL's server (its tables in TEST_SCHEMA). */
  database: string;
  /** The files the seed stored (a local-disk FileStorage folder). */
  files: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: PgliteTemplate | null;
    postgresTemplate: PostgresTemplate | null;
  }
}

export default async function setup(project: TestProject) {
  const folder = await mkdtemp(join(tmpdir(), 'portal-server-template-'));
  const files = join(folder, 'files');
  const postgres = process.env.TEST_DATABASE_URL;
  if (postgres) {
    const template: PostgresTemplate = { database: `template_${randomBytes(6).toString('hex')}`, files };
    await createDatabase(postgres, template.database);
    const db = await openDatabase({
      databaseUrl: urlOfDatabase(postgres, template.database),
      pgliteDir: 'memory://',
      schema: TEST_SCHEMA,
    });
    try {
      await migrateToLatest(db);
      await seedDemoData(db, { storage: localDiskStorage(files) });
    } finally {
      await db.destroy();
    }
    project.provide('pgliteTemplate', null);
    project.provide('postgresTemplate', template);
    return async () => {
      await dropDatabase(postgres, template.database);
      await rm(folder, { recursive: true, force: true });
    };
  }
  const template: PgliteTemplate = { dataDir: join(folder, 'pgdata.tar'), files };
  const { db, pglite } = await openPglite({ pgliteDir: 'memory://' });
  try {
    await migrateToLatest(db);
    await seedDemoData(db, { storage: localDiskStorage(files) });
    const dump = await pglite.dumpDataDir('none');
    await writeFile(template.dataDir, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await db.destroy();
  }
  project.provide('pgliteTemplate', template);
  project.provide('postgresTemplate', null);
  return () => rm(folder, { recursive: true, force: true });
}
