/** Roles (spec 2 Security, §3, §6): a named set of abilities with notification settings per type. */
import { type Static, Type } from '@sinclair/typebox';
import { ABILITIES } from '../abilities';
import { DateTime, Nullable, StringEnum } from '../schema-types';

/** One notification type's channels for the role. */
export const RoleNotificationSettingSchema = Type.Object({
  notification_type_id: Type.Integer(),
  notification_type_title: Type.String(),
  category: Type.String(),
  email: Type.Boolean(),
  browser: Type.Boolean(),
});

export const RoleNotificationSettingInputSchema = Type.Object({
  notification_type_id: Type.Integer({ minimum: 1 }),
  email: Type.Boolean(),
  browser: Type.Boolean(),
});

/** What a create or an update may write: a title unique in the company, abilities of spec 2 §6. */
export const RoleInputSchema = Type.Object({
  title: Type.String({ minLength: 1, maxLength: 255 }),
  description: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
  abilities: Type.Optional(Type.Array(StringEnum(ABILITIES), { maxItems: ABILITIES.length * 2 })),
  notification_settings: Type.Optional(Type.Array(RoleNotificationSettingInputSchema, { maxItems: 100 })),
});

/** A role as the API answers it. */
export const RoleSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  description: Nullable(Type.String()),
  abilities: Type.Array(Type.String()),
  notification_settings: Type.Array(RoleNotificationSettingSchema),
  users_count: Type.Integer(),
  created_at: DateTime,
  updated_at: DateTime,
});

export type Role = Static<typeof RoleSchema>;
export type RoleInput = Static<typeof RoleInputSchema>;
export type RoleNotificationSetting = Static<typeof RoleNotificationSettingSchema>;
