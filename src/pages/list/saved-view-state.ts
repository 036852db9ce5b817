/**
 * Saved views (issue 33) and a list's URL: what a view keeps of a list's state (filters, search, sort, rows per page,
 * grid or list), the URL parameters that restore it, whether a URL says anything of a list at all (only then does a
 * list open with the user's default view), and the key a list's views are stored under.
 */
import type { SavedViewStateValue } from '@shared/entities/saved-view-values';
import { type ListDefaults, type ListState, paramName, serializeListState } from './list-state';

export type ListViewKind = SavedViewStateValue['view'];

/** The URL parameter of the grid or list view (beside the list's state of list-state.ts). */
export const VIEW_PARAM = 'view';

/** The key of a list's views: its API collection, and its URL prefix on a screen of several lists. */
export const savedViewsKey = (resource: string, prefix?: string) =>
  prefix ? `${resource}:${prefix}` : resource;

/** The grid or list view the URL names for the list; null when it names none. */
export function viewInParams(params: URLSearchParams, prefix?: string): ListViewKind | null {
  const value = params.get(paramName({ prefix }, VIEW_PARAM));
  return value === 'grid' || value === 'list' ? value : null;
}

/** What a view keeps of the list's state: everything but the page. */
export function toSavedState(state: ListState, view: ListViewKind): SavedViewStateValue {
  const filters = Object.fromEntries(Object.entries(state.filters).filter(([, values]) => values.length > 0));
  return {
    filters,
    ...(state.search.trim() && { search: state.search.trim() }),
    sort: state.sort,
    per_page: state.perPage as SavedViewStateValue['per_page'],
    view,
  };
}

/**
 * The URL parameters that restore a view on the list (on its first page), keeping those of the other lists of the
 * screen (`current`, when the list has a prefix).
 */
export function savedStateParams(
  saved: SavedViewStateValue,
  defaults: ListDefaults,
  current: URLSearchParams = new URLSearchParams(),
): URLSearchParams {
  const state: ListState = {
    page: 1,
    perPage: saved.per_page,
    // The declared sort is left out of the URL; the view's sort is stored with the list (useListState does).
    sort: saved.sort,
    search: saved.search ?? '',
    filters: saved.filters,
  };
  const own = serializeListState(state, defaults);
  own.set(paramName(defaults, VIEW_PARAM), saved.view);
  if (!defaults.prefix) return own;
  const merged = new URLSearchParams([...current].filter(([key]) => !key.startsWith(`${defaults.prefix}.`)));
  for (const [key, value] of own) merged.set(key, value);
  return merged;
}

/** Whether the URL says anything of the list (any of its parameters, an empty one included). */
export function hasOwnState(
  params: URLSearchParams,
  defaults: Pick<ListDefaults, 'prefix'>,
  filterKeys: readonly string[],
): boolean {
  return ['page', 'per_page', 'sort', 'search', VIEW_PARAM, ...filterKeys].some((key) =>
    params.has(paramName(defaults, key)),
  );
}

const sortedFilters = (filters: Record<string, string[]>) =>
  Object.entries(filters)
    .filter(([, values]) => values.length > 0)
    .map(([key, values]) => [key, [...values].sort()] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

/** Whether two views keep the same state (filter values in any order). */
export function sameSavedState(a: SavedViewStateValue, b: SavedViewStateValue): boolean {
  return (
    a.sort === b.sort &&
    a.per_page === b.per_page &&
    a.view === b.view &&
    (a.search ?? '') === (b.search ?? '') &&
    JSON.stringify(sortedFilters(a.filters)) === JSON.stringify(sortedFilters(b.filters))
  );
}
