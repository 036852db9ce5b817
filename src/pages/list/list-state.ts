/**
 * The state of a list screen (page, rows per page, sort, search, filters) as it lives in the URL, so a list
 * can be shared and survives a reload. Only values that differ from the list's defaults are written.
 */
import type { CrudFilter, CrudSort } from '@refinedev/core';

export const PAGE_SIZES = [5, 10, 15, 20, 25] as const;

export interface ListDefaults {
  pageSize: number;
  sort: string;
  /** Filters in effect while the URL says nothing of them (an empty parameter clears one). */
  filters?: Record<string, string[]>;
  /** Prefix of the list's URL parameters (`items.page`), so several lists share one URL. */
  prefix?: string;
}

/** The URL parameter of a list's key, with the list's prefix. */
export const paramName = (defaults: Pick<ListDefaults, 'prefix'>, key: string) =>
  defaults.prefix ? `${defaults.prefix}.${key}` : key;

export interface ListState {
  page: number;
  perPage: number;
  /** Laravel sort string: comma list, `-` prefix for descending. */
  sort: string;
  search: string;
  /** Filter values per declared filter key (several values mean any of them). */
  filters: Record<string, string[]>;
}

const positiveInt = (value: string | null, fallback: number) => {
  const parsed = Number.parseInt(value ?? '', 10);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
};

export function parseListState(
  params: URLSearchParams,
  defaults: ListDefaults,
  filterKeys: readonly string[],
): ListState {
  const get = (key: string) => params.get(paramName(defaults, key));
  const perPage = positiveInt(get('per_page'), defaults.pageSize);
  const filters: Record<string, string[]> = {};
  for (const key of filterKeys) {
    const given = get(key);
    const values = given === null ? (defaults.filters?.[key] ?? []) : given.split(',').filter(Boolean);
    if (values.length) filters[key] = values;
  }
  return {
    page: positiveInt(get('page'), 1),
    perPage: (PAGE_SIZES as readonly number[]).includes(perPage) ? perPage : defaults.pageSize,
    sort: get('sort') || defaults.sort,
    search: get('search') ?? '',
    filters,
  };
}

export function serializeListState(state: ListState, defaults: ListDefaults): URLSearchParams {
  const params = new URLSearchParams();
  const set = (key: string, value: string) => params.set(paramName(defaults, key), value);
  if (state.page !== 1) set('page', String(state.page));
  if (state.perPage !== defaults.pageSize) set('per_page', String(state.perPage));
  if (state.sort && state.sort !== defaults.sort) set('sort', state.sort);
  if (state.search) set('search', state.search);
  for (const [key, values] of Object.entries(state.filters)) {
    if (values.length) set(key, values.join(','));
  }
  // A default filter the user cleared: an empty parameter says so.
  for (const [key, values] of Object.entries(defaults.filters ?? {})) {
    if (values.length && !state.filters[key]?.length) set(key, '');
  }
  return params;
}

export function sortToSorters(sort: string): CrudSort[] {
  return sort
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) =>
      part.startsWith('-') ? { field: part.slice(1), order: 'desc' } : { field: part, order: 'asc' },
    );
}

/** The first sorted field and its direction, for the table's header arrows. */
export function primarySort(sort: string): CrudSort | undefined {
  return sortToSorters(sort)[0];
}

/** `search` → filter[search], declared filters → filter[key] (comma list: any of the values). */
export function stateToFilters(state: Pick<ListState, 'search' | 'filters'>): CrudFilter[] {
  const filters: CrudFilter[] = [];
  if (state.search.trim()) filters.push({ field: 'search', operator: 'eq', value: state.search.trim() });
  for (const [field, values] of Object.entries(state.filters)) {
    if (values.length)
      filters.push({
        field,
        operator: values.length > 1 ? 'in' : 'eq',
        value: values.length > 1 ? values : values[0],
      });
  }
  return filters;
}

/**
 * How many filters the user has set on the list (issue 42): the search, and each declared filter whose values
 * differ from the list's default (a default filter kept is the list as it opens, not the user's filtering; one
 * the user cleared narrows nothing).
 */
export function activeFilterCount(
  state: Pick<ListState, 'search' | 'filters'>,
  defaults: Pick<ListDefaults, 'filters'>,
): number {
  const same = (a: readonly string[], b: readonly string[]) =>
    a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');
  const filters = Object.entries(state.filters).filter(
    ([key, values]) => values.length > 0 && !same(values, defaults.filters?.[key] ?? []),
  );
  return filters.length + (state.search.trim() ? 1 : 0);
}
