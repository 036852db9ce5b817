/**
 * The end-to-end run's global setup (playwright.config.ts): a folder of the run's own under the system's temporary
 * folder, holding what every worker's contract server (./worker-server.ts) shares, made once per run and side by
 * side:
 * - the portal's production build (`vite build`), or the one named by E2E_PORTAL_DIR;
 * - the migrated and seeded database as a PGlite template (the dump of its data directory, as the server tests'
 *   tests/server/database-template.ts makes it) and the files the seed stored, so a server starts as a copy of
 *   them instead of running initdb, the migrations and the seed.
 * The folder is named to the workers in E2E_RUN_DIR and removed when the run ends. Runs of other engineers on the
 * same machine each have their own folder and their servers their own ports.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openPglite } from '../../../server/db/database';
import { migrateToLatest } from '../../../server/db/migrate';
import { seedDemoData } from '../../../server/seed/index';
import { localDiskStorage } from '../../../server/storage/storage';
import { runFolders } from './run-folder';

function buildPortal(outDir: string): Promise<void> {
  return new Promise((done, fail) => {
    const build = spawn('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    build.on('error', fail);
    build.on('close', (code) =>
      code === 0 ? done() : fail(new Error(`vite build of the portal ended with exit code ${code}`)),
    );
  });
}

async function makeTemplate(dataDir: string, files: string): Promise<void> {
  const { db, pglite } = await openPglite({ pgliteDir: 'memory://' });
  try {
    await migrateToLatest(db);
    await seedDemoData(db, { storage: localDiskStorage(files) });
    const dump = await pglite.dumpDataDir('none');
    await writeFile(dataDir, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await db.destroy();
  }
}

/** Removes the output folders (test-results/run-<pid>, playwright.config.ts) of runs whose runner has ended. */
async function removeEndedRunOutputs(): Promise<void> {
  const folders = await readdir('test-results').catch(() => [] as string[]);
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === 'EPERM';
    }
  };
  await Promise.all(
    folders
      .map((name) => /^run-(\d+)$/.exec(name))
      .filter((match): match is RegExpExecArray => !!match && !alive(Number(match[1])))
      .map((match) => rm(join('test-results', match[0]), { recursive: true, force: true })),
  );
}

export default async function globalSetup() {
  await removeEndedRunOutputs();
  const folder = await mkdtemp(join(tmpdir(), 'portal-e2e-'));
  process.env.E2E_RUN_DIR = folder;
  const given = process.env.E2E_PORTAL_DIR;
  if (given) process.env.E2E_PORTAL_DIR = resolve(given);
  const run = runFolders();
  const started = Date.now();
  await Promise.all([
    given ? Promise.resolve() : buildPortal(run.portal),
    makeTemplate(run.templateDataDir, run.templateFiles),
  ]);
  console.log(
    `e2e: ${given ? `portal from ${given}` : 'portal built'} and database template made in ` +
      `${((Date.now() - started) / 1000).toFixed(1)} s (${folder})`,
  );
  return () => rm(folder, { recursive: true, force: true });
}
