/** Users' constants without TypeBox, for the portal's registry every screen loads and the server. */
import type { ImportDeclaration } from '../import';
import { ADMIN_ONLY, anyOf, type EntityAbilities } from '../entity-abilities';

/**
 * Who may use each endpoint (src/declarations/permissions-from.ts derives the portal's from it). No standard list: the
 * company's users are a route of their own (server/api/users.ts, view-system-users); one user is read to see or to edit
 * them.
 */
export const USER_ABILITIES = {
  show: anyOf('view-system-users', 'update-users'),
  create: 'create-users',
  update: 'update-users',
  delete: 'delete-users',
} as const satisfies EntityAbilities;

/** The administrators' `/admin/users`: every user of the platform. */
export const ADMIN_USER_ABILITIES = {
  list: ADMIN_ONLY,
  show: ADMIN_ONLY,
  create: ADMIN_ONLY,
  update: ADMIN_ONLY,
  delete: ADMIN_ONLY,
} as const satisfies EntityAbilities;

/**
 * Users from a spreadsheet: their own fields, role and groups (a new user sets a password through 'Forgot
 * password?', as one made by the form does).
 */
export const USER_IMPORT = {
  fields: ['name', 'username', 'email', 'phone_number', 'function', 'role_id', 'groups'],
  create: true,
} as const satisfies ImportDeclaration;
