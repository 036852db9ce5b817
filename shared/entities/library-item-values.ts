import type { ImportDeclaration } from '../import';
import type { EntityAbilities } from '../entity-abilities';

/**
 * A library item's statuses (spec 2 §4) without TypeBox, for the portal's registry every screen loads: the item
 * filter offers them all; ARCHIVED is set by archiving.
 */
export const LIBRARY_ITEM_STATUSES = [
  'FINISHED',
  'PROCESSING',
  'QUEUED',
  'UPLOADING',
  'FAILED',
  'CANCELLED',
  'ARCHIVED',
] as const;
export type LibraryItemStatus = (typeof LIBRARY_ITEM_STATUSES)[number];

/**
 * Who may use each endpoint (src/declarations/permissions-from.ts derives the portal's from it). Spec 2 §6 has no
 * create-library-items: a new item is an update of the items.
 */
export const LIBRARY_ITEM_ABILITIES = {
  list: 'list-library-items',
  show: 'list-library-items',
  create: 'update-library-items',
  update: 'update-library-items',
  delete: 'delete-library-items',
} as const satisfies EntityAbilities;

/**
 * Library items' metadata from a spreadsheet: name, description and libraries of existing items (a new item needs
 * its file).
 */
export const LIBRARY_ITEM_IMPORT = {
  fields: ['name', 'description', 'libraries'],
  create: false,
} as const satisfies ImportDeclaration;
