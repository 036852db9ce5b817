/** Opens the database, migrates, seeds when asked and builds the app: shared by `npm start` and the tests. */
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import type { ServerConfig } from './config';
import { type DB, openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { purgeExpiredTrash, schedulePurge } from './db/retention';
import { seedDemoData } from './db/seed/index';
import { ModelProcessor } from './processing/processor';
import { pusherBroadcaster } from './realtime/broadcaster';
import { withPushSecret } from './realtime/push-secret';
import { localDiskStorage } from './storage/storage';

export interface RunningServer {
  app: FastifyInstance;
  db: DB;
  config: ServerConfig;
  close(): Promise<void>;
}

export async function createServer(
  configured: ServerConfig,
  options: { schema?: string } = {},
): Promise<RunningServer> {
  const config = await withPushSecret(configured);
  const db = await openDatabase({ ...config, schema: options.schema });
  await migrateToLatest(db);
  if (config.seed) await seedDemoData(db);
  await purgeExpiredTrash(db);
  let port = config.port;
  const broadcaster = pusherBroadcaster(config, () => port);
  const storage = localDiskStorage(config.storageDir);
  const processor = new ModelProcessor({ db, storage, ...config.processing });
  const app = await buildApp({ config, db, broadcaster, storage, processor });
  const stopPurging = schedulePurge(db, (error) =>
    app.log.error({ err: error }, 'Purging expired trash failed'),
  );
  app.addHook('onListen', async () => {
    const address = app.server.address();
    if (typeof address === 'object' && address) port = address.port;
    // Once the port is known: the processor publishes through the built-in push service.
    await processor.start(app);
  });
  return {
    app,
    db,
    config,
    async close() {
      stopPurging();
      await processor.stop();
      await app.close();
      await db.destroy();
    },
  };
}
