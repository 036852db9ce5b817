/**
 * Login rate limiting (like Laravel's RateLimiter): per minute, failed attempts per identity (cleared by a
 * successful login) and all attempts per client address. In memory, per server process.
 */
import { tooManyAttempts } from '../http/errors';

const WINDOW_MS = 60_000;

interface Bucket {
  hits: number;
  resetAt: number;
}

class FixedWindowLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(private readonly limit: number) {}

  private bucket(key: string, now: number): Bucket {
    let bucket = this.buckets.get(key);
    if (!bucket || bucket.resetAt <= now) {
      bucket = { hits: 0, resetAt: now + WINDOW_MS };
      this.buckets.set(key, bucket);
    }
    return bucket;
  }

  /** Throws 429 with Retry-After when the key has used up its attempts in this window. */
  check(key: string, now = Date.now()): void {
    const bucket = this.bucket(key, now);
    if (bucket.hits >= this.limit)
      throw tooManyAttempts(Math.ceil((bucket.resetAt - now) / 1000), this.limit);
  }

  hit(key: string, now = Date.now()): void {
    this.bucket(key, now).hits += 1;
    if (this.buckets.size > 10_000) this.sweep(now);
  }

  clear(key: string): void {
    this.buckets.delete(key);
  }

  private sweep(now: number): void {
    for (const [key, bucket] of this.buckets) if (bucket.resetAt <= now) this.buckets.delete(key);
  }
}

export interface LoginThrottle {
  /** Before checking credentials: 429 when the identity or the address is over its limit; counts the attempt. */
  attempt(identity: string, address: string): void;
  failed(identity: string): void;
  succeeded(identity: string): void;
}

export function loginThrottle(limits: { perIdentity: number; perAddress: number }): LoginThrottle {
  const byIdentity = new FixedWindowLimiter(limits.perIdentity);
  const byAddress = new FixedWindowLimiter(limits.perAddress);
  const identityKey = (identity: string) => identity.trim().toLowerCase();
  return {
    attempt(identity, address) {
      byIdentity.check(identityKey(identity));
      byAddress.check(address);
      byAddress.hit(address);
    },
    failed(identity) {
      byIdentity.hit(identityKey(identity));
    },
    succeeded(identity) {
      byIdentity.clear(identityKey(identity));
    },
  };
}
