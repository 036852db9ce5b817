/** `npm run db:reset`: drops everything, migrates and seeds the demo fixture again. */
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { s3Storage } from '../storage/s3';
import { localDiskStorage } from '../storage/storage';
import { dropEverything, seedDemoData } from './index';

const config = loadConfig();
const db = await openDatabase(config);
await dropEverything(db);
await migrateToLatest(db);
const storage = config.s3 ? s3Storage(config.s3) : localDiskStorage(config.storageDir);
const areas = await seedDemoData(db, { storage });
await db.destroy();
console.log(`Database recreated; seeded: ${areas.join(', ')}`);
