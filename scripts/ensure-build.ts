/** Builds the portal when dist/ is missing or older than any source the build reads (or lacks its manifest). */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SOURCES = [
  'src',
  'shared',
  'public',
  'index.html',
  'vite.config.ts',
  'scripts/build',
  // The build's configuration reads the portal root's module from it.
  'server/portal-preloads.ts',
  'package-lock.json',
];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce(
    (newest, name) => Math.max(newest, newestMtime(join(path, name))),
    stat.mtimeMs,
  );
}

export function buildIsCurrent(root = process.cwd()): boolean {
  const index = join(root, 'dist', 'index.html');
  // The manifest (the import graph the bundle-budget test reads) came with the compressed assets.
  if (!existsSync(index) || !existsSync(join(root, 'dist', '.vite', 'manifest.json'))) return false;
  const built = statSync(index).mtimeMs;
  return SOURCES.every((source) => newestMtime(join(root, source)) <= built);
}

export function ensureBuild(root = process.cwd()): void {
  if (buildIsCurrent(root)) return;
  console.log('Building the portal (dist/ is missing or older than the sources)...');
  // A production build whoever asks (a test runner sets NODE_ENV=test, which would build React's development code).
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}
