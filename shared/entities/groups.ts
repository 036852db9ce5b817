/** Groups (spec 2 Security, §3): users who receive the abilities of the group's role. */
import { type Static, Type } from '@sinclair/typebox';
import { DateTime, Nullable } from '../schema-types';

export const GroupMemberSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  profile_image: Nullable(Type.String()),
});

/** What a create or an update may write: a name unique in the company, the role it grants, its members. */
export const GroupInputSchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 255 }),
  description: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
  role_id: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
  users: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 1000 })),
});

/** A group as the API answers it. */
export const GroupSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Nullable(Type.String()),
  role: Nullable(Type.Object({ id: Type.Integer(), title: Type.String() })),
  role_id: Nullable(Type.Integer()),
  users: Type.Array(GroupMemberSchema),
  users_count: Type.Integer(),
  created_at: DateTime,
  updated_at: DateTime,
});

export type Group = Static<typeof GroupSchema>;
export type GroupInput = Static<typeof GroupInputSchema>;
