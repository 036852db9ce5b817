/** Roles' constants without TypeBox, for the portal's registry every screen loads and the server. */
import { anyOf, type EntityAbilities } from '../entity-abilities';

/**
 * Who may use each endpoint (src/declarations/permissions-from.ts derives the portal's from it). The list is also read
 * by the user and group forms' role pickers, so those who may see or write users or groups read it too; the Roles
 * screen asks view-roles.
 */
export const ROLE_ABILITIES = {
  list: anyOf('view-roles', 'view-system-users', 'create-users', 'update-users', 'view-groups'),
  show: 'view-roles',
  create: 'create-roles',
  update: 'update-roles',
  delete: 'delete-roles',
} as const satisfies EntityAbilities;
