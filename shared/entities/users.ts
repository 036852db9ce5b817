/**
 * Users of a company (spec 2 Security, §3, §5): the list and edit screens, the invitation, and the platform
 * administrators' view across companies (`/admin/users`).
 */
import { type Static, Type } from '@sinclair/typebox';
import { LICENCE_KEYS } from '../platforms';
import { DateTime, Nullable, StringEnum, UploadId } from '../schema-types';

const EMAIL = { format: 'email', maxLength: 255 } as const;

/**
 * The profile image (spec 2 §5: JPEG, PNG or BMP) as a finished resumable upload of the kind `image`: its id, or
 * null to remove the picture; absent leaves it.
 */
export const ProfileImageUploadId = Type.Optional(Nullable(UploadId('image')));

/** What a create or an update in the company may write (licences only on the security user edit). */
export const UserInputSchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 255 }),
  username: Type.String({ minLength: 1, maxLength: 255, pattern: '^[A-Za-z0-9._-]+$' }),
  email: Type.String(EMAIL),
  phone_number: Type.Optional(Nullable(Type.String({ maxLength: 50 }))),
  function: Type.Optional(Nullable(Type.String({ maxLength: 255 }))),
  profile_image_upload_id: ProfileImageUploadId,
  role_id: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
  groups: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 1000 })),
  licenses: Type.Optional(Type.Array(StringEnum(LICENCE_KEYS), { maxItems: 10 })),
});

/**
 * The administrators' create and edit (`/admin/users`): the user's own fields and the admin flag; on create an
 * optional initial password (without one the user sets theirs through 'Forgot password?').
 */
export const AdminUserInputSchema = Type.Object({
  name: UserInputSchema.properties.name,
  username: UserInputSchema.properties.username,
  email: UserInputSchema.properties.email,
  phone_number: UserInputSchema.properties.phone_number,
  function: UserInputSchema.properties.function,
  profile_image_upload_id: ProfileImageUploadId,
  admin: Type.Optional(Type.Boolean()),
  password: Type.Optional(Nullable(Type.String({ minLength: 8, maxLength: 255 }))),
});

/** `POST /users/invite`: an existing user's username or email, or a new email; and the role they get. */
export const InviteInputSchema = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 255 }),
  role_id: Type.Integer({ minimum: 1 }),
});

/** Spec 2 §3: a user's `admin` flag is 0 or 1 (the session user's, spec 1 §3, is a boolean). */
export const AdminFlagSchema = Type.Union([Type.Literal(0), Type.Literal(1)]);
export type AdminFlag = Static<typeof AdminFlagSchema>;

/** Spec 2 §3's User fields of the company asked: its live projects the user is in, and their abilities there. */
const companyFields = {
  project_count: Type.Integer({ minimum: 0 }),
  abilities: Type.Array(Type.String()),
};

/** A user as the API answers it (spec 2 §3). */
export const UserSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  username: Type.String(),
  email: Type.String(),
  phone_number: Nullable(Type.String()),
  function: Nullable(Type.String()),
  admin: AdminFlagSchema,
  profile_image: Nullable(Type.String()),
  role: Nullable(Type.Object({ id: Type.Integer(), title: Type.String() })),
  role_id: Nullable(Type.Integer()),
  groups: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
  group_count: Type.Integer(),
  licenses: Type.Array(Type.String()),
  ...companyFields,
  created_at: DateTime,
  updated_at: DateTime,
  email_verified: Type.Boolean(),
  email_verified_at: Nullable(DateTime),
  /** Invited and not yet accepted: listed, but not signing in to the company until the invitation is accepted. */
  invitation_pending: Type.Boolean(),
});

/**
 * A user across companies (`/admin/users`): the companies they belong to, and whether one of them is the company of
 * the host asked (only there can an administrator remove them).
 */
export const AdminUserSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  username: Type.String(),
  email: Type.String(),
  phone_number: Nullable(Type.String()),
  function: Nullable(Type.String()),
  admin: AdminFlagSchema,
  profile_image: Nullable(Type.String()),
  ...companyFields,
  companies: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
  in_current_company: Type.Boolean(),
  created_at: DateTime,
  updated_at: DateTime,
  email_verified: Type.Boolean(),
  email_verified_at: Nullable(DateTime),
});

export type User = Static<typeof UserSchema>;
export type UserInput = Static<typeof UserInputSchema>;
export type AdminUser = Static<typeof AdminUserSchema>;
export type AdminUserInput = Static<typeof AdminUserInputSchema>;
export type InviteInput = Static<typeof InviteInputSchema>;
