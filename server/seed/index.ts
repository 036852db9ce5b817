/**
 * The demo fixture (../shared/demo-fixture.md). Each area seeds itself once, in one transaction, and records
 * that in app_settings, so a database created by an older version receives the areas that arrived later.
 */
import { sql } from 'kysely';
import type { DB } from '../db/database';
import { withSchemaChangeLock } from '../db/migrate';
import { seedAccount } from './account';
import { seedAccounts } from './accounts';
import { seedAdmin } from './admin';
import { seedChangelog } from './changelog';
import { seedLibraries } from './libraries';
import { seedFaq } from './faq';
import { seedNotifications } from './notifications';
import { seedMaterials } from './materials';
import { seedProjects } from './projects';
import { seedSecurity } from './security';
import { seedTools } from './tools';

import { seedReports } from './reports';
import type { SeedArea, SeedContext } from './seed-area';

/** Areas in dependency order; a later issue appends its own. */
export const seedAreas: SeedArea[] = [
  { name: 'accounts', run: seedAccounts },
  { name: 'notifications', run: seedNotifications },
  { name: 'changelog', run: seedChangelog },
  { name: 'projects', run: seedProjects },
  { name: 'admin', run: seedAdmin },
  { name: 'security', run: seedSecurity },
  { name: 'tools', run: seedTools },
  { name: 'libraries', run: seedLibraries },
  { name: 'materials', run: seedMaterials },
  { name: 'account', run: seedAccount },
  { name: 'faq', run: seedFaq },
  { name: 'reports', run: seedReports },
];

export async function seedDemoData(
  db: DB,
  areas: SeedArea[] = seedAreas,
  context: SeedContext = {},
): Promise<string[]> {
  const seeded: string[] = [];
  for (const area of areas) {
    const key = `seed:${area.name}`;
    const done = await db.selectFrom('app_settings').select('key').where('key', '=', key).executeTakeFirst();
    if (done) continue;
    await db.transaction().execute(async (trx) => {
      await area.run(trx, context);
      await trx
        .insertInto('app_settings')
        .values({ key, value: JSON.stringify({ at: new Date().toISOString() }) })
        .execute();
    });
    seeded.push(area.name);
  }
  return seeded;
}

/**
 * Drops every table (and the migration bookkeeping) and every function of our own (trigger functions) in the
 * current schema, so migrations and the seed start from scratch. Extension functions (pg_trgm) stay. Under the
 * schema change lock: a migrator starting meanwhile on another schema of the database reads this one's tables too.
 */
export function dropEverything(db: DB): Promise<void> {
  return withSchemaChangeLock(db, () => dropTablesAndFunctions(db));
}

async function dropTablesAndFunctions(db: DB): Promise<void> {
  const { rows } = await sql<{ tablename: string }>`
    select tablename from pg_tables where schemaname = current_schema()
  `.execute(db);
  for (const { tablename } of rows) {
    await sql`drop table if exists ${sql.id(tablename)} cascade`.execute(db);
  }
  const functions = await sql<{ signature: string }>`
    select p.oid::regprocedure::text as signature
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = current_schema()
      and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
  `.execute(db);
  for (const { signature } of functions.rows) {
    await sql`drop function if exists ${sql.raw(signature)} cascade`.execute(db);
  }
}
