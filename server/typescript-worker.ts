/**
 * Starts a worker thread on a TypeScript module. The server runs under tsx, whose loader a worker thread does not
 * inherit: the worker first registers tsx's ESM hooks for itself, then imports the module. Works the same under
 * `tsx` (npm start, the scripts) and under vitest (the server tests).
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/** tsx's ESM API, found through its package's exports (vitest's module runner has no `import.meta.resolve`). */
const TSX_API = (() => {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve('tsx/package.json');
  const { exports } = require(manifest) as { exports: Record<string, { import?: { default?: string } }> };
  return pathToFileURL(join(dirname(manifest), exports['./esm/api'].import!.default!)).href;
})();

export function startTypeScriptWorker(
  module: URL,
  options: Pick<WorkerOptions, 'workerData' | 'name' | 'resourceLimits'> = {},
): Worker {
  const entry = `import(${JSON.stringify(TSX_API)}).then(({ register }) => { register(); return import(${JSON.stringify(module.href)}); });`;
  return new Worker(entry, { ...options, eval: true });
}
