/**
 * One end-to-end worker's contract server, in a process of its own (started by ./worker-server.ts): the
 * configuration from the environment as `npm run server` reads it, the database a copy of the run's seeded
 * template (E2E_PGLITE_TEMPLATE, with the seed's files from E2E_TEMPLATE_FILES copied into STORAGE_DIR), on a free
 * port it reports to its parent. It ends when its parent does (the IPC channel closes).
 */
// First: sizes the thread pool before anything uses it (as server/main.ts does).
import '../../../server/thread-pool';
import { cp, readFile } from 'node:fs/promises';
import { loadConfig } from '../../../server/config';
import { InProcessQueue } from '../../../server/processing/processor';
import { createServer } from '../../../server/server';

const template = process.env.E2E_PGLITE_TEMPLATE;
const templateFiles = process.env.E2E_TEMPLATE_FILES;
if (!template || !templateFiles || !process.send) {
  throw new Error('server-process.ts is started by tests/e2e/support/worker-server.ts');
}

const config = loadConfig();
await cp(templateFiles, config.storageDir, { recursive: true });
const server = await createServer(
  { ...config, seed: false },
  { pgliteTemplate: new Blob([await readFile(template)]) },
);
await server.app.listen({ port: 0, host: config.host });
const address = server.app.server.address();

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await server.close().catch(() => undefined);
  process.exit(0);
};
process.on('disconnect', stop);
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

// The parent holds and releases the processing (./worker-server.ts `holdProcessing`), and is told once it is done.
process.on('message', (message: unknown) => {
  const queue = server.app.ctx.processor;
  if (
    !(queue instanceof InProcessQueue) ||
    (message !== 'hold-processing' && message !== 'release-processing')
  )
    return;
  if (message === 'hold-processing') queue.hold();
  else queue.release();
  process.send?.({ done: message });
});

// A parent that has already gone (its worker stopped while this server started) gets no answer.
process.send({ port: typeof address === 'object' && address ? address.port : 0 }, (error) => {
  if (error) void stop();
});
