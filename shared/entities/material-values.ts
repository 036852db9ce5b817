/** Materials' constants without TypeBox, for the portal's registry every screen loads and the server. */
import type { ImportDeclaration } from '../import';
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

/** Materials from a spreadsheet: name, description, base material and categories (keyed by name). */
export const MATERIAL_IMPORT = {
  fields: ['name', 'description', 'parent_name', 'category_ids'],
  create: true,
} as const satisfies ImportDeclaration;
