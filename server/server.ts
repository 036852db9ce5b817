/** Opens the database, migrates, seeds when asked and builds the app: shared by `npm start` and the tests. */
import type { FastifyInstance } from 'fastify';
import { purgeExpiredTrash, schedulePurge } from './domain/trash-purge';
import { buildApp } from './app';
import { declaredEntities } from './api/index';
import type { ServerConfig } from './config';
import { type DatabaseOptions, type DB, openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { analyzeTables, scheduleAnalyze } from './db/statistics';
import { seedDemoData } from './seed/index';
import { attachDemoFiles } from './seed/demo-files';
import { PgBossQueue } from './processing/pg-boss-queue';
import { InProcessQueue, type ProcessingQueue } from './processing/processor';
import { declaredProcessables } from './processing/processables';
import { pusherBroadcaster } from './realtime/broadcaster';
import { withPushSecret } from './realtime/push-secret';
import { UPLOAD_LIFETIME_MS, uploadDirectory } from './uploads/incoming-uploads';
import { s3Storage } from './storage/s3';
import { type FileStorage, localDiskStorage } from './storage/storage';
import { diskUploadStore, s3UploadStore } from './uploads/upload-store';

export interface RunningServer {
  app: FastifyInstance;
  db: DB;
  config: ServerConfig;
  close(): Promise<void>;
}

/** pg-boss on PostgreSQL (shared by every process), the in-process queue on the embedded database. */
async function processingQueue(
  config: ServerConfig,
  db: DB,
  storage: FileStorage,
  schema?: string,
): Promise<ProcessingQueue> {
  const { stepMs, concurrency, modelReading, warmProcess } = config.processing;
  const processables = await declaredProcessables();
  if (!config.databaseUrl)
    return new InProcessQueue({ db, storage, stepMs, concurrency, modelReading, warmProcess, processables });
  return new PgBossQueue({
    db,
    storage,
    stepMs,
    concurrency,
    modelReading,
    warmProcess,
    processables,
    work: config.processingWorker,
    databaseUrl: config.databaseUrl,
    // A test's private schema keeps its jobs next to it.
    schema: schema ? `${schema}_jobs` : config.jobQueueSchema,
  });
}

export async function createServer(
  configured: ServerConfig,
  options: Pick<DatabaseOptions, 'schema' | 'pgliteTemplate' | 'onStatement'> = {},
): Promise<RunningServer> {
  const config = await withPushSecret(configured);
  const db = await openDatabase({ ...config, ...options });
  await migrateToLatest(db);
  const storage = config.s3 ? s3Storage(config.s3) : localDiskStorage(config.storageDir);
  if (config.seed) await seedDemoData(db, { storage });
  const entities = await declaredEntities();
  await purgeExpiredTrash(db, entities, new Date(), storage);
  const embedded = !config.databaseUrl;
  await analyzeTables(db, embedded ? 'all' : 'never-analyzed');
  let port = config.port;
  const broadcaster = pusherBroadcaster(config, () => port);
  const uploads = config.s3
    ? s3UploadStore(config.s3, UPLOAD_LIFETIME_MS)
    : diskUploadStore(uploadDirectory(config), UPLOAD_LIFETIME_MS);
  const processor = await processingQueue(config, db, storage, options.schema);
  const app = await buildApp({ config, db, broadcaster, storage, uploads, processor, entities });
  const stopPurging = schedulePurge(db, entities, storage, (error) =>
    app.log.error({ err: error }, 'Purging expired trash failed'),
  );
  const stopAnalyzing = embedded
    ? scheduleAnalyze(db, (error) => app.log.error({ err: error }, 'Analyzing the tables failed'))
    : () => undefined;
  app.addHook('onListen', async () => {
    const address = app.server.address();
    if (typeof address === 'object' && address) port = address.port;
    // Once the port is known: the processor publishes through the built-in push service.
    await processor.start(app);
    // In the background: the start does not wait for the demo's files.
    if (config.demoFiles && config.processingWorker)
      void attachDemoFiles(app).catch((error: unknown) =>
        app.log.error({ err: error }, 'Giving the demo data its files failed'),
      );
  });
  return {
    app,
    db,
    config,
    async close() {
      stopPurging();
      stopAnalyzing();
      await processor.stop();
      await app.close();
      await db.destroy();
    },
  };
}
