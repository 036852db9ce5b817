/**
 * `npm run worker`: a processing worker without HTTP, for deployments on PostgreSQL (DATABASE_URL) that run
 * workers apart from the API processes. It takes jobs from the shared pg-boss queue and publishes their events
 * through the push service named by PUSHER_HOST/PUSHER_PORT (an API process's built-in one, or Soketi, Reverb or
 * Pusher Channels).
 */
// First: sizes the thread pool before anything uses it.
import './thread-pool';
import { loadConfig } from './config';
import { createServer } from './server';

const config = loadConfig();
if (!config.databaseUrl || !config.pusher.host) {
  console.error(
    'npm run worker needs DATABASE_URL (the shared job queue) and PUSHER_HOST (where events go).',
  );
  process.exit(1);
}
const server = await createServer({ ...config, seed: false, processingWorker: true });
await server.app.ready();
await server.app.ctx.processor.start(server.app);
console.log(`Processing worker running (${config.processing.concurrency} at a time).`);

const stop = async () => {
  await server.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
