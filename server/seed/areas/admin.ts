/**
 * The admin part of the demo fixture that concerns planned maintenance (../shared/demo-fixture.md "Admin"): two
 * planned windows, both further ahead than a day, so no banner announces them right after seeding.
 */
import type { DB } from '../../db/database';
import { daysAgo } from '../time';
import { defineSeedArea } from '../seed-area';

/** A moment `days` from now at a whole hour (UTC), so the windows read naturally. */
const daysAhead = (days: number, hourUtc: number) => {
  const moment = daysAgo(-days);
  moment.setUTCHours(hourUtc, 0, 0, 0);
  return moment;
};

const HOUR_MS = 60 * 60 * 1000;

export async function seedAdmin(db: DB): Promise<void> {
  const database = daysAhead(10, 22);
  const storage = daysAhead(38, 5);
  await db
    .insertInto('planned_maintenance')
    .values([
      {
        name: 'Database upgrade',
        description: 'The portal is unavailable while the database moves to a new version.',
        start_datetime: database,
        end_datetime: new Date(database.getTime() + 2 * HOUR_MS),
      },
      {
        name: 'Storage migration',
        description: 'Uploads and downloads are paused while files move to the new storage.',
        start_datetime: storage,
        end_datetime: new Date(storage.getTime() + 3 * HOUR_MS),
      },
    ])
    .execute();
}

export default defineSeedArea({ order: 50, run: seedAdmin });
