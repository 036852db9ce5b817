/**
 * The turns a busy server gives the clients it refuses (./overload.ts), kept for them: a refused request is told
 * when to come back, to the millisecond in `retry_after_ms` (which the portal follows, src/providers/http-client.ts)
 * and in whole seconds in `Retry-After` (after which other clients may add a random part of the next second). A
 * client that comes back at or within TURN_KEPT_MS after its turn claims it and is served even though the queue is
 * still long; a newcomer meanwhile is refused and given a turn of its own, after
 * the others. Without this, those coming back race those who were never refused, and under saturation a few users
 * were refused again and again (waits of 15 s beside a median of 1.7 s) while others were always served.
 *
 * A client is who sends the request: its bearer token, else its address (a login). Several turns may be held by one
 * client (a browser's parallel requests, people behind one address), at most MAX_TURNS_PER_CLIENT.
 */
import type { FastifyRequest } from 'fastify';

/**
 * How long after its turn a client may still claim it, in ms: for a client that follows `Retry-After`, the second it
 * rounds up to and a random part of the next, and the request's way to the server.
 */
export const TURN_KEPT_MS = 2_500;
/**
 * A client's turns beyond this many are not kept (the wait is still told): more than a browser's parallel requests,
 * for the people of an office signing in from one address at nine.
 */
export const MAX_TURNS_PER_CLIENT = 32;
/** How often turns nobody came back for are dropped, in ms. */
const SWEEP_EVERY_MS = 5_000;

/** Who sends a request, for its turns: its bearer token (several tabs of one user share it), else its address. */
export function clientOf(request: FastifyRequest): string {
  const authorization = request.headers.authorization;
  return authorization ? `token:${authorization}` : `address:${request.ip}`;
}

export class ClientTurns {
  /** Each client's turns, as performance.now() times, oldest first. */
  private readonly turns = new Map<string, number[]>();
  private sweptAt = 0;

  /** Keeps a turn at `at` for `client` (refused at `now`). */
  give(client: string, at: number, now: number): void {
    this.sweep(now);
    const held = this.turns.get(client);
    if (!held) this.turns.set(client, [at]);
    else if (held.length < MAX_TURNS_PER_CLIENT) held.push(at);
  }

  /**
   * Whether `client` holds a turn that has come (`now` at or after it, within TURN_KEPT_MS); the turn is used up. A
   * client coming back before its turn (it did not wait) does not claim it.
   */
  claim(client: string, now: number): boolean {
    const held = this.turns.get(client);
    if (!held) return false;
    const kept = this.keepUnlapsed(client, held, now);
    const due = kept.findIndex((turn) => turn <= now);
    if (due >= 0) kept.splice(due, 1);
    if (!kept.length) this.turns.delete(client);
    return due >= 0;
  }

  /** How many clients hold turns. */
  get clients(): number {
    return this.turns.size;
  }

  private sweep(now: number): void {
    if (now - this.sweptAt < SWEEP_EVERY_MS) return;
    this.sweptAt = now;
    for (const [client, held] of this.turns) this.keepUnlapsed(client, held, now);
  }

  /** Drops `client`'s turns that lapsed by `now` (the client too, when none is left); answers those kept. */
  private keepUnlapsed(client: string, held: number[], now: number): number[] {
    const kept = held.filter((turn) => now <= turn + TURN_KEPT_MS);
    if (kept.length) this.turns.set(client, kept);
    else this.turns.delete(client);
    return kept;
  }
}
