/**
 * Overload degrades politely: past what the machine can serve, a new request is answered at once with 503
 * `{"message": "The server is busy. Try again in a moment.", "busy": true}` and `Retry-After`, instead of waiting
 * in a queue longer than any client would. "Past what it can serve" is measured, not configured: a gate where a
 * new caller would wait more than the engine's SHED_AFTER_MS (its longest waiter has waited that long, or its queue
 * would take that long at the recent pace; the database's connections, and for a login the password hashing slots) sheds
 * the requests that would queue behind it, until its queue has drained below that. Each refused request is told
 * to come back at a turn of its own (`Retry-After`), after those refused before it at the gate's recent pace, so
 * a burst returns spread over the time it takes to serve instead of all at once. Requests
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
 * A queue older than this sheds new requests: part of the time a request may take under load on the engine (issue
 * 29: p99 at most 1 s on embedded PGlite, 300 ms on a PostgreSQL server; docs/performance.md, load), leaving the
 * rest for the request's own work once admitted: a few round trips to the database, each waiting a turn of a busy
 * event loop, and on PGlite each queueing again at its one connection. A third on PostgreSQL, a quarter on PGlite:
 * with half, on a two-core machine where a turn took 15 ms at the median, p99 was 310 to 330 ms on PostgreSQL and
 * 1.2 to 1.4 s on PGlite; with a third, 0.86 to 0.98 s on PGlite.
 */
export const SHED_AFTER_MS: Record<DatabaseEngine, number> = { pglite: 250, postgresql: 100 };
const MAX_RETRY_AFTER_SECONDS = 30;

export const BUSY_MESSAGE = 'The server is busy. Try again in a moment.';

export interface AdmissionGate {
  gate: ArrivalOrderGate;
  /** Which requests queue at this gate (every API request, for the database). */
  applies: (request: FastifyRequest) => boolean;
  /**
   * The gate is reached late in the request (a login hashes after reading its user): the requests admitted for it
   * that have not reached it yet count as ahead of a new one. Without them a burst of logins, all still reading
   * their users, finds the hashing queue empty and is admitted whole.
   */
  reachedLate?: boolean;
  /**
   * The part of the engine's shed threshold a request may wait at this gate (default all of it): a login also
   * waits for the database before and after its hash, so its hashing takes half.
   */
  share?: number;
  /**
   * At most this many requests admitted for a late-reached gate and not yet answered, whatever the estimate says:
   * before the gate has seen its work under load (its first burst after an idle spell), the recent pace is an
   * idle machine's, several times too quick, and a whole burst would be admitted on it.
   */
  maxUnderWay?: number;
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

/**
 * Register after CORS (a 503 must carry the CORS headers) and before anything that queries. `shedAfterMs`: the
 * engine's SHED_AFTER_MS unless the configuration says otherwise (OVERLOAD_SHED_AFTER_MS).
 */
export function registerOverloadShedding(
  app: FastifyInstance,
  shedAfterMs: number,
  gates: readonly AdmissionGate[],
): void {
  const states = new Map(gates.map((admission) => [admission, new AdmissionState(admission)]));
  app.addHook('onRequest', async (request, reply) => {
    if (request.method === 'OPTIONS' || !request.url.startsWith('/api/v2')) return;
    const counted: AdmissionState[] = [];
    const now = performance.now();
    for (const [admission, state] of states) {
      if (!admission.applies(request)) continue;
      const wait = state.expectedWaitMs(now);
      if (state.full() || wait > shedAfterMs * (admission.share ?? 1))
        throw serverBusy(state.bookReturn(now, wait));
      if (admission.reachedLate) counted.push(state);
    }
    if (!counted.length) return;
    for (const state of counted) state.admitted();
    // Answered, or its client gone: it no longer comes.
    reply.raw.once('close', () => {
      const closedAt = performance.now();
      for (const state of counted) state.answered(closedAt - now);
    });
  });
}

/** What the shedding keeps of one gate: the requests under way for it, and when those refused are to come back. */
class AdmissionState {
  /** Admitted for a late-reached gate and not answered yet. */
  private underWay = 0;
  /** A moving average of how long an admitted request was under way, in ms. */
  private typicalUnderWayMs = 0;
  /** Until when the requests refused so far are booked to come back (performance.now() time). */
  private bookedUntil = 0;

  constructor(private readonly admission: AdmissionGate) {}

  /** How long a request admitted now would wait at the gate, counting those admitted and on their way to it. */
  expectedWaitMs(now: number): number {
    const { gate, reachedLate } = this.admission;
    // Those admitted and on their way (not waiting at the gate yet; its holders are counted too, at most `slots`).
    const coming = reachedLate ? Math.max(0, this.underWay - gate.waiters) : 0;
    return gate.expectedWaitMs(now, coming);
  }

  full(): boolean {
    return this.admission.maxUnderWay !== undefined && this.underWay >= this.admission.maxUnderWay;
  }

  /**
   * Books a refused request a turn after those refused before it, one turn's pace apart, so a burst told to come
   * back returns spread over the time it takes to serve, not all in the same second. Answers the wait in ms.
   */
  bookReturn(now: number, wait: number): number {
    const returnAt = Math.max(now + wait, this.bookedUntil);
    this.bookedUntil = returnAt + this.paceMs();
    return returnAt - now;
  }

  /**
   * How often the gate takes a new request at the recent pace, in ms: a slot coming free, or with a bound on the
   * requests under way, one of them answered.
   */
  private paceMs(): number {
    const { gate, maxUnderWay } = this.admission;
    return Math.max(gate.paceMs, maxUnderWay ? this.typicalUnderWayMs / maxUnderWay : 0);
  }

  admitted(): void {
    this.underWay += 1;
  }

  answered(afterMs: number): void {
    this.underWay -= 1;
    this.typicalUnderWayMs = this.typicalUnderWayMs ? 0.9 * this.typicalUnderWayMs + 0.1 * afterMs : afterMs;
  }
}
