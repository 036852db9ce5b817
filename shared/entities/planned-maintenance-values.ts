/**
 * Planned maintenance windows' constants without TypeBox, for the portal's registry every screen loads and the
 * server.
 */
import { ADMIN_ONLY, type EntityAbilities } from '../entity-abilities';

/**
 * Who may use each endpoint (src/declarations/permissions-from.ts derives the portal's from it).
 */
export const PLANNED_MAINTENANCE_ABILITIES = {
  list: ADMIN_ONLY,
  show: ADMIN_ONLY,
  create: ADMIN_ONLY,
  update: ADMIN_ONLY,
  delete: ADMIN_ONLY,
} as const satisfies EntityAbilities;
