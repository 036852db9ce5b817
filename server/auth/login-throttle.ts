/**
 * Login rate limiting (like Laravel's RateLimiter): per minute, failed attempts per identity (cleared by a
 * successful login) and all attempts per client address. The counters are rows of `login_attempts`, each counted
 * by one atomic upsert, so every API process on one database counts the same attempts.
 */
import { sql } from 'kysely';
import type { DB } from '../db/database';
import { tooManyAttempts } from '../errors/http-errors';

const WINDOW_MS = 60_000;
/** Expired counters are removed now and then, at most this often per process. */
const SWEEP_EVERY_MS = 10 * WINDOW_MS;

interface Counter {
  hits: number;
  reset_at: Date;
}

class FixedWindowLimiter {
  constructor(
    private readonly db: DB,
    private readonly prefix: string,
    private readonly limit: number,
  ) {}

  private key(key: string): string {
    return `${this.prefix}:${key}`;
  }

  private async read(key: string, now: Date): Promise<Counter | undefined> {
    return this.db
      .selectFrom('login_attempts')
      .select(['hits', 'reset_at'])
      .where('key', '=', this.key(key))
      .where('reset_at', '>', now)
      .executeTakeFirst();
  }

  private refuse(counter: Counter, now: Date): never {
    throw tooManyAttempts(
      Math.ceil((new Date(counter.reset_at).getTime() - now.getTime()) / 1000),
      this.limit,
    );
  }

  /** Throws 429 with Retry-After when the key has used up its attempts in this window. */
  async check(key: string, now = new Date()): Promise<void> {
    const counter = await this.read(key, now);
    if (counter && counter.hits >= this.limit) this.refuse(counter, now);
  }

  /** Counts one attempt: a new window when the last one is over. Answers the counter after the hit. */
  async hit(key: string, now = new Date()): Promise<Counter> {
    const resetAt = new Date(now.getTime() + WINDOW_MS);
    return this.db
      .insertInto('login_attempts')
      .values({ key: this.key(key), hits: 1, reset_at: resetAt })
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet({
          hits: sql<number>`case when login_attempts.reset_at <= ${now} then 1 else login_attempts.hits + 1 end`,
          reset_at: sql<Date>`case when login_attempts.reset_at <= ${now} then excluded.reset_at else login_attempts.reset_at end`,
        }),
      )
      .returning(['hits', 'reset_at'])
      .executeTakeFirstOrThrow();
  }

  /** Counts one attempt, refused with 429 (and not counted further) when it is over the limit. */
  async take(key: string, now = new Date()): Promise<void> {
    const counter = await this.hit(key, now);
    if (counter.hits > this.limit) this.refuse(counter, now);
  }

  async clear(key: string): Promise<void> {
    await this.db.deleteFrom('login_attempts').where('key', '=', this.key(key)).execute();
  }
}

export interface LoginThrottle {
  /** Before checking credentials: 429 when the identity or the address is over its limit; counts the attempt. */
  attempt(identity: string, address: string): Promise<void>;
  failed(identity: string): Promise<void>;
  succeeded(identity: string): Promise<void>;
}

export function loginThrottle(db: DB, limits: { perIdentity: number; perAddress: number }): LoginThrottle {
  const byIdentity = new FixedWindowLimiter(db, 'identity', limits.perIdentity);
  const byAddress = new FixedWindowLimiter(db, 'address', limits.perAddress);
  const identityKey = (identity: string) => identity.trim().toLowerCase();
  let lastSweep = 0;
  const sweep = async (now: Date) => {
    if (now.getTime() - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = now.getTime();
    await db.deleteFrom('login_attempts').where('reset_at', '<=', now).execute();
  };
  return {
    async attempt(identity, address) {
      const now = new Date();
      // At once, not one after another: under load each round trip to the database costs a sign-in a turn of the
      // event loop. An attempt for a locked identity still counts for its address.
      await Promise.all([
        byIdentity.check(identityKey(identity), now),
        byAddress.take(address, now),
        sweep(now),
      ]);
    },
    async failed(identity) {
      await byIdentity.hit(identityKey(identity));
    },
    async succeeded(identity) {
      await byIdentity.clear(identityKey(identity));
    },
  };
}
