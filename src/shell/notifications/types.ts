import type { StoredMessageFields } from '@/components/stored-message';

/**
 * A notification of the signed-in user (spec 1 §3): title and text in the request's language, and the stored
 * message (`{message_key}.title`, `.text` with `message_params`) the portal renders in the reader's language.
 */
export interface UserNotification extends StoredMessageFields {
  id: number;
  title: string;
  text: string;
  read: boolean;
  date: string;
  /** The notification type's key (shared/notification-types.ts). */
  type?: string | null;
}

/** The list filter of spec 1 §4: `with_read=1` lists the unread ones, `with_read=0` all of them. */
export type NotificationView = 'unread' | 'all';

export const NOTIFICATIONS_RESOURCE = 'my-account/notifications';
/** Spec 1 §9: the page size starts at 10 and grows by 10 each time the list is scrolled to the bottom. */
export const NOTIFICATION_PAGE_SIZE = 10;
