/**
 * Sending a notification (spec 1 §2.5, spec 2 §3 "Notification setting"; issues 12, 14, 18): every notification
 * has a type of the one catalogue (shared/notification-types.ts) and a stored message (shared/messages.ts) that
 * each reader sees in their own language. It arrives in the portal only when the user receives that type there:
 * the user's own setting (My account) when they made one, otherwise the settings of their roles (their company
 * role and the roles their groups grant; on when any of them has it on), otherwise on. A type marked
 * `alwaysDelivered` (the password reset link) always arrives. After the transaction commits,
 * `announceNotifications` publishes `UserNotificationUpdated` `{notification, unread_count}` on the user's private
 * channel, which the bell follows.
 */
import { type Selectable, sql } from 'kysely';
import { NOTIFICATION_EVENT } from '../../shared/events';
import type { StoredMessage } from '../../shared/messages';
import {
  CONFIGURABLE_NOTIFICATION_TYPES,
  type NotificationType,
  type NotificationTypeKey,
  notificationTypeById,
  notificationTypeOf,
} from '../../shared/notification-types';
import type { DB } from '../db/database';
import type { NotificationsTable } from '../db/schema';
import { type BroadcastSource, broadcast } from './broadcast';
import type { Language } from '../http/language';
import { renderTitled } from '../http/messages';
import { iso } from '../http/schema-types';
import { channels } from './broadcaster';

export type NotificationRow = Selectable<NotificationsTable>;

/** A notification as the API answers it: title and text in `language`, with its type and stored message. */
export function presentNotification(row: NotificationRow, language: Language = 'en') {
  const { title, text } = row.message_key
    ? renderTitled({ key: row.message_key, params: row.message_params ?? {} }, language, row)
    : row;
  return {
    id: row.id,
    title,
    text,
    read: row.read_at !== null,
    date: iso(row.date)!,
    type: notificationTypeById(row.type_id)?.key ?? null,
    message_key: row.message_key,
    message_params: row.message_params ?? {},
  };
}

export type PresentedNotification = ReturnType<typeof presentNotification>;

const unreadQuery = (db: DB, companyId: number, userId: number) =>
  db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .where('read_at', 'is', null);

export async function unreadCount(db: DB, companyId: number, userId: number): Promise<number> {
  const row = await unreadQuery(db, companyId, userId).executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** The unread count as an expression, to be asked for inside another statement. */
export const unreadCountExpression = (db: DB, companyId: number, userId: number) =>
  sql<number>`(${unreadQuery(db, companyId, userId)})`;

export interface NotificationSettingState {
  type: NotificationType;
  email: boolean;
  browser: boolean;
  /** The user chose it themselves (My account), rather than inheriting it from their roles. */
  own: boolean;
}

/** How the user receives each configurable type in this company (see the module's comment). */
export async function notificationSettingsOf(
  db: DB,
  companyId: number,
  userId: number,
): Promise<NotificationSettingState[]> {
  const [own, fromRoles] = await Promise.all([
    db
      .selectFrom('user_notification_settings')
      .select(['notification_type_id', 'email', 'browser'])
      .where('company_id', '=', companyId)
      .where('user_id', '=', userId)
      .execute(),
    db
      .selectFrom('role_notification_settings as setting')
      .innerJoin('roles', 'roles.id', 'setting.role_id')
      .select(['setting.notification_type_id', 'setting.email', 'setting.browser'])
      .where('roles.company_id', '=', companyId)
      .where((eb) =>
        eb.or([
          eb(
            'setting.role_id',
            'in',
            eb
              .selectFrom('company_user')
              .select('role_id')
              .where('company_id', '=', companyId)
              .where('user_id', '=', userId)
              .where('role_id', 'is not', null)
              .$narrowType<{ role_id: number }>(),
          ),
          eb(
            'setting.role_id',
            'in',
            eb
              .selectFrom('groups')
              .innerJoin('group_user', 'group_user.group_id', 'groups.id')
              .select('groups.role_id')
              .where('groups.company_id', '=', companyId)
              .where('groups.deleted_at', 'is', null)
              .where('group_user.user_id', '=', userId)
              .where('groups.role_id', 'is not', null)
              .$narrowType<{ role_id: number }>(),
          ),
        ]),
      )
      .execute(),
  ]);
  return CONFIGURABLE_NOTIFICATION_TYPES.map((type) => {
    const mine = own.find((row) => row.notification_type_id === type.id);
    if (mine) return { type, email: mine.email, browser: mine.browser, own: true };
    const roles = fromRoles.filter((row) => row.notification_type_id === type.id);
    return {
      type,
      email: !roles.length || roles.some((row) => row.email),
      browser: !roles.length || roles.some((row) => row.browser),
      own: false,
    };
  });
}

export interface Notice {
  companyId: number;
  userId: number;
  type: NotificationTypeKey;
  message: StoredMessage;
}

/**
 * Stores the notification when the user receives its type in the portal (inside the caller's transaction);
 * the stored row, or null when the user switched the type off.
 */
export async function deliverNotification(db: DB, notice: Notice): Promise<NotificationRow | null> {
  const type = notificationTypeOf(notice.type);
  if (!type.alwaysDelivered) {
    const settings = await notificationSettingsOf(db, notice.companyId, notice.userId);
    if (settings.find((setting) => setting.type.id === type.id)?.browser === false) return null;
  }
  const english = renderTitled(notice.message, 'en');
  return db
    .insertInto('notifications')
    .values({
      company_id: notice.companyId,
      user_id: notice.userId,
      title: english.title,
      text: english.text,
      read_at: null,
      type_id: type.id,
      message_key: notice.message.key,
      message_params: JSON.stringify(notice.message.params),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** `UserNotificationUpdated` with the new count, for each delivered notification; call after the commit. */
export async function announceNotifications(
  source: BroadcastSource,
  delivered: Array<NotificationRow | null>,
): Promise<void> {
  for (const row of delivered) {
    if (!row) continue;
    const unread = await unreadCount(source.server.ctx.db, row.company_id, row.user_id);
    await broadcast(source, [channels.user(row.company_id, row.user_id)], NOTIFICATION_EVENT, {
      notification: presentNotification(row),
      unread_count: unread,
    });
  }
}
