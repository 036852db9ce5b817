/** Property maps' constants without TypeBox, for the portal's registry every screen loads and the server. */
import type { ImportDeclaration } from '../import';
import type { EntityAbilities } from '../entity-abilities';
import { defineFields } from '../fields';

/** A property map's fields: a name unique in the company. */
export const PROPERTY_MAP_FIELDS = defineFields({ name: { kind: 'text' } });

/**
 * Who may use each endpoint (src/declarations/permissions-from.ts derives the portal's from it).
 */
export const PROPERTY_MAP_ABILITIES = {
  list: 'list-property-maps',
  show: 'list-property-maps',
  create: 'create-property-maps',
  update: 'update-property-maps',
  delete: 'delete-property-maps',
} as const satisfies EntityAbilities;

/** Property maps from a spreadsheet: their names. */
export const PROPERTY_MAP_IMPORT = {
  fields: ['name'],
  create: true,
} as const satisfies ImportDeclaration;
