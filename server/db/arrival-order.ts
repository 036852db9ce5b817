/**
 * Database connections are handed out in the order the HTTP requests arrived, not in the order their queries
 * were sent. A request runs several queries one after another (tenant, token, abilities, the list, its count);
 * with a plain first-come queue each of them queues again behind every query sent meanwhile, so under load an
 * early request keeps losing to later ones and some clients wait for the whole of their timeout. Here every
 * request takes a ticket when it arrives (`registerArrivalOrder`), the ticket follows its work through async
 * calls (AsyncLocalStorage), and a waiting query with an older ticket goes first. Work outside a request (the
 * processing worker, retention) takes a ticket when it asks for a connection, so it queues fairly as well.
 * A request whose client went away before the answer (a timeout, a closed tab) gives up its place: its waiting
 * and later queries fail with 499 instead of delaying everybody behind work nobody waits for.
 * A sign-in goes first in line (`firstInLine`): a person waits at the login form for it, while the requests of the
 * signed-in are mostly a screen's reloads, and the login gate (../http/overload.ts) bounds how many are under way.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import { HttpError } from '../errors/http-errors';

interface Arrival {
  ticket: number;
  /** Aborted when the client no longer waits for the answer. */
  abandoned?: AbortSignal;
}

const arrival = new AsyncLocalStorage<Arrival>();
let lastTicket = 0;
/** Taken off the ticket of an arrival first in line: below every other's, and in arrival order among its kind. */
const FIRST_IN_LINE = 2 ** 40;
const nextTicket = (firstInLine = false) => ++lastTicket - (firstInLine ? FIRST_IN_LINE : 0);
const isFirstInLine = (ticket: number) => ticket < 0;

/**
 * Runs `work` as a new arrival: the database connections it asks for queue behind every earlier arrival's (with
 * `firstInLine`, only behind earlier arrivals first in line); once `abandoned` aborts, they are refused.
 */
export function asNewArrival<T>(work: () => T, abandoned?: AbortSignal, firstInLine = false): T {
  return arrival.run({ ticket: nextTicket(firstInLine), abandoned }, work);
}

const abandoned = () => new HttpError(499, 'Client Closed Request');

interface Waiter {
  ticket: number;
  sequence: number;
  /** performance.now() when it started waiting. */
  since: number;
  admit: () => void;
}

/** `slots` holders at a time; waiters are admitted oldest ticket first (then in the order they asked). */
export class ArrivalOrderGate {
  private readonly waiting: Waiter[] = [];
  private busy = 0;
  private asked = 0;

  constructor(
    /** How many hold the gate at once. */
    readonly slots: number,
  ) {}

  /** Resolves with the release function once the caller's turn has come. */
  acquire(): Promise<() => void> {
    const current = arrival.getStore();
    const ticket = current?.ticket ?? nextTicket();
    const signal = current?.abandoned;
    if (signal?.aborted) return Promise.reject(abandoned());
    return new Promise((resolve, reject) => {
      let released = false;
      let admittedAt = 0;
      const release = () => {
        if (released) return;
        released = true;
        this.noteHold(performance.now() - admittedAt);
        this.busy -= 1;
        this.admitNext();
      };
      const giveUp = () => {
        const index = this.waiting.indexOf(waiter);
        if (index === -1) return;
        this.waiting.splice(index, 1);
        reject(abandoned());
      };
      const waiter: Waiter = {
        ticket,
        sequence: ++this.asked,
        since: performance.now(),
        admit: () => {
          signal?.removeEventListener('abort', giveUp);
          admittedAt = performance.now();
          resolve(release);
        },
      };
      signal?.addEventListener('abort', giveUp, { once: true });
      // Sorted insertion: the queue holds at most a few hundred waiters.
      let index = this.waiting.length;
      while (index > 0 && this.waiting[index - 1].ticket > ticket) index -= 1;
      this.waiting.splice(index, 0, waiter);
      this.admitNext();
    });
  }

  /** How many callers wait for their turn. */
  get waiters(): number {
    return this.waiting.length;
  }

  /** How long a holder keeps its slot, in ms: a moving average of the recent holds. */
  private typicalHoldMs = 0;

  private noteHold(ms: number): void {
    this.typicalHoldMs = this.typicalHoldMs ? 0.9 * this.typicalHoldMs + 0.1 * ms : ms;
  }

  /**
   * A hold measured by the gate's owner before anyone held it (one password hash at start): without it the
   * first burst would look free (no recent holds, and nobody has waited yet) and queue whole.
   */
  measuredHold(ms: number): void {
    if (!this.typicalHoldMs) this.noteHold(ms);
  }

  /**
   * How long a caller asking now would wait, in ms: the longer of what the longest waiter has waited so far and
   * what the queue ahead would take at the recent pace (a burst that has just arrived has waited nothing yet),
   * counting `comingAhead` callers on their way that will ask before it. With `firstInLine` false, the waiters
   * first in line (sign-ins, `asNewArrival`) are left out: a caller that gives way to them counts them otherwise.
   */
  expectedWaitMs(now = performance.now(), comingAhead = 0, firstInLine = true): number {
    let counted = 0;
    let since = now;
    for (const waiter of this.waiting) {
      if (!firstInLine && isFirstInLine(waiter.ticket)) continue;
      counted += 1;
      since = Math.min(since, waiter.since);
    }
    return Math.max(now - since, ((counted + comingAhead) / this.slots) * this.typicalHoldMs);
  }

  /** How often a slot comes free at the recent pace, in ms: the typical hold shared among the slots. */
  get paceMs(): number {
    return this.typicalHoldMs / this.slots;
  }

  /** How long the longest-waiting caller has waited so far, in ms (0 when nobody waits). */
  longestWaitMs(now = performance.now()): number {
    let since = now;
    for (const waiter of this.waiting) since = Math.min(since, waiter.since);
    return now - since;
  }

  private admitNext(): void {
    while (this.busy < this.slots && this.waiting.length) {
      this.busy += 1;
      this.waiting.shift()!.admit();
    }
  }
}

/**
 * A connection held this long is reported on stderr with the place that asked for it. No query or transaction of
 * ours takes seconds, so such a holder is stuck; with one embedded connection (PGlite) it stops every request, so
 * the report names the code that wedged the server (for instance a query on `db` inside `db.transaction()`).
 */
export const HELD_CONNECTION_REPORT_MS = 30_000;

export interface ArrivalOrderedPool extends PostgresPool {
  /** The gate its connections pass: how many wait, and for how long (server/http/overload.ts reads it). */
  readonly gate: ArrivalOrderGate;
}

/** A pool whose connections are handed out in arrival order, `slots` at a time, over an inner pool. */
export function arrivalOrderedPool(inner: PostgresPool, slots: number): ArrivalOrderedPool {
  const gate = new ArrivalOrderGate(slots);
  return {
    gate,
    async connect(): Promise<PostgresPoolClient> {
      const askedAt = new Error('the connection was asked for');
      const releaseTurn = await gate.acquire();
      try {
        const client = await inner.connect();
        const heldSince = Date.now();
        const report = setTimeout(() => {
          process.stderr.write(
            `A database connection has been held for ${Math.round((Date.now() - heldSince) / 1000)} s ` +
              `(${gate.waiters} waiting): ${askedAt.stack}\n`,
          );
        }, HELD_CONNECTION_REPORT_MS);
        report.unref();
        return {
          query: client.query.bind(client),
          release() {
            clearTimeout(report);
            client.release();
            releaseTurn();
          },
        } as PostgresPoolClient;
      } catch (error) {
        releaseTurn();
        throw error;
      }
    },
    end: () => inner.end(),
  };
}

const arrivals = new WeakMap<FastifyRequest, Arrival>();

/**
 * Gives every request its ticket on arrival and keeps it in force for the request's work: from `onRequest`, and
 * again from `preValidation`, because a request body is read in the socket's own async context. The connection
 * closing before the answer was sent abandons the request. Requests `firstInLine` says so of go ahead of the others.
 */
export function registerArrivalOrder(
  app: FastifyInstance,
  firstInLine: (request: FastifyRequest) => boolean = () => false,
): void {
  app.addHook('onRequest', (request, reply, done) => {
    const controller = new AbortController();
    const current: Arrival = { ticket: nextTicket(firstInLine(request)), abandoned: controller.signal };
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) controller.abort();
    });
    arrivals.set(request, current);
    arrival.run(current, done);
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const current = arrivals.get(request);
    if (current) arrival.run(current, done);
    else done();
  });
}
