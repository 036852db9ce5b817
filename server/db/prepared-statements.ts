/**
 * Statements with parameters are sent to PostgreSQL as named prepared statements: each connection parses and
 * analyses a statement text once and then only binds and executes it, and after a few executions PostgreSQL may
 * keep a generic plan and skip planning too. A request's statements are the same few texts again and again (the
 * session, a list page with its total, its side values), so under load this is CPU the database no longer spends.
 * Statements without parameters (schema changes, transaction control, scripts of several commands) go as before.
 * The names are one per text for the whole process, and capped: texts beyond the first `limit` (a list of ids of
 * every length has a text per length) run unnamed, so no connection holds an unbounded number of statements.
 */
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';

export class StatementNames {
  private readonly names = new Map<string, string>();

  constructor(private readonly limit: number) {}

  /** The name of a statement text, or none once `limit` texts have names. */
  nameOf(text: string): string | undefined {
    let name = this.names.get(text);
    if (!name && this.names.size < this.limit) {
      name = `portal_${this.names.size + 1}`;
      this.names.set(text, name);
    }
    return name;
  }

  get size(): number {
    return this.names.size;
  }
}

/** A pool whose clients send statements with parameters as named prepared statements. */
export function preparedStatementPool(inner: pg.Pool, names = new StatementNames(500)): PostgresPool {
  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await inner.connect();
      function query<R>(text: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
      function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
      function query<R>(
        textOrCursor: string | PostgresCursor<R>,
        parameters?: ReadonlyArray<unknown>,
      ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
        // Kysely streams through a cursor only when its dialect is given a cursor class, and this one is not.
        if (typeof textOrCursor !== 'string') throw new Error('Streaming queries are not configured.');
        const values = [...(parameters ?? [])];
        const name = values.length ? names.nameOf(textOrCursor) : undefined;
        // pg's QueryResult is what Kysely reads of a result (command, rowCount, rows).
        const result = name
          ? client.query({ name, text: textOrCursor, values })
          : client.query(textOrCursor, values);
        return result as Promise<PostgresQueryResult<R>>;
      }
      return { query, release: () => client.release() };
    },
    end: () => inner.end(),
  };
}
