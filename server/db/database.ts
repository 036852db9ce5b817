/**
 * One schema, one SQL dialect (PostgreSQL): a real server when DATABASE_URL is set, embedded PGlite otherwise.
 * Both go through Kysely's PostgresDialect so every query is written once.
 */
import type { PGlite } from '@electric-sql/pglite';
import { Kysely, type LogConfig, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { type ArrivalOrderGate, arrivalOrderedPool } from './arrival-order';
import { openPgliteDatabase, type PgliteOptions } from './pglite-open';
import { pgliteInThreadPool, pgliteThreadPool } from './pglite-pool';
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
   * one: the server tests start each server from one migrated and seeded template (tests/server/database-template.ts).
   */
  pgliteTemplate?: Blob;
  /** Called with the SQL of every statement the server sends (tests count what a request costs). */
  onStatement?: (sql: string) => void;
}

// int8 (counts, sums) as numbers, like PGlite does.
pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));

const connectionGates = new WeakMap<DB, ArrivalOrderGate>();

/** The gate a database's connections pass (how many queries wait, and how long): for overload shedding. */
export const connectionGate = (db: DB): ArrivalOrderGate | undefined => connectionGates.get(db);

/** Which engine a database runs on: a PostgreSQL server (DATABASE_URL) or embedded PGlite. */
export type DatabaseEngine = 'postgresql' | 'pglite';
const engines = new WeakMap<DB, DatabaseEngine>();
export const databaseEngine = (db: DB): DatabaseEngine => engines.get(db) ?? 'pglite';

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
    connectionGates.set(db, pool.gate);
    engines.set(db, 'postgresql');
    await sql`create extension if not exists pg_trgm with schema public`.execute(db).catch(() => undefined);
    if (schema) await sql`create schema if not exists ${sql.id(schema)}`.execute(db);
    return db;
  }
  const pool = pgliteThreadPool(pgliteOptions(options));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: statementLog(options) });
  connectionGates.set(db, pool.gate);
  return db;
}

const statementLog = ({ onStatement }: DatabaseOptions): LogConfig | undefined =>
  onStatement &&
  ((event) => {
    onStatement(event.query.sql);
  });

const pgliteOptions = ({ pgliteDir, schema, pgliteTemplate }: DatabaseOptions): PgliteOptions => ({
  pgliteDir,
  ...(schema ? { schema } : {}),
  ...(pgliteTemplate ? { pgliteTemplate } : {}),
});

/**
 * An embedded database opened at once on this thread, with PGlite itself at hand (to dump its data directory):
 * for setup scripts, not for a server.
 */
export async function openPglite(options: PgliteOptions): Promise<{ db: DB; pglite: PGlite }> {
  const pglite = await openPgliteDatabase(options);
  return {
    pglite,
    db: new Kysely<Database>({ dialect: new PostgresDialect({ pool: pgliteInThreadPool(pglite) }) }),
  };
}
