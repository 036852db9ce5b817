/** Database connections go to the earliest arrival first, whatever order the queries were sent in. */
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ArrivalOrderGate,
  arrivalOrderedPool,
  asNewArrival,
  HELD_CONNECTION_REPORT_MS,
} from '../../server/db/arrival-order';

/** A promise with its resolve function, to let one piece of work go on at a chosen moment. */
function signal() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe('ArrivalOrderGate', () => {
  it('admits a waiting query of an earlier arrival before those of later arrivals, even when it asked last', async () => {
    const gate = new ArrivalOrderGate(1);
    const admitted: string[] = [];
    const releaseHolder = await asNewArrival(() => gate.acquire());

    const earlyAsks = signal();
    const early = asNewArrival(async () => {
      // Arrived first, but (like a request between two of its queries) asks for the connection later.
      await earlyAsks.promise;
      const release = await gate.acquire();
      admitted.push('early');
      release();
    });
    const late = [1, 2, 3].map((n) =>
      asNewArrival(async () => {
        const release = await gate.acquire();
        admitted.push(`late ${n}`);
        release();
      }),
    );
    earlyAsks.resolve();
    await Promise.resolve();
    await Promise.resolve();

    releaseHolder();
    await Promise.all([early, ...late]);
    expect(admitted).toEqual(['early', 'late 1', 'late 2', 'late 3']);
  });

  it('serves the queries of one arrival in the order they asked, several at a time with several slots', async () => {
    const gate = new ArrivalOrderGate(2);
    const holders = await Promise.all([gate.acquire(), gate.acquire()]);
    const order: number[] = [];
    const waiting = asNewArrival(() =>
      [1, 2, 3].map((n) =>
        gate.acquire().then((release) => {
          order.push(n);
          return release;
        }),
      ),
    );
    holders.forEach((release) => release());
    const releases = await Promise.all(waiting.slice(0, 2));
    expect(order).toEqual([1, 2]);
    releases[0]();
    (await waiting[2])();
    releases[1]();
    expect(order).toEqual([1, 2, 3]);
  });

  it('admits an arrival first in line (a sign-in) before every other waiting arrival, in order among its kind', async () => {
    const gate = new ArrivalOrderGate(1);
    const admitted: string[] = [];
    const releaseHolder = await asNewArrival(() => gate.acquire());
    const arrive = (name: string, firstInLine: boolean) =>
      asNewArrival(
        async () => {
          (await gate.acquire())();
          admitted.push(name);
        },
        undefined,
        firstInLine,
      );
    const waiting = [
      arrive('list 1', false),
      arrive('login 1', true),
      arrive('list 2', false),
      arrive('login 2', true),
    ];
    releaseHolder();
    await Promise.all(waiting);
    expect(admitted).toEqual(['login 1', 'login 2', 'list 1', 'list 2']);
  });

  it('refuses the queries of an arrival whose client went away, waiting or not, and goes on with the next', async () => {
    const gate = new ArrivalOrderGate(1);
    const releaseHolder = await gate.acquire();
    const gone = new AbortController();
    const abandonedQuery = asNewArrival(() => gate.acquire(), gone.signal);
    const admitted: string[] = [];
    const next = asNewArrival(async () => {
      (await gate.acquire())();
      admitted.push('next');
    });
    gone.abort();
    await expect(abandonedQuery).rejects.toMatchObject({ statusCode: 499 });
    await expect(asNewArrival(() => gate.acquire(), gone.signal)).rejects.toMatchObject({ statusCode: 499 });
    releaseHolder();
    await next;
    expect(admitted).toEqual(['next']);
  });
});

describe('arrivalOrderedPool', () => {
  afterEach(() => vi.useRealTimers());

  /** One connection, like embedded PGlite. */
  const singleConnection: PostgresPool = {
    connect: async () =>
      ({ query: async () => ({ rows: [] }), release: () => undefined }) as unknown as PostgresPoolClient,
    end: async () => undefined,
  };

  it('reports on stderr a connection held too long, with the code that asked for it and how many wait', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const pool = arrivalOrderedPool(singleConnection, 1);
    // A transaction's holder that then waits for a second connection of the same pool: with one, it never comes.
    async function queryOutsideTheTransaction() {
      const transaction = await pool.connect();
      const outside = pool.connect();
      return { transaction, outside };
    }
    const { transaction, outside } = await queryOutsideTheTransaction();

    vi.advanceTimersByTime(HELD_CONNECTION_REPORT_MS - 1);
    expect(stderr).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(stderr).toHaveBeenCalledTimes(1);
    const report = String(stderr.mock.calls[0][0]);
    expect(report).toMatch(/held for 30 s \(1 waiting\)/);
    expect(report).toContain('queryOutsideTheTransaction');
    stderr.mockRestore();

    transaction.release();
    (await outside).release();
  });

  it('says nothing of a connection given back in time', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const pool = arrivalOrderedPool(singleConnection, 1);
    (await pool.connect()).release();
    vi.advanceTimersByTime(HELD_CONNECTION_REPORT_MS * 2);
    expect(stderr).not.toHaveBeenCalled();
    stderr.mockRestore();
  });
});

describe('the wait a new caller can expect (overload shedding reads it)', () => {
  afterEach(() => vi.useRealTimers());

  it('is what the queue ahead would take at the recent pace, or what the longest waiter has waited if that is longer', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const gate = new ArrivalOrderGate(2);
    expect(gate.expectedWaitMs()).toBe(0);

    // Two holds of 100 ms set the pace.
    const first = await Promise.all([gate.acquire(), gate.acquire()]);
    vi.advanceTimersByTime(100);
    first.forEach((release) => release());

    // A burst: both slots taken, six waiting, none of them for long yet.
    const holders = await Promise.all([gate.acquire(), gate.acquire()]);
    const waiting = Array.from({ length: 6 }, () => gate.acquire());
    expect(gate.longestWaitMs()).toBe(0);
    expect(gate.expectedWaitMs()).toBe(300);

    // The queue stands still: the time waited so far counts once it is longer.
    vi.advanceTimersByTime(450);
    expect(gate.expectedWaitMs()).toBe(450);

    holders.forEach((release) => release());
    for (const turn of waiting) (await turn)();
    expect(gate.waiters).toBe(0);
    expect(gate.longestWaitMs()).toBe(0);
  });

  it('leaves out the waiters first in line when asked to: a caller that gives way to them counts them otherwise', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const gate = new ArrivalOrderGate(1);
    gate.measuredHold(10);
    const holder = await gate.acquire();
    // Four sign-ins first in line, then two others.
    const signIns = Array.from({ length: 4 }, () => asNewArrival(() => gate.acquire(), undefined, true));
    vi.advanceTimersByTime(300);
    const others = Array.from({ length: 2 }, () => gate.acquire());
    vi.advanceTimersByTime(5);
    // All six: the sign-ins have waited 305 ms. The others alone: two holds, or their own 5 ms waited.
    expect(gate.expectedWaitMs()).toBe(305);
    expect(gate.expectedWaitMs(performance.now(), 0, false)).toBe(20);
    expect(gate.expectedWaitMs(performance.now(), 3, false)).toBe(50);
    holder();
    for (const turn of [...signIns, ...others]) (await turn)();
    expect(gate.expectedWaitMs(performance.now(), 0, false)).toBe(0);
  });

  it('counts a hold measured before anyone held the gate, so the first burst is not taken for a free queue', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const gate = new ArrivalOrderGate(2);
    gate.measuredHold(10);
    const holders = await Promise.all([gate.acquire(), gate.acquire()]);
    const waiting = Array.from({ length: 100 }, () => gate.acquire());
    // Nobody has waited yet, and no hold has ended: 100 waiters, two at a time, 10 ms each.
    expect(gate.longestWaitMs()).toBe(0);
    expect(gate.expectedWaitMs()).toBe(500);
    // Once holds are measured, they set the pace; a second measurement does not overwrite them.
    vi.advanceTimersByTime(20);
    holders.forEach((release) => release());
    gate.measuredHold(1_000);
    for (const turn of waiting) (await turn)();
    expect(gate.expectedWaitMs()).toBe(0);
    const [a, b] = await Promise.all([gate.acquire(), gate.acquire()]);
    const queued = Array.from({ length: 10 }, () => gate.acquire());
    expect(gate.expectedWaitMs()).toBeLessThan(200);
    a();
    b();
    for (const turn of queued) (await turn)();
  });
});
