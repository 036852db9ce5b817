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
