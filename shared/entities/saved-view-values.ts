import { SIGNED_IN, type EntityAbilities } from '../entity-abilities';

/**
 * Saved views' constants without TypeBox, for the portal's list toolbar (which loads with every list) and the
 * schema: the rows per page a view may keep (spec 2 §2's 5 to 25), and the session's defaults per list.
 */
export const SAVED_VIEW_PAGE_SIZES = [5, 10, 15, 20, 25] as const;

/** How a view shows the list: a grid of cards or the table. */
export const SAVED_VIEW_KINDS = ['grid', 'list'] as const;

/** A list's state as a saved view keeps it (the TypeBox schema of shared/entities/saved-views.ts says the same). */
export interface SavedViewStateValue {
  filters: Record<string, string[]>;
  search?: string;
  sort: string;
  per_page: (typeof SAVED_VIEW_PAGE_SIZES)[number];
  view: (typeof SAVED_VIEW_KINDS)[number];
}

/**
 * Who may use each endpoint (src/declarations/permissions-from.ts derives the portal's from it). Every signed-in user
 * keeps their own views (the declaration's `owner`).
 */
export const SAVED_VIEW_ABILITIES = {
  list: SIGNED_IN,
  show: SIGNED_IN,
  create: SIGNED_IN,
  update: SIGNED_IN,
  delete: SIGNED_IN,
} as const satisfies EntityAbilities;
