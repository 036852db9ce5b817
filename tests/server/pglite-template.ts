/**
 * The server suite's global setup on the embedded database: migrates and seeds one PGlite database once per run
 * and keeps its data directory (and the files the seed stored) in a temporary folder, so every test server starts
 * as a copy of it (tests/server/test-server.ts) instead of running initdb, the migrations and the seed again
 * (about six times faster on these machines). On PostgreSQL (TEST_DATABASE_URL) each server migrates and seeds a
 * schema of its own, as before.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { seedDemoData } from '../../server/seed/index';
import { localDiskStorage } from '../../server/storage/storage';

export interface PgliteTemplate {
  /** PGlite's dump of the migrated and seeded data directory (an uncompressed tar). */
  dataDir: string;
  /** The files the seed stored (a local-disk FileStorage folder). */
  files: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: PgliteTemplate | null;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteTemplate', null);
    return;
  }
  const folder = await mkdtemp(join(tmpdir(), 'portal-server-template-'));
  const template: PgliteTemplate = { dataDir: join(folder, 'pgdata.tar'), files: join(folder, 'files') };
  const { db, pglite } = await openPglite({ pgliteDir: 'memory://' });
  try {
    await migrateToLatest(db);
    await seedDemoData(db, { storage: localDiskStorage(template.files) });
    const dump = await pglite.dumpDataDir('none');
    await writeFile(template.dataDir, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await db.destroy();
  }
  project.provide('pgliteTemplate', template);
  return () => rm(folder, { recursive: true, force: true });
}
