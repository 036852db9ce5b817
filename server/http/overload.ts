/**
 * Overload degrades politely: past what the machine can serve, a new request is answered at once with 503
 * `{"message": "The server is busy. Try again in a moment.", "busy": true, "retry_after_ms": …}` and `Retry-After`,
 * instead of waiting in a queue longer than any client would. "Past what it can serve" is measured, not
 * configured: a gate where a new caller would wait more than the engine's SHED_AFTER_MS (its longest waiter has
 * waited that long, or its queue would take that long at the recent pace; the database's connections, and for a
 * login the password hashing slots, where a person waits at the form: LOGIN_WAIT_MS in ../app.ts) sheds the
 * requests that would queue behind it.
 *
 * A refused request is a place in a queue the client holds instead of the server:
 * - it is given a turn of its own, after those refused before it, at the pace the gate answered at while saturated
 *   (so a burst comes back spread over the time it takes to serve), and told when: `retry_after_ms` to the
 *   millisecond (the portal follows it, src/providers/http-client.ts), `Retry-After` in whole seconds for any client;
 * - the turn is kept for it (./client-turns.ts): coming back then, it is served even while the queue is long;
 * - while turns are owed, a newcomer goes after them (unless the gate is next to idle, and then each client once
 *   until those turns have come, and told to come back then), so nobody is refused again and again while others
 *   walk in: under saturation every user waits about alike, and the wait is the queue's, not a whole second or more
 *   of `Retry-After`;
 * - a gate may give way to another (`givesWayTo`): the signed-in users' requests wait for their turns while a burst
 *   of logins is hashed, people at the sign-in form first, for at most as long as a login may wait.
 *
 * Requests already admitted carry on (their later queries go first, ../db/arrival-order.ts), so nothing is cut off
 * half done: a busy 503 means the request was not started. The body's `busy` tells it apart from maintenance mode's
 * 503 (`{status, back_on}`, ./maintenance.ts), which shows the maintenance screen.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ArrivalOrderGate } from '../db/arrival-order';
import type { DatabaseEngine } from '../db/database';
import { HttpError } from '../errors/http-errors';
import { ClientTurns, clientOf } from './client-turns';

/**
 * A queue older than this sheds new requests: part of the time a request may take under load (p99 at most 1 s on
 * embedded PGlite, 300 ms on a PostgreSQL server; docs/performance.md, load), leaving the rest for the request's own
 * work once admitted. Since refused requests come back at kept turns, a short queue costs no throughput: on PGlite
 * (two cores, 200 users looping) 250 ms served 187 requests/s at p99 1.0 s, 100 ms 192/s at p99 0.36 s, and 800 ms
 * only 152/s (more requests at once cost PGlite more per request).
 */
export const SHED_AFTER_MS: Record<DatabaseEngine, number> = { pglite: 100, postgresql: 100 };
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
  /** How long a request may wait at this gate, in ms, where not the engine's shed threshold. */
  waitMs?: number;
  /**
   * Another gate whose requests go first: while its queue is longer than a request here may wait (a burst of
   * logins, people waiting at the form), a new request here without a turn is given one after that burst. Its
   * requests are first in line at this gate too (../db/arrival-order.ts): this gate's own queue leaves them out.
   */
  givesWayTo?: AdmissionGate;
  /**
   * At most this many requests admitted for a late-reached gate and not yet answered, whatever the estimate says:
   * before the gate has seen its work under load (its first burst after an idle spell), the recent pace is an
   * idle machine's, several times too quick, and a whole burst would be admitted on it.
   */
  maxUnderWay?: number;
}

/** The soonest a refused request is asked to come back, in ms (a request refused at once is not sent back at once). */
export const MIN_RETRY_AFTER_MS = 50;

/**
 * The busy 503, asking to come back once the expected wait has passed: in whole seconds in `Retry-After` (at least
 * 1, at most 30) for any client, and to the millisecond in the body's `retry_after_ms`, which the portal follows
 * (src/providers/http-client.ts): a whole second is more than most turns are away, and a refused request that
 * waits it has waited far longer than one that was let in.
 */
export function serverBusy(expectedWaitMs: number): HttpError {
  const waitMs = Math.min(
    Math.max(Math.ceil(expectedWaitMs), MIN_RETRY_AFTER_MS),
    MAX_RETRY_AFTER_SECONDS * 1000,
  );
  const seconds = Math.max(Math.ceil(waitMs / 1000), 1);
  return new HttpError(
    503,
    BUSY_MESSAGE,
    { message: BUSY_MESSAGE, busy: true, retry_after_ms: waitMs },
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
  const states = new Map(
    gates.map((admission) => [admission, new AdmissionState(admission, admission.waitMs ?? shedAfterMs)]),
  );
  app.addHook('onRequest', async (request, reply) => {
    if (request.method === 'OPTIONS' || !request.url.startsWith('/api/v2')) return;
    const counted: AdmissionState[] = [];
    const now = performance.now();
    for (const [admission, state] of states) {
      if (!admission.applies(request)) continue;
      const client = clientOf(request);
      const threshold = state.thresholdMs;
      const ahead = admission.givesWayTo && states.get(admission.givesWayTo);
      // At most as long as a request there may wait: that gate admits no more than it expects to serve in that
      // time, and a longer estimate is its pace gone stale. The first hashes of a burst, measured while every core
      // was busy, put 200 logins at 5 s; they were all signed in after 1.6 s (`npm run bench:load`, PGlite).
      const aheadWait = ahead ? Math.min(ahead.expectedWaitMs(now), ahead.thresholdMs) : 0;
      // A burst there: its queue alone is longer than a request here may wait.
      const burstAhead = aheadWait > threshold ? aheadWait : 0;
      const wait = Math.max(state.expectedWaitMs(now), burstAhead);
      // While turns are owed to those refused before, a newcomer goes after them, unless the gate is next to idle;
      // and then only once until those refused meanwhile have had theirs.
      const owesTurns = state.owesTurns(now);
      const turnsOwed = owesTurns && wait > threshold * IDLE_SHARE;
      const mustWait = wait > threshold || turnsOwed || burstAhead > 0;
      const claimed = (mustWait || owesTurns) && state.turns.claim(client, now);
      if (state.full() || (mustWait && !claimed)) throw serverBusy(state.bookReturn(now, wait, client));
      if (owesTurns && !claimed) {
        // Let in without a turn before: it comes back once the turns it went before have come, with no turn of its
        // own (one booked after those owed would keep turns owed, and the next client out, while the gate idles).
        const gapWaitMs = state.idleGapWaitMs(client, now);
        if (gapWaitMs > 0) throw serverBusy(gapWaitMs);
      }
      counted.push(state);
    }
    if (!counted.length) return;
    for (const state of counted) state.admitted();
    // Answered, or its client gone: it no longer comes.
    reply.raw.once('close', () => {
      const closedAt = performance.now();
      for (const state of counted) state.answered(closedAt - now, closedAt);
    });
  });
}

/**
 * While turns are owed, a new request without one is still let in when the gate's queue is below this part of the
 * threshold: the returns may leave it idle, and work is not held back from an idle server. A client let in so is
 * not let in so again before the turns owed at that moment have come: a user whose answer came back in such a
 * moment sends the next request at once, into the next one, and was otherwise served again and again (up to 148
 * such requests in 30 s beside a median of one, `npm run bench:load`'s burst on PGlite) while the others waited
 * for their turns.
 */
const IDLE_SHARE = 0.25;
/** What the time between turns is multiplied by at each answer that finds nobody waiting while turns are owed. */
const UNDERFED_SPEED_UP = 0.9;
/** Past this many clients remembered for having been let in so, those whose wait is over are forgotten. */
const IDLE_GAP_CLIENTS_SWEPT = 1_000;

/** What the shedding keeps of one gate: the requests under way for it, and when those refused are to come back. */
export class AdmissionState {
  /** Admitted and not answered yet. */
  private underWay = 0;
  /** A moving average of how long an admitted request was under way, in ms. */
  private typicalUnderWayMs = 0;
  /**
   * The time between two answers while the gate was saturated, in ms: a moving average of how often it answers
   * when it has all the work it can take (0 until measured).
   */
  private servedIntervalMs = 0;
  /** When the last answer came (performance.now() time), and whether the gate was saturated then. */
  private lastAnswer = { at: 0, saturated: false };
  /** Until when the requests refused so far are booked to come back (performance.now() time). */
  private bookedUntil = 0;
  /** The turns given to the clients refused, kept for them when they come back. */
  readonly turns = new ClientTurns();
  /** The clients let in without a turn while turns were owed, each until the turns owed then have come. */
  private readonly idleGapTaken = new Map<string, number>();

  constructor(
    private readonly admission: AdmissionGate,
    /** How long a request may wait at the gate, in ms: beyond it, the gate is saturated. */
    readonly thresholdMs: number,
  ) {}

  /** How long a request admitted now would wait at the gate, counting those admitted and on their way to it. */
  expectedWaitMs(now: number): number {
    const { gate, reachedLate, givesWayTo } = this.admission;
    // Those admitted and on their way (not waiting at the gate yet; its holders are counted too, at most `slots`).
    const coming = reachedLate ? Math.max(0, this.underWay - gate.waiters) : 0;
    // The requests of a gate given way to go first in line here, and are counted as that gate's wait.
    return gate.expectedWaitMs(now, coming, !givesWayTo);
  }

  /** Whether turns given to refused requests are still to come. */
  owesTurns(now: number): boolean {
    return this.bookedUntil > now;
  }

  /**
   * Whether `client` may go in without a turn while turns are owed and the gate is next to idle: 0 when it may
   * (and then not again until the turns owed now have come), else how long until the turns owed when it last did
   * have come, in ms.
   */
  idleGapWaitMs(client: string, now: number): number {
    const until = this.idleGapTaken.get(client);
    if (until !== undefined && now < until) return until - now;
    if (this.idleGapTaken.size >= IDLE_GAP_CLIENTS_SWEPT)
      for (const [taker, takenUntil] of this.idleGapTaken)
        if (takenUntil <= now) this.idleGapTaken.delete(taker);
    this.idleGapTaken.set(client, this.bookedUntil);
    return 0;
  }

  full(): boolean {
    return this.admission.maxUnderWay !== undefined && this.underWay >= this.admission.maxUnderWay;
  }

  /**
   * Books a refused request a turn after those refused before it, one turn's pace apart, so a burst told to come
   * back returns spread over the time it takes to serve, not all in the same second. Answers the wait in ms.
   */
  bookReturn(now: number, wait: number, client: string): number {
    const returnAt = Math.max(now + wait, this.bookedUntil);
    this.bookedUntil = returnAt + this.paceMs();
    this.turns.give(client, returnAt, now);
    return returnAt - now;
  }

  /**
   * How often the gate takes a new request, in ms: how often it answered while it had a queue, and no more often
   * than a slot comes free, nor, with a bound on the requests under way, than one of them is answered.
   *
   * Not the current rate (those under way over how long one takes): while refused requests are away, few are under
   * way, and turns booked at that rate came further and further apart, until the server stood nearly idle while
   * 200 users waited up to 30 s each for theirs (`npm run bench:load`'s burst on PGlite, two runs in four).
   */
  private paceMs(): number {
    const { gate, maxUnderWay } = this.admission;
    return Math.max(
      gate.paceMs,
      maxUnderWay ? this.typicalUnderWayMs / maxUnderWay : 0,
      this.servedIntervalMs,
    );
  }

  admitted(): void {
    this.underWay += 1;
  }

  /**
   * A request answered at `at`, `afterMs` after it was admitted. Two answers in a row while the gate is saturated
   * (a new request would wait longer than it may) measure how often it answers at most; one with nobody waiting at
   * the gate while turns are owed says the turns come too far apart, and their pace quickens by UNDERFED_SPEED_UP.
   */
  answered(afterMs: number, at: number): void {
    this.underWay -= 1;
    this.typicalUnderWayMs = this.typicalUnderWayMs ? 0.9 * this.typicalUnderWayMs + 0.1 * afterMs : afterMs;
    const saturated = this.expectedWaitMs(at) > this.thresholdMs;
    if (saturated && this.lastAnswer.saturated) {
      const interval = at - this.lastAnswer.at;
      this.servedIntervalMs = this.servedIntervalMs ? 0.9 * this.servedIntervalMs + 0.1 * interval : interval;
    } else if (!this.admission.gate.waiters && this.owesTurns(at)) {
      this.servedIntervalMs *= UNDERFED_SPEED_UP;
    }
    this.lastAnswer = { at, saturated };
  }
}
