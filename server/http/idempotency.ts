/**
 * Idempotent writes (issue 42): a signed-in user's write (POST, PUT, PATCH, DELETE) that carries an
 * `Idempotency-Key` header is applied once. The first request with a key claims it (a row of
 * `idempotency_keys`, per user, kept IDEMPOTENCY_LIFETIME_MS) and its answer is stored; the same key again with the
 * same request (method, host, URL and body; a file part counts by its name and size, as a browser sends the same
 * file again with another multipart boundary) answers the stored answer, marked `Idempotent-Replayed: true`,
 * without running the handler; with another request it is refused with 422, so a key reused by mistake never
 * answers for a different write. While the first is still under way, the second waits for its answer.
 *
 * What is stored: every answer below 500 but a 429 (a refused or invalid write is refused again the same way); a
 * server error, a busy 503 (refused before the handler ran) or a lost connection releases the key, so a retry
 * runs the write. The hook runs after the guards and validation, so a 401, 403 or 422 of those never claims a key.
 * Requests without a session (sign-in, password reset links) and the push service's signed calls are left alone:
 * their answers hold secrets that are not kept. The portal sends a new key with every write it makes and keeps it
 * across its retries (src/providers/http-client.ts).
 */
import { createHash } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sessionOfRequest } from '../auth/session';
import { HttpError, invalidField } from '../errors/http-errors';
import { UploadedFile } from './multipart-files';
import { effectiveMethod } from './request-input';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
/** How long a key's answer is kept. */
export const IDEMPOTENCY_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** Printable ASCII without spaces, as the IETF draft's keys (a UUID is the portal's). */
const KEY = /^[\x21-\x7e]{1,255}$/;
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** How often, and how long at most, a repeated request looks for the first one's answer. */
const WAIT_STEP_MS = 50;
const WAIT_LIMIT_MS = 60_000;

export const KEY_INVALID = 'The idempotency key must be 1 to 255 visible ASCII characters.';
export const KEY_REUSED = 'The idempotency key was already used for a different request.';
export const KEY_UNDER_WAY = 'A request with this idempotency key is still being processed.';

interface Claim {
  userId: number;
  key: string;
}

const claims = new WeakMap<FastifyRequest, Claim>();
const replays = new WeakSet<FastifyRequest>();

/** Whether the request was answered with a stored answer (the handler did not run: nothing happened again). */
export const isReplayed = (request: FastifyRequest): boolean => replays.has(request);

/** A value with its keys sorted and each uploaded file as its name and size. */
function canonical(value: unknown): unknown {
  if (value instanceof UploadedFile) return { file: value.filename, size: value.size };
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.keys(value)
      .sort()
      .map((key) => [key, canonical((value as Record<string, unknown>)[key])]);
  }
  return value;
}

function fingerprintOf(request: FastifyRequest): string {
  const request_ = [effectiveMethod(request), request.hostname, request.url, canonical(request.body)];
  return createHash('sha256').update(JSON.stringify(request_)).digest('hex');
}

function headerKey(request: FastifyRequest): string | null {
  const header = request.headers[IDEMPOTENCY_HEADER.toLowerCase()];
  if (header === undefined) return null;
  const key = Array.isArray(header) ? header[0] : header;
  if (!KEY.test(key)) throw invalidField('idempotency_key', KEY_INVALID);
  return key;
}

/** Claims the key, or answers the request with the first answer to it; null when the request may run. */
async function claimOrReplay(request: FastifyRequest, reply: FastifyReply, claim: Claim) {
  const { db } = request.server.ctx;
  const fingerprint = fingerprintOf(request);
  const started = Date.now();
  for (;;) {
    const claimed = await db
      .insertInto('idempotency_keys')
      .values({ user_id: claim.userId, key: claim.key, fingerprint })
      .onConflict((conflict) => conflict.columns(['user_id', 'key']).doNothing())
      .returning('key')
      .executeTakeFirst();
    if (claimed) {
      claims.set(request, claim);
      return null;
    }
    const stored = await db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('user_id', '=', claim.userId)
      .where('key', '=', claim.key)
      .executeTakeFirst();
    if (!stored) continue; // released meanwhile: claim it now
    if (stored.created_at.getTime() < Date.now() - IDEMPOTENCY_LIFETIME_MS) {
      await db
        .deleteFrom('idempotency_keys')
        .where('user_id', '=', claim.userId)
        .where('key', '=', claim.key)
        .where('created_at', '=', stored.created_at)
        .execute();
      continue;
    }
    if (stored.fingerprint !== fingerprint) throw invalidField('idempotency_key', KEY_REUSED);
    if (stored.status_code !== null) {
      replays.add(request);
      reply.code(stored.status_code).header(REPLAYED_HEADER, 'true');
      if (stored.content_type) reply.header('content-type', stored.content_type);
      return reply.send(stored.body ?? undefined);
    }
    if (Date.now() - started > WAIT_LIMIT_MS) throw new HttpError(409, KEY_UNDER_WAY);
    await delay(WAIT_STEP_MS);
  }
}

async function release(request: FastifyRequest): Promise<void> {
  const claim = claims.get(request);
  if (!claim) return;
  claims.delete(request);
  await request.server.ctx.db
    .deleteFrom('idempotency_keys')
    .where('user_id', '=', claim.userId)
    .where('key', '=', claim.key)
    .execute();
}

/** Removes the answers older than IDEMPOTENCY_LIFETIME_MS; returns how many. */
export async function expireIdempotencyKeys(app: FastifyInstance, now = new Date()): Promise<number> {
  const removed = await app.ctx.db
    .deleteFrom('idempotency_keys')
    .where('created_at', '<', new Date(now.getTime() - IDEMPOTENCY_LIFETIME_MS))
    .executeTakeFirst();
  return Number(removed.numDeletedRows);
}

/** Registers the hooks on the API's scope (every route registered after it). */
export function registerIdempotency(app: FastifyInstance): void {
  app.addHook('preHandler', async (request, reply) => {
    if (!WRITES.has(request.method)) return;
    // Only a signed-in user's writes: a public route's header is ignored, whatever it holds.
    const pending = sessionOfRequest(request);
    const key = pending ? headerKey(request) : null;
    if (!pending || !key) return;
    const session = await pending;
    return claimOrReplay(request, reply, { userId: session.user.id, key });
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = claims.get(request);
    if (!claim) return payload;
    const status = reply.statusCode;
    const storable = typeof payload === 'string' || payload === null || payload === undefined;
    if (status >= 500 || status === 429 || !storable) {
      await release(request);
      return payload;
    }
    claims.delete(request);
    const contentType = reply.getHeader('content-type');
    await request.server.ctx.db
      .updateTable('idempotency_keys')
      .set({
        status_code: status,
        content_type: typeof contentType === 'string' ? contentType : null,
        body: payload ?? null,
      })
      .where('user_id', '=', claim.userId)
      .where('key', '=', claim.key)
      .execute();
    return payload;
  });

  // A request that ended without its answer passing onSend releases its key. (A client that closes the connection
  // early does not: the handler runs on, and its answer is kept for the retry.)
  app.addHook('onResponse', (request) => release(request));

  const timer = setInterval(
    () =>
      void expireIdempotencyKeys(app).catch((error: unknown) =>
        app.log.error({ err: error }, 'Expiring idempotency keys failed'),
      ),
    60 * 60 * 1000,
  );
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
