/** Projects' constants without TypeBox, for the portal's registry every screen loads and the server. */
import type { EntityAbilities } from '../entity-abilities';

/**
 * Who may use each endpoint (src/declarations/permissions-from.ts derives the portal's from it). No standard list: the
 * projects' list is a route of its own (server/api/projects.ts), guarded by the show's ability.
 */
export const PROJECT_ABILITIES = {
  show: 'view-projects',
  create: 'create-projects',
  update: 'update-projects',
  delete: 'delete-projects',
} as const satisfies EntityAbilities;
