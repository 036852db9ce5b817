import { ADMIN_ONLY, type EntityAbilities } from '../entity-abilities';

/** The rating scale (spec 2 §9: 5 stars) without TypeBox, for the portal's registry every screen loads. */
export const RATINGS = [1, 2, 3, 4, 5] as const;

/**
 * Who may use each endpoint (src/declarations/permissions-from.ts derives the portal's from it). The administrators'
 * `/admin/feedback-reports`: read and deleted, never edited (a user sends one through its own route).
 */
export const FEEDBACK_REPORT_ABILITIES = {
  list: ADMIN_ONLY,
  show: ADMIN_ONLY,
  delete: ADMIN_ONLY,
} as const satisfies EntityAbilities;
