/**
 * Lets Kysely's PostgresDialect drive an embedded PGlite database. The database runs on a thread of its own
 * (./pglite-thread.ts): its statements never hold the API's event loop, which under load keeps accepting
 * connections and answering whatever is ready. PGlite is a single connection, so the pool hands it out to one
 * holder at a time, in the order the requests arrived (./arrival-order.ts): a transaction keeps it until commit,
 * other queries wait their turn. Consequence: inside `db.transaction().execute(trx => ...)` use only `trx`, never
 * `db` (that would wait forever).
 */
import type { PGlite } from '@electric-sql/pglite';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import { startTypeScriptWorker } from '../typescript-worker';
import { type ArrivalOrderedPool, arrivalOrderedPool } from './arrival-order';
import { type PgliteOptions, type StatementResult, statementRunner } from './pglite-open';
import type { ErrorFields, ThreadAnswer, ThreadRequest } from './pglite-thread';

const THREAD_MODULE = new URL('./pglite-thread.ts', import.meta.url);

/** The error the database thread reported, with its PostgreSQL fields (`code`, `constraint`, …) as node-postgres has them. */
function databaseError(fields: ErrorFields): Error {
  const { message, ...rest } = fields;
  return Object.assign(new Error(message), rest);
}

/** Each kind of request, without the id the thread's answer is matched by. */
type RequestWithoutId = ThreadRequest extends infer Request
  ? Request extends unknown
    ? Omit<Request, 'id'>
    : never
  : never;

type Pending = { resolve: (result: StatementResult) => void; reject: (error: Error) => void };

/** The database thread, reached by messages: one statement at a time, answered in order. */
class DatabaseThread {
  private readonly worker;
  private readonly pending = new Map<number, Pending>();
  private lastId = 0;
  private failure: Error | null = null;
  readonly ready: Promise<void>;

  constructor(options: PgliteOptions) {
    this.worker = startTypeScriptWorker(THREAD_MODULE, { workerData: options, name: 'pglite' });
    this.ready = new Promise((resolve, reject) => {
      this.worker.on('message', (answer: ThreadAnswer) => {
        if (answer.kind === 'ready') return resolve();
        if (answer.kind === 'failed-to-open') return reject(databaseError(answer.error));
        const waiting = this.pending.get(answer.id);
        if (!waiting) return;
        this.pending.delete(answer.id);
        if (answer.kind === 'error') waiting.reject(databaseError(answer.error));
        else
          waiting.resolve(
            answer.kind === 'result' ? answer.result : { command: 'SELECT', rowCount: 0, rows: [] },
          );
      });
      const fail = (error: Error) => {
        this.failure = error;
        reject(error);
        for (const waiting of this.pending.values()) waiting.reject(error);
        this.pending.clear();
      };
      this.worker.on('error', fail);
      this.worker.on('exit', (code) =>
        fail(new Error(`The embedded database's thread stopped (exit code ${code})`)),
      );
    });
  }

  private ask(request: RequestWithoutId): Promise<StatementResult> {
    if (this.failure) return Promise.reject(this.failure);
    const id = ++this.lastId;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      const message: ThreadRequest = { ...request, id };
      this.worker.postMessage(message);
    });
  }

  statement(sql: string, parameters: ReadonlyArray<unknown>): Promise<StatementResult> {
    return this.ask({ kind: 'statement', sql, parameters: [...parameters] });
  }

  async close(): Promise<void> {
    if (!this.failure) await this.ask({ kind: 'close' }).catch(() => undefined);
    await this.worker.terminate();
  }
}

/** A single-connection pool over something that runs statements. */
function singleConnectionPool(
  open: () => Promise<(sql: string, parameters: ReadonlyArray<unknown>) => Promise<StatementResult>>,
  close: () => Promise<void>,
): ArrivalOrderedPool {
  let run: ReturnType<typeof open> | null = null;
  const connection: PostgresPool = {
    async connect(): Promise<PostgresPoolClient> {
      run ??= open();
      const statement = await run;
      const client = {
        async query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
          return (await statement(sql, parameters)) as PostgresQueryResult<R>;
        },
        release: () => undefined,
      };
      return client as unknown as PostgresPoolClient;
    },
    async end() {
      if (run) await close();
      run = null;
    },
  };
  return arrivalOrderedPool(connection, 1);
}

/** The server's embedded database: PGlite on its own thread, opened at the first query. */
export function pgliteThreadPool(options: PgliteOptions): ArrivalOrderedPool {
  let thread: DatabaseThread | null = null;
  return singleConnectionPool(
    async () => {
      const opened = new DatabaseThread(options);
      thread = opened;
      await opened.ready;
      return (sql, parameters) => opened.statement(sql, parameters);
    },
    async () => {
      await thread?.close();
      thread = null;
    },
  );
}

/** A PGlite instance already open on this thread (setup scripts that need PGlite itself, to dump its data). */
export function pgliteInThreadPool(pglite: PGlite): ArrivalOrderedPool {
  return singleConnectionPool(
    async () => statementRunner(pglite),
    () => pglite.close(),
  );
}
