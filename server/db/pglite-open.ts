/**
 * Opening an embedded PGlite database, and running statements on it the way node-postgres would: used by the
 * database thread (./pglite-thread.ts) and by the in-thread pool of ./pglite-pool.ts.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { parse, PGlite, protocol } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PostgresQueryResult } from 'kysely';
import { StatementNames } from './prepared-statements';

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

/** Runs one statement (`sql` with its `parameters`) on the database. */
export type StatementRunner = (sql: string, parameters: ReadonlyArray<unknown>) => Promise<StatementResult>;

/** What the database answers to protocol messages. */
type BackendMessages = Awaited<ReturnType<PGlite['execProtocolStream']>>;

/**
 * Runs statements on `pglite` the way node-postgres does on PostgreSQL with ./prepared-statements.ts: a statement
 * with parameters is parsed and analysed once under a name (`names`, capped as there) and then only bound and
 * executed, so PostgreSQL may keep its plan. Planning is most of a short statement's cost in PGlite: the session's
 * statement, run by every signed-in request, took about 5 ms unnamed and under 1 ms named.
 * A statement without parameters goes as the simple protocol, which accepts several statements. The runner sends
 * one statement at a time: the database's pool hands its single connection to one holder at a time.
 */
export function statementRunner(pglite: PGlite, names = new StatementNames(500)): StatementRunner {
  /** The parameter types (oids) of each statement prepared so far, by name. */
  const parameterTypes = new Map<string, number[]>();
  const send = (message: Uint8Array) => pglite.execProtocolStream(message, { syncToFs: false });

  /** Parses `sql` under `name` and answers its parameter types; the answers go to `messages`. */
  async function prepare(name: string, sql: string, messages: BackendMessages): Promise<number[]> {
    messages.push(...(await send(protocol.serialize.parse({ name, text: sql }))));
    const types = parse.parseDescribeStatementResults(
      await send(protocol.serialize.describe({ type: 'S', name })),
    );
    parameterTypes.set(name, types);
    return types;
  }

  async function runPrepared(name: string, sql: string, parameters: ReadonlyArray<unknown>) {
    const messages: BackendMessages = [];
    try {
      const types = parameterTypes.get(name) ?? (await prepare(name, sql, messages));
      const values = parameters.map((value, index) => {
        if (value === null || value === undefined) return null;
        const serialize = pglite.serializers[types[index]];
        return serialize ? serialize(value) : String(value);
      });
      messages.push(
        ...(await send(protocol.serialize.bind({ statement: name, values }))),
        ...(await send(protocol.serialize.describe({ type: 'P' }))),
        ...(await send(protocol.serialize.execute({}))),
      );
    } finally {
      // After an error too: the database leaves its error state at the next Sync.
      messages.push(...(await send(protocol.serialize.sync())));
    }
    if (!pglite.isInTransaction()) await pglite.syncToFs();
    return parse.parseResults(messages, pglite.parsers)[0];
  }

  return async (sql, parameters) => {
    const name = parameters.length ? names.nameOf(sql) : undefined;
    const result = name
      ? await runPrepared(name, sql, parameters)
      : parameters.length
        ? await pglite.query(sql, [...parameters])
        : ((await pglite.exec(sql)).at(-1) ?? { rows: [] as unknown[], affectedRows: 0 });
    return {
      command: (result as { command?: StatementResult['command'] }).command ?? 'SELECT',
      rowCount: result.affectedRows ?? result.rows.length,
      rows: result.rows,
    };
  };
}
