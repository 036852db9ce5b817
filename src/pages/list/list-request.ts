/**
 * The list call of a declared list, from the list's URL parameters: what the list page asks refine's `useList`
 * for. A first visit of a list asks for the same rows from the entry, before the declarations have loaded
 * (`src/shell/routes/first-screen.ts`, from the list settings the declaration takes its own from), so both send
 * the same request and the page's call takes the prefetched answer (http-client.ts) instead of asking twice.
 * No refine or declaration code at run time here: the entry imports it.
 */
import type { CrudFilter, CrudSort, GetListParams } from '@refinedev/core';
import type { PlatformKey } from '@shared/platforms';
import type { LaravelList } from '@/providers/list-query';
import { peekPrefetched } from '@/providers/http-client';
import { apiMeta, listPageQuery } from '@/providers/list-query';
import type { ListRequestDeclaration, ResourceDeclaration } from '@/declarations/types';
import {
  type ListDefaults,
  type ListState,
  parseListState,
  sortToSorters,
  stateToFilters,
} from './list-state';
import { storedSort } from './user-sorts';

export interface ListRequest {
  state: ListState;
  /** The user's sort behind the declaration's prefix (e.g. favourites first). */
  sorters: CrudSort[];
  filters: CrudFilter[];
}

/** What a declared list's request depends on besides the URL, on one platform (its functions applied). */
export interface ListRequestSettings {
  pageSize: number;
  defaultSort: string;
  /** The list's key under `user_sorts`: a sort the user stored overrides `defaultSort`. */
  sortKey: string;
  /** The declared filters' keys, read from the URL. */
  filterKeys: string[];
  defaultFilters?: Record<string, string[]>;
  sortPrefix?: string;
}

export function listRequestSettings(
  list: ListRequestDeclaration,
  platform: PlatformKey,
): ListRequestSettings {
  return {
    pageSize: list.pageSize,
    defaultSort: list.defaultSort,
    sortKey: list.sortKey,
    filterKeys: (list.filters ?? []).map((filter) => filter.key),
    defaultFilters: list.defaultFilters?.({ platform }),
    sortPrefix: list.sortPrefix?.({ platform }),
  };
}

/** The declared page size, sort and default filters: what the URL leaves out (`prefix`: see ListDefaults). */
export const listDefaults = (
  list: ListRequestDeclaration,
  platform: PlatformKey,
  prefix?: string,
): ListDefaults => ({
  pageSize: list.pageSize,
  sort: list.defaultSort,
  filters: list.defaultFilters?.({ platform }),
  prefix,
});

/** A list's state in these URL parameters (a sort the user stored overrides the declared one). */
export function requestWith(
  settings: ListRequestSettings,
  params: URLSearchParams,
  paramPrefix?: string,
): ListRequest {
  const state = parseListState(
    params,
    {
      pageSize: settings.pageSize,
      sort: storedSort(settings.sortKey) ?? settings.defaultSort,
      filters: settings.defaultFilters,
      prefix: paramPrefix,
    },
    settings.filterKeys,
  );
  const prefix = settings.sortPrefix;
  return {
    state,
    sorters: sortToSorters(prefix ? `${prefix},${state.sort}` : state.sort),
    filters: stateToFilters(state),
  };
}

/** The declared list's state in these URL parameters. */
export const listRequest = (
  list: ListRequestDeclaration,
  params: URLSearchParams,
  platform: PlatformKey,
  paramPrefix?: string,
): ListRequest => requestWith(listRequestSettings(list, platform), params, paramPrefix);

/** refine's list parameters of a list in a state (`meta`: the declaration's `list.meta`). */
export function pageCall(
  resource: string,
  meta: Record<string, unknown> | undefined,
  { state, sorters, filters }: ListRequest,
): Required<Pick<GetListParams, 'resource' | 'pagination' | 'sorters' | 'filters'>> & {
  meta: Record<string, unknown> | undefined;
} {
  return {
    resource,
    pagination: { currentPage: state.page, pageSize: state.perPage },
    sorters,
    filters,
    meta,
  };
}

/** refine's list parameters of a declared list in a state. */
export const listCall = (resource: ResourceDeclaration, request: ListRequest) =>
  pageCall(resource.name, resource.list?.meta, request);

/**
 * The answer of a list call that a first visit asked for ahead (first-screen.ts) and that has already arrived, as
 * the server sent it; nothing when it has not arrived. The list's first render shows it (useArrivedRows.ts).
 */
export function arrivedAnswer<TData>(call: ReturnType<typeof pageCall>): LaravelList<TData> | undefined {
  return peekPrefetched(`/${call.resource}`, { query: listPageQuery(apiMeta(call.meta), call) }) as
    LaravelList<TData> | undefined;
}
