/**
 * The one catalogue of notification types (spec 2 §3 "Notification setting"): what the product notifies about,
 * grouped by category, with ids that never change (stored in `notifications.type_id`,
 * `role_notification_settings` and `user_notification_settings`; migration 0080 moved the account's former
 * `notification_types` table onto these ids). Roles, groups (through their role), users and My account all list
 * these; a type's title and category are translated as `notifications:types.{key}` and
 * `notifications:categories.{category}`. A type marked `alwaysDelivered` (the password reset link, the only way it
 * reaches the user) cannot be switched off and is not listed in the settings.
 */
export type NotificationCategory = 'projects' | 'processing' | 'security' | 'account' | 'platform';

export interface NotificationType {
  id: number;
  /** Translation key below `notifications:types.` and the key notifications carry as `type`. */
  key: string;
  /** The English title the API answers. */
  title: string;
  category: NotificationCategory;
  alwaysDelivered?: true;
}

export const NOTIFICATION_TYPES = [
  { id: 1, key: 'projectAssigned', title: 'You were added to a project', category: 'projects' },
  { id: 2, key: 'projectUpdated', title: 'A project was changed', category: 'projects' },
  { id: 8, key: 'projectCreated', title: 'A project was created', category: 'projects' },
  { id: 9, key: 'projectDeleted', title: 'A project was deleted', category: 'projects' },
  { id: 17, key: 'commentMention', title: 'You were mentioned in a comment', category: 'projects' },
  { id: 3, key: 'modelProcessed', title: 'A model finished processing', category: 'processing' },
  { id: 4, key: 'processingFailed', title: 'Processing failed', category: 'processing' },
  { id: 10, key: 'libraryItemProcessed', title: 'A library changed', category: 'processing' },
  { id: 15, key: 'materialsImported', title: 'Materials were imported', category: 'processing' },
  { id: 5, key: 'userInvited', title: 'You were invited to a company', category: 'security' },
  { id: 16, key: 'invitationAccepted', title: 'Someone accepted your invitation', category: 'security' },
  { id: 6, key: 'permissionsChanged', title: 'Your role, groups or licenses changed', category: 'security' },
  { id: 12, key: 'passwordChanged', title: 'Your password was changed', category: 'account' },
  {
    id: 11,
    key: 'passwordReset',
    title: 'Password reset requested',
    category: 'account',
    alwaysDelivered: true,
  },
  { id: 7, key: 'plannedMaintenance', title: 'Planned maintenance', category: 'platform' },
  { id: 13, key: 'downloadsAvailable', title: 'Downloads and exports', category: 'platform' },
  { id: 14, key: 'announcements', title: 'News and tips', category: 'platform' },
] as const satisfies readonly NotificationType[];

export type NotificationTypeKey = (typeof NOTIFICATION_TYPES)[number]['key'];

/** The types a role or user can switch on and off, in the settings' order. */
export const CONFIGURABLE_NOTIFICATION_TYPES: readonly NotificationType[] = NOTIFICATION_TYPES.filter(
  (type: NotificationType) => !type.alwaysDelivered,
);

export const NOTIFICATION_TYPE_IDS: readonly number[] = NOTIFICATION_TYPES.map((type) => type.id);

export const notificationTypeOf = (key: NotificationTypeKey): NotificationType =>
  NOTIFICATION_TYPES.find((type) => type.key === key)!;

export const notificationTypeById = (id: number | null): NotificationType | undefined =>
  NOTIFICATION_TYPES.find((type) => type.id === id);
