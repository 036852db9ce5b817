/** Response schemas shared by several endpoint groups (they also document the API at /api/v2/docs). */
import { Type } from '@sinclair/typebox';
import { DateTime, Nullable } from '../http/schema-types';

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
});

/** `POST /login` and `GET /auth/validate`. */
export const AuthResponseSchema = Type.Object({
  access_token: Type.String(),
  token_type: Type.Literal('Bearer'),
  expires_at: DateTime,
  user: SessionUserSchema,
});
