/** The places in the run's folder (E2E_RUN_DIR, made by ./global-setup.ts) shared by its workers. */
import { join } from 'node:path';

export function runFolders() {
  const folder = process.env.E2E_RUN_DIR;
  if (!folder) throw new Error('E2E_RUN_DIR is not set: run the end-to-end tests with `npx playwright test`');
  return {
    folder,
    /** The portal's build: E2E_PORTAL_DIR when given, else the run's own. */
    portal: process.env.E2E_PORTAL_DIR ?? join(folder, 'portal'),
    /** PGlite's dump of the migrated and seeded data directory (an uncompressed tar). */
    templateDataDir: join(folder, 'pgdata.tar'),
    /** The files the seed stored (a local-disk FileStorage folder), copied into each server's storage. */
    templateFiles: join(folder, 'template-files'),
    /** A worker server's stored files. */
    storage: (workerIndex: number) => join(folder, `files-${workerIndex}`),
    /** The light components' page (./ui-harness.ts). */
    uiHarness: join(folder, 'ui-harness'),
  };
}
