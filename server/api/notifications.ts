/**
 * The signed-in user's notifications in this company (spec 1 §2.5, §7): the bell's list with `with_read`
 * (1 = unread only, 0 = all) and `unread_count`, mark all read, mark one read or unread. Every change publishes
 * `UserNotificationUpdated` `{notification, unread_count}` on `private-Company.{companyId}.User.{userId}`.
 * Title and text answer in the request's language, next to the type and the stored message they are rendered
 * from (issue 12); sending one is `server/realtime/notifications-delivery.ts`.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authenticate, type Session } from '../auth/session';
import { broadcast } from '../realtime/broadcast';
import { foundOr404, IdParams } from '../http/crud/ids';
import { guard, guarded } from '../http/guarded-route';
import { listQueryProperties } from '../http/list-query';
import { isCount, type ListSpec, listEndpointWith } from '../http/listing';
import { DataSchema, ListResponseSchema, PaginatedSchema } from '../http/responses';
import { FORM_CONTENT_TYPES } from '../http/request-input';
import { NOTIFICATION_EVENT } from '../../shared/events';
import { MessageParamsSchema } from '../../shared/schema-types';
import { type Language, requestLanguage } from '../http/language';
import { DateTime, Flag, MessageSchema, Nullable, toBoolean } from '../http/schema-types';
import { channels } from '../realtime/broadcaster';
import {
  type NotificationRow,
  type PresentedNotification,
  presentNotification,
  unreadCount,
  unreadCountExpression,
} from '../realtime/notifications-delivery';

export const NotificationSchema = Type.Object({
  id: Type.Integer(),
  /** Title and text in the request's language (Accept-Language), rendered from the stored message. */
  title: Type.String(),
  text: Type.String(),
  read: Type.Boolean(),
  date: DateTime,
  /** The notification type's key (shared/notification-types.ts); null for rows from before types. */
  type: Nullable(Type.String()),
  /** The stored message (shared/messages.ts): `{key}.title` and `{key}.text` with these parameters. */
  message_key: Nullable(Type.String()),
  message_params: MessageParamsSchema,
});

const notificationList = (
  language: Language,
): ListSpec<'notifications', NotificationRow, PresentedNotification> => ({
  resource: 'notifications',
  sorts: { date: 'notifications.date', title: 'notifications.title' },
  defaultSort: '-date',
  tiebreaker: 'notifications.id',
  search: ['notifications.title', 'notifications.text'],
  fields: ['id', 'title', 'text', 'read', 'date', 'type', 'message_key', 'message_params'],
  present: async (rows) => rows.map((row) => presentNotification(row, language)),
});

const ownNotifications = (request: FastifyRequest, session: Session) =>
  request.server.ctx.db
    .selectFrom('notifications')
    .where('notifications.company_id', '=', session.company.id)
    .where('notifications.user_id', '=', session.user.id);

async function announce(
  request: FastifyRequest,
  session: Session,
  notification: PresentedNotification | null,
  unread: number,
) {
  await broadcast(request, [channels.user(session.company.id, session.user.id)], NOTIFICATION_EVENT, {
    notification,
    unread_count: unread,
  });
}

const ReadAllBody = Type.Object({ read: Type.Optional(Nullable(Flag)) });
const ReadBody = Type.Object({ read: Flag });

export default async function notificationRoutes(server: FastifyInstance): Promise<void> {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/my-account/notifications',
    guarded(guard.signedIn, {
      tags: ['notifications'],
      summary: "The user's notifications in this company; with_read=1 lists only unread ones, 0 all",
      querystring: Type.Object({ ...listQueryProperties, with_read: Type.Optional(Flag) }),
      response: {
        200: ListResponseSchema(
          PaginatedSchema(NotificationSchema, { meta: { unread_count: Type.Integer() } }),
        ),
      },
    }),
    async (request) => {
      const session = await authenticate(request);
      let base = ownNotifications(request, session).selectAll('notifications');
      if (toBoolean(request.query.with_read)) base = base.where('notifications.read_at', 'is', null);
      const listed = await listEndpointWith(
        request,
        base,
        notificationList(requestLanguage(request)),
        request.query,
        { unread: unreadCountExpression(app.ctx.db, session.company.id, session.user.id) },
      );
      if (isCount(listed)) return listed;
      const { alongside, ...body } = listed;
      return { ...body, meta: { ...body.meta, unread_count: Number(alongside.unread) } };
    },
  );

  app.post(
    '/my-account/notifications/read-all',
    guarded(
      guard.signedIn,
      {
        tags: ['notifications'],
        summary: 'Marks every notification of the user in this company read',
        consumes: FORM_CONTENT_TYPES,
        body: ReadAllBody,
        response: { 200: Type.Object({ message: Type.String(), unread_count: Type.Integer() }) },
      },
      { activity: false },
    ),
    async (request) => {
      const session = await authenticate(request);
      await app.ctx.db
        .updateTable('notifications')
        .set({ read_at: new Date() })
        .where('company_id', '=', session.company.id)
        .where('user_id', '=', session.user.id)
        .where('read_at', 'is', null)
        .execute();
      await announce(request, session, null, 0);
      return { message: 'All notifications marked as read.', unread_count: 0 };
    },
  );

  app.patch(
    '/my-account/notifications/:id',
    guarded(
      guard.signedIn,
      {
        tags: ['notifications'],
        summary: 'Marks one notification read (read=1) or unread (read=0); also POST with _method=PATCH',
        consumes: FORM_CONTENT_TYPES,
        params: IdParams,
        body: ReadBody,
        response: { 200: DataSchema(NotificationSchema), 404: MessageSchema },
      },
      { activity: false },
    ),
    async (request) => {
      const session = await authenticate(request);
      const { id } = request.params;
      const read = toBoolean(request.body.read);
      const updated = app.ctx.db
        .updateTable('notifications')
        .set((eb) => ({ read_at: read ? eb.fn.coalesce('read_at', eb.val(new Date())) : null }))
        .where('id', '=', id)
        .where('company_id', '=', session.company.id)
        .where('user_id', '=', session.user.id)
        .returningAll()
        .executeTakeFirst();
      const row = await foundOr404(updated, 'Notification', id);
      const notification = presentNotification(row, requestLanguage(request));
      await announce(
        request,
        session,
        presentNotification(row),
        await unreadCount(app.ctx.db, session.company.id, session.user.id),
      );
      return { data: notification };
    },
  );
}
