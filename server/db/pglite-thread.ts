/**
 * The embedded database's own thread: PGlite (PostgreSQL compiled to WebAssembly) runs every statement here, so a
 * busy database never holds the API's event loop (./pglite-pool.ts is the other end). Statements arrive one at a
 * time, as the pool hands out its single connection; each answer carries the rows, or the error's PostgreSQL
 * fields (`code`, `constraint`, …) for the API's error handling.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openPgliteDatabase, type PgliteOptions, type StatementResult, statementRunner } from './pglite-open';

export type ThreadRequest =
  { id: number; kind: 'statement'; sql: string; parameters: unknown[] } | { id: number; kind: 'close' };

/** A database error's own fields (message, code, detail, constraint, …), enough to rebuild it on the other side. */
export type ErrorFields = Record<string, string | number | undefined> & { message: string };

export type ThreadAnswer =
  | { kind: 'ready' }
  | { kind: 'failed-to-open'; error: ErrorFields }
  | { id: number; kind: 'result'; result: StatementResult }
  | { id: number; kind: 'error'; error: ErrorFields }
  | { id: number; kind: 'closed' };

export function errorFields(error: unknown): ErrorFields {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields: ErrorFields = { message: error.message, name: error.name };
  for (const [key, value] of Object.entries(error))
    if (typeof value === 'string' || typeof value === 'number') fields[key] = value;
  return fields;
}

const port = parentPort!;
const send = (answer: ThreadAnswer) => port.postMessage(answer);

try {
  const pglite = await openPgliteDatabase(workerData as PgliteOptions);
  const runStatement = statementRunner(pglite);
  port.on('message', (request: ThreadRequest) => {
    if (request.kind === 'close') {
      void pglite.close().finally(() => send({ id: request.id, kind: 'closed' }));
      return;
    }
    runStatement(request.sql, request.parameters).then(
      (result) => send({ id: request.id, kind: 'result', result }),
      (error: unknown) => send({ id: request.id, kind: 'error', error: errorFields(error) }),
    );
  });
  send({ kind: 'ready' });
} catch (error) {
  send({ kind: 'failed-to-open', error: errorFields(error) });
}
