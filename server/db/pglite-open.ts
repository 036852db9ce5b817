/**
 * Opening an embedded PGlite database, and running one statement on it the way node-postgres would: used by the
 * database thread (./pglite-thread.ts) and by the in-thread pool of ./pglite-pool.ts.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PostgresQueryResult } from 'kysely';

export interface PgliteOptions {
  /** A folder, or `memory://`. */
  pgliteDir: string;
  /** A Postgres schema to use instead of `public`. */
  schema?: string;
  /** Start as a copy of this data directory (PGlite's `dumpDataDir`) instead of an empty one. */
  pgliteTemplate?: Blob;
}

export async function openPgliteDatabase(options: PgliteOptions): Promise<PGlite> {
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

export type StatementResult = Pick<PostgresQueryResult<unknown>, 'command' | 'rowCount' | 'rows'>;

/** One statement; without parameters the simple protocol, which (like node-postgres) accepts several statements. */
export async function runStatement(
  pglite: PGlite,
  sql: string,
  parameters: ReadonlyArray<unknown>,
): Promise<StatementResult> {
  const result = parameters.length
    ? await pglite.query(sql, [...parameters])
    : ((await pglite.exec(sql)).at(-1) ?? { rows: [] as unknown[], affectedRows: 0 });
  return {
    command: (result as { command?: StatementResult['command'] }).command ?? 'SELECT',
    rowCount: result.affectedRows ?? result.rows.length,
    rows: result.rows,
  };
}
