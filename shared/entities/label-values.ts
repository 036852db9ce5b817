/** Labels' constants without TypeBox, for the portal's registry every screen loads and the server. */
import type { EntityAbilities } from '../entity-abilities';
import { defineFields } from '../fields';

/** A label's fields: a name unique in the company, and a hex colour `#rgb` or `#rrggbb`. */
export const LABEL_FIELDS = defineFields({ name: { kind: 'text' }, color: { kind: 'color' } });

/**
 * Who may use each endpoint (src/declarations/permissions-from.ts derives the portal's from it).
 */
export const LABEL_ABILITIES = {
  list: 'list-labels',
  show: 'list-labels',
  create: 'create-labels',
  update: 'update-labels',
  delete: 'delete-labels',
} as const satisfies EntityAbilities;
