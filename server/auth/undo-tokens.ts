/**
 * Undo of one's own delete (issue 46): a delete that sends records to the recycling bin answers an `undo_token`,
 * signed by the server, naming the user, the company, the collection and the records' keys, valid for
 * `UNDO_WINDOW_MS`. With it in `X-Undo-Token`, `GET {collection}/{key}/restore` brings those records back for that
 * user even without restore-deleted-entities (the recycling bin's ability): the user undoes what they just did, and
 * nothing else. The key is derived from the push service's secret, which every server of the deployment shares.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a delete may be undone by its own user (the portal offers Undo for a few seconds). */
export const UNDO_WINDOW_MS = 10 * 60_000;

export { UNDO_TOKEN_HEADER } from '../../shared/trash';

interface Grant {
  /** Company, user, collection, keys, expiry (ms since the epoch). */
  c: number;
  u: number;
  p: string;
  k: string[];
  e: number;
}

const keyOf = (secret: string) => createHmac('sha256', secret).update('portal undo tokens').digest();
const signatureOf = (secret: string, payload: string) =>
  createHmac('sha256', keyOf(secret)).update(payload).digest('base64url');

export function undoToken(
  secret: string,
  grant: { companyId: number; userId: number; collection: string; keys: ReadonlyArray<string | number> },
  now = Date.now(),
): string {
  const payload = Buffer.from(
    JSON.stringify({
      c: grant.companyId,
      u: grant.userId,
      p: grant.collection,
      k: grant.keys.map(String),
      e: now + UNDO_WINDOW_MS,
    } satisfies Grant),
  ).toString('base64url');
  return `${payload}.${signatureOf(secret, payload)}`;
}

/** Whether the token lets this user of this company restore this record of this collection now. */
export function undoAllows(
  secret: string,
  token: string | undefined,
  wanted: { companyId: number; userId: number; collection: string; key: string },
  now = Date.now(),
): boolean {
  if (!token) return false;
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length) return false;
  const expected = Buffer.from(signatureOf(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  let grant: Grant;
  try {
    grant = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Grant;
  } catch {
    return false;
  }
  return (
    grant.c === wanted.companyId &&
    grant.u === wanted.userId &&
    grant.p === wanted.collection &&
    Array.isArray(grant.k) &&
    grant.k.includes(wanted.key) &&
    typeof grant.e === 'number' &&
    grant.e > now
  );
}
