/**
 * Activity recording (issue 18, 'my-account/activity'): every successful write of a signed-in user (create,
 * update, delete) is recorded by one `onResponse` hook on the API, and sign-ins by the login route. An entry is
 * the action and what it was done to (the API path), so the portal can word it in the reader's language.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sessionOfRequest } from '../auth/session';
import type { DB } from '../db/database';

export const ACTIVITY_ACTIONS = [
  'signed_in',
  'created',
  'updated',
  'deleted',
  'password_changed',
  'password_reset',
  'invitation_accepted',
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/** Writes that are bookkeeping rather than something the user did to the company's data. */
const NOT_RECORDED = [
  /^\/my-account\/notifications/,
  /^\/uploads/,
  /^\/broadcasting/,
  /^\/login$/,
  /^\/password\//,
];

export async function recordActivity(
  db: DB,
  entry: { companyId: number; userId: number; action: ActivityAction; subject?: string | null },
): Promise<void> {
  await db
    .insertInto('user_activities')
    .values({
      company_id: entry.companyId,
      user_id: entry.userId,
      action: entry.action,
      subject: entry.subject ?? null,
    })
    .execute();
}

/** The method a route answered: a spoofed POST (`_method=PATCH`) counts as the method it stood for. */
function effectiveMethod(request: FastifyRequest): string {
  const spoofed = (request.routeOptions.config as { spoofedMethods?: string[] }).spoofedMethods;
  return request.method === 'POST' && spoofed?.length ? spoofed[0] : request.method;
}

function actionOf(method: string, path: string): ActivityAction | null {
  if (method === 'DELETE') return 'deleted';
  if (method === 'PATCH' || method === 'PUT') return 'updated';
  if (method !== 'POST') return null;
  // `POST /{collection}/update` (bulk), `/reprocess`, `/duplicate`, `/move` act on what exists.
  return /\/(update|reprocess|duplicate|move|read-all)$/.test(path) ? 'updated' : 'created';
}

/**
 * Registers the hook on the API's scope (every route registered after it). The entry is written before the answer
 * is sent (`onSend`), so a client that reads its activity after the answer finds it.
 */
export function registerActivityRecorder(app: FastifyInstance, prefix = '/api/v2'): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode >= 300) return payload;
    const pending = sessionOfRequest(request);
    if (!pending) return payload;
    const path = request.url.split('?')[0].slice(prefix.length) || '/';
    if (NOT_RECORDED.some((pattern) => pattern.test(path))) return payload;
    const action = actionOf(effectiveMethod(request), path);
    if (!action) return payload;
    try {
      const session = await pending;
      await recordActivity(request.server.ctx.db, {
        companyId: session.company.id,
        userId: session.user.id,
        action,
        subject: path.replace(/^\//, ''),
      });
    } catch (error) {
      request.log.warn({ err: error }, 'activity not recorded');
    }
    return payload;
  });
}
