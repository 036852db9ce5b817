/**
 * Lets Kysely's PostgresDialect drive an embedded PGlite database. PGlite is a single connection, so the pool
 * hands it out to one holder at a time, in the order the requests arrived (./arrival-order.ts): a transaction
 * keeps it until commit, other queries wait their turn. Consequence: inside `db.transaction().execute(trx => ...)`
 * use only `trx`, never `db` (that would wait forever).
 */
import type { PGlite } from '@electric-sql/pglite';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import { arrivalOrderedPool } from './arrival-order';

export function pglitePool(open: () => Promise<PGlite>): PostgresPool {
  let database: Promise<PGlite> | null = null;

  const connection: PostgresPool = {
    async connect(): Promise<PostgresPoolClient> {
      database ??= open();
      const pg = await database;
      const client = {
        async query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
          // Without parameters use the simple protocol, which (like node-postgres) accepts several statements.
          const result = parameters.length
            ? await pg.query<R>(sql, [...parameters])
            : (((await pg.exec(sql)).at(-1) as Awaited<ReturnType<typeof pg.query<R>>>) ?? { rows: [] });
          return {
            command: (result as { command?: PostgresQueryResult<R>['command'] }).command ?? 'SELECT',
            rowCount: result.affectedRows ?? result.rows.length,
            rows: result.rows,
          };
        },
        release: () => undefined,
      };
      return client as unknown as PostgresPoolClient;
    },
    async end() {
      if (database) await (await database).close();
      database = null;
    },
  };
  return arrivalOrderedPool(connection, 1);
}
