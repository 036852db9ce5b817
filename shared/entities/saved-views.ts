/**
 * Saved views (issue 33): a user's named state of one list (its filters, search, sort, rows per page and grid or
 * list view), kept per user and company on the server so it follows the user across devices; one per list may be
 * the user's default, which the list opens with when its URL says nothing of its own.
 */
import { type Static, Type } from '@sinclair/typebox';
import { DateTime, StringEnum } from '../schema-types';
import { SAVED_VIEW_KINDS, SAVED_VIEW_PAGE_SIZES, type SavedViewStateValue } from './saved-view-values';

/** A list's state as a view keeps it: what its URL would say (page aside), and the grid or list view. */
export const SavedViewStateSchema = Type.Object({
  /** Filter values per declared filter key (several values mean any of them). */
  filters: Type.Record(
    Type.String({ pattern: '^[a-z][a-z0-9_]{0,49}$' }),
    Type.Array(Type.String({ minLength: 1, maxLength: 255 }), { maxItems: 100 }),
    { additionalProperties: false, maxProperties: 30 },
  ),
  search: Type.Optional(Type.String({ maxLength: 255 })),
  /** Laravel's sort string: a comma list of fields, `-` for descending. */
  sort: Type.String({ minLength: 1, maxLength: 200, pattern: '^-?[a-z][a-z0-9_.]*(,-?[a-z][a-z0-9_.]*)*$' }),
  per_page: Type.Unsafe<SavedViewStateValue['per_page']>({
    type: 'integer',
    enum: [...SAVED_VIEW_PAGE_SIZES],
  }),
  view: StringEnum(SAVED_VIEW_KINDS),
});

/** What a create or an update may write: the list's key, a name unique among the user's views of that list. */
export const SavedViewInputSchema = Type.Object({
  /** The list the view belongs to: its declaration's name (`projects`, `libraries/items`), `:prefix` on a screen of several lists. */
  list: Type.String({ minLength: 1, maxLength: 100, pattern: '^[a-z][a-z0-9/_.:-]*$' }),
  name: Type.String({ minLength: 1, maxLength: 100 }),
  state: SavedViewStateSchema,
  /** This list's default for the user; setting it clears the user's other default of the list. */
  is_default: Type.Optional(Type.Boolean()),
});

/** A saved view as the API answers it. */
export const SavedViewSchema = Type.Object({
  id: Type.Integer(),
  list: Type.String(),
  name: Type.String(),
  state: SavedViewStateSchema,
  is_default: Type.Boolean(),
  created_at: DateTime,
  updated_at: DateTime,
});

export type SavedView = Static<typeof SavedViewSchema>;
export type SavedViewInput = Static<typeof SavedViewInputSchema>;
export type SavedViewState = Static<typeof SavedViewStateSchema>;
