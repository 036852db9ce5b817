/** Response schemas shared by several endpoint groups (they also document the API at /api/v2/docs). */
import { Type } from '@sinclair/typebox';
import { SavedViewStateSchema } from '../../shared/entities/saved-views';
import { DESIGN_SOFTWARE_PROBLEMS, THEME_PREFERENCES } from '../../shared/session';
import { DateTime, Nullable, StringEnum } from '../http/schema-types';

export const TenantSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  logo: Nullable(Type.String()),
  sub_domain: Type.String(),
  colors: Type.Object({
    primary_color: Nullable(Type.String()),
    primary_accent: Nullable(Type.String()),
    is_default: Type.Boolean(),
  }),
});

/** A user's preferences (shared/session.ts `UserPreferences`), kept per user across devices. */
export const UserPreferencesSchema = Type.Object({
  dismissed_design_software_warning: Type.Optional(Nullable(StringEnum(DESIGN_SOFTWARE_PROBLEMS))),
  theme: Type.Optional(Nullable(StringEnum(THEME_PREFERENCES))),
});

/** The session user of spec 1 §3 (shared/session.ts). */
export const SessionUserSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  username: Type.String(),
  email: Type.String(),
  profile_image: Nullable(Type.String()),
  admin: Type.Boolean(),
  abilities: Type.Array(Type.String()),
  licenses: Type.Array(Type.String()),
  autodesk_connected: Type.Boolean(),
  autodesk_scope_outdated: Type.Boolean(),
  /** The company connects design-software accounts (its autodesk_integration is not 'no'). */
  autodesk_integration: Type.Boolean(),
  preferences: UserPreferencesSchema,
  /** The state of the user's default saved view per list in this company (issue 33). */
  default_views: Type.Optional(Type.Record(Type.String(), SavedViewStateSchema)),
});

/** `POST /login` and `GET /auth/validate`. */
export const AuthResponseSchema = Type.Object({
  access_token: Type.String(),
  token_type: Type.Literal('Bearer'),
  expires_at: DateTime,
  user: SessionUserSchema,
});
