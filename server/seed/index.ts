/**
 * The demo fixture (../shared/demo-fixture.md). Each area seeds itself once, in one transaction, and records
 * that in app_settings, so a database created by an older version receives the areas that arrived later.
 */
import { readdir } from 'node:fs/promises';
import { basename, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import type { DB } from '../db/database';
import { withSchemaChangeLock } from '../db/migrate';
import { isSeedArea, type SeedArea, type SeedContext } from './seed-area';

const AREAS = join(import.meta.dirname, 'areas');

/**
 * The areas of server/seed/areas/, found rather than listed, by `order`. A module whose default export is no
 * `defineSeedArea(…)`, or two areas of one order, stop the start naming the files.
 */
export async function seedAreas(folder = AREAS): Promise<SeedArea[]> {
  const files = (await readdir(folder)).filter((file) => /^[a-z0-9-]+\.ts$/.test(file)).sort();
  const areas: SeedArea[] = [];
  for (const file of files) {
    const found: unknown = (await import(pathToFileURL(join(folder, file)).href)).default;
    const path = relative(process.cwd(), join(folder, file));
    if (!isSeedArea(found)) throw new Error(`${path}: the default export is no defineSeedArea(…)`);
    const same = areas.find((area) => area.order === found.order);
    if (same) throw new Error(`${path}: the order ${found.order} is taken by the area '${same.name}'`);
    areas.push({ ...found, name: basename(file, '.ts') });
  }
  return areas.sort((a, b) => a.order - b.order);
}

export async function seedDemoData(db: DB, context: SeedContext = {}, areas?: SeedArea[]): Promise<string[]> {
  const seeded: string[] = [];
  for (const area of areas ?? (await seedAreas())) {
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
