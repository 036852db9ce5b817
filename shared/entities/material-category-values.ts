/** Material categories' constants without TypeBox, for the portal's registry every screen loads and the server. */
import type { EntityAbilities } from '../entity-abilities';

/**
 * Who may use each endpoint (src/declarations/permissions-from.ts derives the portal's from it).
 */
export const MATERIAL_CATEGORY_ABILITIES = {
  list: 'list-material-categories',
  show: 'list-material-categories',
  create: 'update-material-categories',
  update: 'update-material-categories',
  delete: 'delete-material-categories',
} as const satisfies EntityAbilities;
