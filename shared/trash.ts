/**
 * The recycling bin's retention (spec 2 §4, §9): a deleted record stays restorable, and listed with `trashed=1`, for
 * this many days; the server purges it after them, and the portal's bin shows the days left.
 */
export const TRASH_RETENTION_DAYS = 30;

/**
 * The header a restore carries a delete's undo token in (issue 46, server/auth/undo-tokens.ts): the user who just
 * deleted the records restores them with it, without the bin's restore ability.
 */
export const UNDO_TOKEN_HEADER = 'x-undo-token';
