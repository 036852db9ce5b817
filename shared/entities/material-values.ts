/** Materials' constants without TypeBox, for the portal's registry every screen loads and the server. */
import type { EntityAbilities } from '../entity-abilities';

/**
 * Who may use each endpoint (src/declarations/permissions-from.ts derives the portal's from it).
 */
export const MATERIAL_ABILITIES = {
  list: 'list-materials',
  show: 'list-materials',
  create: 'update-materials',
  update: 'update-materials',
  delete: 'delete-materials',
} as const satisfies EntityAbilities;
