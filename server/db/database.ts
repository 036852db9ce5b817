/**
 * One schema, one SQL dialect (PostgreSQL): a real server when DATABASE_URL is set, embedded PGlite otherwise.
 * Both go through Kysely's PostgresDialect so every query is written once.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, type LogConfig, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { arrivalOrderedPool } from './arrival-order';
import { pglitePool } from './pglite-pool';
import { preparedStatementPool } from './prepared-statements';
import type { Database } from './schema';

export type DB = Kysely<Database>;

/** Connections to a PostgreSQL server per process; queries wait for one in the order their requests arrived. */
const CONNECTIONS = 10;

export interface DatabaseOptions {
  databaseUrl: string | null;
  pgliteDir: string;
  /** A Postgres schema to use instead of `public` (tests isolate themselves this way on a shared server). */
  schema?: string;
  /**
   * An embedded database starts as a copy of this data directory (PGlite's `dumpDataDir`) instead of an empty
   * one: the server tests start each server from one migrated and seeded template (tests/server/pglite-template.ts).
   */
  pgliteTemplate?: Blob;
  /** Called with the SQL of every statement the server sends (tests count what a request costs). */
  onStatement?: (sql: string) => void;
}

// int8 (counts, sums) as numbers, like PGlite does.
pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));

export async function openDatabase(options: DatabaseOptions): Promise<DB> {
  const schema = options.schema;
  if (options.databaseUrl) {
    const pool = arrivalOrderedPool(
      preparedStatementPool(
        new pg.Pool({
          connectionString: options.databaseUrl,
          max: CONNECTIONS,
          ...(schema ? { options: `-c search_path=${schema},public` } : {}),
        }),
      ),
      CONNECTIONS,
    );
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: statementLog(options) });
    await sql`create extension if not exists pg_trgm with schema public`.execute(db).catch(() => undefined);
    if (schema) await sql`create schema if not exists ${sql.id(schema)}`.execute(db);
    return db;
  }
  return new Kysely<Database>({
    dialect: new PostgresDialect({ pool: pglitePool(() => createPglite(options)) }),
    log: statementLog(options),
  });
}

const statementLog = ({ onStatement }: DatabaseOptions): LogConfig | undefined =>
  onStatement &&
  ((event) => {
    onStatement(event.query.sql);
  });

type PgliteOptions = Pick<DatabaseOptions, 'pgliteDir' | 'schema' | 'pgliteTemplate'>;

async function createPglite(options: PgliteOptions): Promise<PGlite> {
  // PGlite creates its own directory, not the ones above it (a fresh checkout has no ./data yet).
  if (!options.pgliteDir.includes('://')) mkdirSync(dirname(options.pgliteDir), { recursive: true });
  const pglite = await PGlite.create(options.pgliteDir, {
    extensions: { pg_trgm },
    ...(options.pgliteTemplate ? { loadDataDir: options.pgliteTemplate } : {}),
  });
  await pglite.exec('create extension if not exists pg_trgm');
  if (options.schema)
    await pglite.exec(
      `create schema if not exists "${options.schema}"; set search_path = "${options.schema}", public`,
    );
  return pglite;
}

/** An embedded database opened at once, with PGlite itself at hand (to dump its data directory). */
export async function openPglite(options: PgliteOptions): Promise<{ db: DB; pglite: PGlite }> {
  const pglite = await createPglite(options);
  return {
    pglite,
    db: new Kysely<Database>({ dialect: new PostgresDialect({ pool: pglitePool(async () => pglite) }) }),
  };
}
