/** `npm run db:reset`: drops everything, migrates and seeds the demo fixture again. */
import { loadConfig } from '../config';
import { openDatabase } from './database';
import { migrateToLatest } from './migrate';
import { dropEverything, seedDemoData } from './seed/index';

const config = loadConfig();
const db = await openDatabase(config);
await dropEverything(db);
await migrateToLatest(db);
const areas = await seedDemoData(db);
await db.destroy();
console.log(`Database recreated; seeded: ${areas.join(', ')}`);
