/** Groups' constants without TypeBox, for the portal's registry every screen loads and the server. */
import { anyOf, type EntityAbilities } from '../entity-abilities';

/**
 * Who may use each endpoint (src/declarations/permissions-from.ts derives the portal's from it). The list is also read
 * by the user form's group picker, so those who may create or update users read it too; the Groups screen asks view-
 * groups.
 */
export const GROUP_ABILITIES = {
  list: anyOf('view-groups', 'create-users', 'update-users'),
  show: 'view-groups',
  create: 'create-groups',
  update: 'update-groups',
  delete: 'delete-groups',
} as const satisfies EntityAbilities;
