/**
 * The state of a list screen (page, rows per page, sort, search, filters) as it lives in the URL, so a list
 * can be shared and survives a reload. Only values that differ from the list's defaults are written.
 */
import type { CrudFilter, CrudSort } from '@refinedev/core';

export const PAGE_SIZES = [5, 10, 15, 20, 25] as const;

export interface ListDefaults {
  pageSize: number;
  sort: string;
}

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
  const perPage = positiveInt(params.get('per_page'), defaults.pageSize);
  const filters: Record<string, string[]> = {};
  for (const key of filterKeys) {
    const values = (params.get(key) ?? '').split(',').filter(Boolean);
    if (values.length) filters[key] = values;
  }
  return {
    page: positiveInt(params.get('page'), 1),
    perPage: (PAGE_SIZES as readonly number[]).includes(perPage) ? perPage : defaults.pageSize,
    sort: params.get('sort') || defaults.sort,
    search: params.get('search') ?? '',
    filters,
  };
}

export function serializeListState(state: ListState, defaults: ListDefaults): URLSearchParams {
  const params = new URLSearchParams();
  if (state.page !== 1) params.set('page', String(state.page));
  if (state.perPage !== defaults.pageSize) params.set('per_page', String(state.perPage));
  if (state.sort && state.sort !== defaults.sort) params.set('sort', state.sort);
  if (state.search) params.set('search', state.search);
  for (const [key, values] of Object.entries(state.filters)) {
    if (values.length) params.set(key, values.join(','));
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
