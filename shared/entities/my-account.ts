/**
 * My account (spec 2 §My account, §3 User, Notification setting, Activity entry; §5; §7): the signed-in user's
 * own profile, notification settings, activity and password change.
 */
import { type Static, Type } from '@sinclair/typebox';
import { DateTime, FileInput, MessageParamsSchema, Nullable } from '../schema-types';
import { ProfileImageUploadId } from './users';

/** One notification type with how the user receives it (spec 2 §3 'Notification setting'). */
export const NotificationSettingSchema = Type.Object({
  notification_type_id: Type.Integer(),
  notification_type_key: Type.String(),
  notification_type_title: Type.String(),
  category: Type.String(),
  email: Type.Integer({ minimum: 0, maximum: 1 }),
  browser: Type.Integer({ minimum: 0, maximum: 1 }),
});

export const MyAccountSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  username: Type.String(),
  email: Type.String(),
  phone_number: Nullable(Type.String()),
  function: Nullable(Type.String()),
  admin: Type.Integer({ minimum: 0, maximum: 1 }),
  /** Spec 2 §3's User: the company's projects they are in, and their abilities there (both excludable). */
  project_count: Type.Optional(Type.Integer({ minimum: 0 })),
  abilities: Type.Optional(Type.Array(Type.String())),
  role: Nullable(Type.Object({ id: Type.Integer(), title: Type.String() })),
  groups: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
  licenses: Type.Array(Type.String()),
  profile_image: Nullable(Type.String()),
  email_verified_at: Nullable(DateTime),
  notification_settings: Type.Optional(Type.Array(NotificationSettingSchema)),
  autodesk_connected: Type.Boolean(),
  autodesk_scope_outdated: Type.Boolean(),
  created_at: DateTime,
  updated_at: DateTime,
});

/** The profile fields a save may write (spec 2 §5: Name, Username, Email required; Phone Number, Function not). */
export const MyAccountInputSchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 255 }),
  username: Type.String({ minLength: 1, maxLength: 255 }),
  email: Type.String({ minLength: 1, maxLength: 255, format: 'email' }),
  phone_number: Type.Optional(Nullable(Type.String({ maxLength: 50 }))),
  function: Type.Optional(Nullable(Type.String({ maxLength: 255 }))),
  /** The picture as a multipart file part (jpeg, png or bmp, at most 3 MB). */
  profile_image: Type.Optional(FileInput),
  /** Or as a finished resumable upload of the kind `image` (what the portal sends); null removes the picture. */
  profile_image_upload_id: ProfileImageUploadId,
});

/** The password change of the Settings tab (spec 2 §5). */
export const PasswordChangeSchema = Type.Object({
  current_password: Type.String(),
  new_password: Type.String({ minLength: 8, maxLength: 255 }),
  new_password_confirmation: Type.String(),
});

export const PASSWORD_UPDATE_STATUSES = [
  'not_updated',
  'success',
  'success_and_logged_out_all_devices',
] as const;
export type PasswordUpdateStatus = (typeof PASSWORD_UPDATE_STATUSES)[number];

/** An entry of `GET my-account/activity`: what was done (`signed_in`, `created`, …), to what, and when. */
/**
 * One activity entry (spec 2 §3: action and date-time): what was done as a stored message (issue 31: 'Updated
 * user Bob Brown', `message_key` under `account:activity.messages` with its parameters, which the portal renders
 * in the reader's language) and as text in the request's language; `action` is the kind of write and `subject`
 * the API path it went to (kept for clients of before, never shown).
 */
export const ActivityEntrySchema = Type.Object({
  id: Type.Integer(),
  action: Type.String(),
  subject: Nullable(Type.String()),
  message: Type.String(),
  message_key: Type.String(),
  message_params: MessageParamsSchema,
  datetime: DateTime,
});

export type NotificationSetting = Static<typeof NotificationSettingSchema>;
export type MyAccount = Static<typeof MyAccountSchema>;
export type MyAccountInput = Static<typeof MyAccountInputSchema>;
export type PasswordChange = Static<typeof PasswordChangeSchema>;
export type ActivityEntry = Static<typeof ActivityEntrySchema>;
