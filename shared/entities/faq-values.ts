/** FAQ categories' constants without TypeBox, for the portal's registry every screen loads and the server. */
import { ADMIN_ONLY, SIGNED_IN, type EntityAbilities } from '../entity-abilities';

/**
 * Who may use each endpoint (src/declarations/permissions-from.ts derives the portal's from it). Every signed-in user
 * reads them; the administrators write them.
 */
export const FAQ_CATEGORY_ABILITIES = {
  list: SIGNED_IN,
  show: SIGNED_IN,
  create: ADMIN_ONLY,
  update: ADMIN_ONLY,
  delete: ADMIN_ONLY,
} as const satisfies EntityAbilities;
