/**
 * Overload degrades politely: past what the machine can serve, a new request is answered at once with 503
 * `{"message": "The server is busy. Try again in a moment.", "busy": true}` and `Retry-After`, instead of waiting
 * in a queue longer than any client would. "Past what it can serve" is measured, not configured: a gate where a
 * new caller would wait more than the engine's SHED_AFTER_MS (its longest waiter has waited that long, or its queue
 * would take that long at the recent pace; the database's connections, and for a login the password hashing slots) sheds
 * the requests that would queue behind it, until its queue has drained below that. Requests
 * already admitted carry on (their later queries go first, ../db/arrival-order.ts), so nothing is cut off half
 * done: a busy 503 means the request was not started, and the portal sends it again after `Retry-After`. The body's
 * `busy` tells it apart from maintenance mode's 503 (`{status, back_on}`, ./maintenance.ts), which shows the
 * maintenance screen.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ArrivalOrderGate } from '../db/arrival-order';
import type { DatabaseEngine } from '../db/database';
import { HttpError } from '../errors/http-errors';

/**
 * A queue older than this sheds new requests: half the time a request may take under load on the engine (issue 29:
 * p99 at most 1 s on embedded PGlite, 300 ms on a PostgreSQL server; docs/performance.md, load), leaving the other
 * half for the request's own work once admitted.
 */
export const SHED_AFTER_MS: Record<DatabaseEngine, number> = { pglite: 500, postgresql: 150 };
const MAX_RETRY_AFTER_SECONDS = 30;

export const BUSY_MESSAGE = 'The server is busy. Try again in a moment.';

export interface AdmissionGate {
  gate: ArrivalOrderGate;
  /** Which requests queue at this gate (every API request, for the database). */
  applies: (request: FastifyRequest) => boolean;
}

/** The busy 503, asking to come back once the expected wait has passed (at least 1 s, at most 30). */
export function serverBusy(expectedWaitMs: number): HttpError {
  const seconds = Math.min(Math.max(Math.ceil(expectedWaitMs / 1000), 1), MAX_RETRY_AFTER_SECONDS);
  return new HttpError(
    503,
    BUSY_MESSAGE,
    { message: BUSY_MESSAGE, busy: true },
    { 'Retry-After': String(seconds) },
  );
}

/** Register after CORS (a 503 must carry the CORS headers) and before anything that queries. */
export function registerOverloadShedding(
  app: FastifyInstance,
  engine: DatabaseEngine,
  gates: readonly AdmissionGate[],
): void {
  const shedAfterMs = SHED_AFTER_MS[engine];
  app.addHook('onRequest', async (request) => {
    if (request.method === 'OPTIONS' || !request.url.startsWith('/api/v2')) return;
    for (const { gate, applies } of gates) {
      const wait = gate.expectedWaitMs();
      if (wait > shedAfterMs && applies(request)) throw serverBusy(wait);
    }
  });
}
