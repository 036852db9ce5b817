/** Opens the database, migrates, seeds when asked and builds the app: shared by `npm start` and the tests. */
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import type { ServerConfig } from './config';
import { type DB, openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { seedDemoData } from './db/seed/index';
import { pusherBroadcaster } from './realtime/broadcaster';

export interface RunningServer {
  app: FastifyInstance;
  db: DB;
  config: ServerConfig;
  close(): Promise<void>;
}

export async function createServer(config: ServerConfig, options: { schema?: string } = {}): Promise<RunningServer> {
  const db = await openDatabase({ ...config, schema: options.schema });
  await migrateToLatest(db);
  if (config.seed) await seedDemoData(db);
  let port = config.port;
  const broadcaster = pusherBroadcaster(config, () => port);
  const app = await buildApp({ config, db, broadcaster });
  app.addHook('onListen', async () => {
    const address = app.server.address();
    if (typeof address === 'object' && address) port = address.port;
  });
  return {
    app,
    db,
    config,
    async close() {
      await app.close();
      await db.destroy();
    },
  };
}
