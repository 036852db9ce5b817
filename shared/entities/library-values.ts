/** Libraries' constants without TypeBox, for the portal's registry every screen loads and the server. */
import type { EntityAbilities } from '../entity-abilities';

/**
 * Who may use each endpoint (src/declarations/permissions-from.ts derives the portal's from it). Spec 2 §6 has no
 * create-libraries: a new library is an update of the libraries.
 */
export const LIBRARY_ABILITIES = {
  list: 'list-libraries',
  show: 'list-libraries',
  create: 'update-libraries',
  update: 'update-libraries',
  delete: 'delete-libraries',
} as const satisfies EntityAbilities;
