/**
 * Activity recording (issue 18, 'my-account/activity'): every successful write of a signed-in user (create,
 * update, delete) is recorded by one `onSend` hook on the API, and sign-ins by the login route. An entry is the
 * action, the API path it went to and what it did as a stored message (issue 31, activity-messages.ts: 'Updated
 * user Bob Brown', worded from the path, the request's body and the answer), which every reader sees in their
 * own language. What a route records is its own declaration's (`activity` of `guarded`, server/http/guarded-route.ts:
 * `false` for bookkeeping, or its own wording), read from the route that answered.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { StoredMessage } from '../../shared/messages';
import { sessionOfRequest } from '../auth/session';
import type { DB } from '../db/database';
import { isReplayed } from '../http/idempotency';
import type { RouteActivity } from '../http/guarded-route';
import { effectiveMethod } from '../http/request-input';
import {
  type ActivityAction,
  activityMessage,
  declaredActivityCollections,
  reprocessTarget,
  type RouteActivityAt,
} from './activity-messages';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * What the API's route at a path without parameters (`users/invite`) declares of its activity: the wording of
     * an entry recorded before issue 31, which keeps only its path (activity-messages.ts).
     */
    routeActivityAt: RouteActivityAt;
  }
}

export async function recordActivity(
  db: DB,
  entry: {
    companyId: number;
    userId: number;
    action: ActivityAction;
    subject?: string | null;
    /** What was done; without one, the action alone ('Signed in'). */
    message?: StoredMessage;
  },
): Promise<void> {
  const stored = entry.message ?? activityMessage({ action: entry.action, path: null });
  await db
    .insertInto('user_activities')
    .values({
      company_id: entry.companyId,
      user_id: entry.userId,
      action: entry.action,
      subject: entry.subject ?? null,
      message_key: stored.key,
      message_params: JSON.stringify(stored.params),
    })
    .execute();
}

/** The answer's body as JSON, when it is one (a file download or an empty answer is not). */
function parsedAnswer(payload: unknown): unknown {
  if (typeof payload !== 'string' || !payload.startsWith('{')) return undefined;
  try {
    return JSON.parse(payload) as unknown;
  } catch {
    return undefined;
  }
}

function actionOf(method: string, path: string): ActivityAction | null {
  if (method === 'DELETE') return 'deleted';
  if (method === 'PATCH' || method === 'PUT') return 'updated';
  if (method !== 'POST') return null;
  // `POST /{collection}/update` (bulk), `/reprocess`, `/duplicate`, `/move` act on what exists.
  return /\/(update|reprocess|duplicate|move|read-all)$/.test(path) ? 'updated' : 'created';
}

/**
 * Registers the hook on the API's scope (every route registered after it), and keeps what its routes without
 * parameters declare (`app.routeActivityAt`). The entry is written before the answer is sent (`onSend`), so a
 * client that reads its activity after the answer finds it.
 */
export function registerActivityRecorder(app: FastifyInstance, prefix = '/api/v2'): void {
  const declaredAt = new Map<string, RouteActivity>();
  app.addHook('onRoute', ({ url, config }: RouteOptions) => {
    const declared = config?.activity;
    const path = url.slice(prefix.length + 1);
    if (declared && !/[:*]/.test(path) && !declaredAt.has(path)) declaredAt.set(path, declared);
  });
  app.decorate('routeActivityAt', (path: string) => declaredAt.get(path));

  app.addHook('onSend', async (request, reply, payload) => {
    // A replayed answer (http/idempotency.ts) did nothing again.
    if (reply.statusCode >= 300 || isReplayed(request)) return payload;
    const declared = request.routeOptions.config.activity;
    if (declared === false) return payload;
    const pending = sessionOfRequest(request);
    if (!pending) return payload;
    const path = request.url.split('?')[0].slice(prefix.length) || '/';
    const action = actionOf(effectiveMethod(request), path);
    if (!action) return payload;
    try {
      const session = await pending;
      const subject = path.replace(/^\//, '');
      const { db, entities } = request.server.ctx;
      const collections = declaredActivityCollections(entities);
      // A reprocess answers a message: the record's name is looked up.
      const target = reprocessTarget(subject, collections);
      const recordName = target ? await target.nameById(db, session.company.id, target.id) : null;
      await recordActivity(db, {
        companyId: session.company.id,
        userId: session.user.id,
        action,
        subject,
        message: activityMessage(
          {
            action,
            path: subject,
            body: request.body,
            answer: parsedAnswer(payload),
            recordName,
            declared,
          },
          collections,
        ),
      });
    } catch (error) {
      request.log.warn({ err: error }, 'activity not recorded');
    }
    return payload;
  });
}
