/**
 * The list call of a declared list, from the list's URL parameters: what the list page asks refine's `useList`
 * for, and what the first visit of a list asks for ahead of the page (`prefetchList`), so both send the same
 * request and the page's call takes the prefetched answer (http-client.ts) instead of asking twice.
 */
import type { CrudFilter, CrudSort, GetListParams } from '@refinedev/core';
import type { PlatformKey } from '@shared/platforms';
import { deployment } from '@/lib/runtime-config';
import { createDataProvider } from '@/providers/data-provider';
import type { ListDeclaration, ResourceDeclaration } from '@/resources/types';
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

/** The declared page size, sort and default filters: what the URL leaves out (`prefix`: see ListDefaults). */
export const listDefaults = (
  list: ListDeclaration,
  platform: PlatformKey,
  prefix?: string,
): ListDefaults => ({
  pageSize: list.pageSize,
  sort: list.defaultSort,
  filters: list.defaultFilters?.({ platform }),
  prefix,
});

/** The list's state in these URL parameters (a sort the user stored overrides the declared one). */
export function listRequest(
  list: ListDeclaration,
  params: URLSearchParams,
  platform: PlatformKey,
  paramPrefix?: string,
): ListRequest {
  const declared = listDefaults(list, platform, paramPrefix);
  const state = parseListState(
    params,
    { ...declared, sort: storedSort(list.sortKey) ?? declared.sort },
    (list.filters ?? []).map((filter) => filter.key),
  );
  const prefix = list.sortPrefix?.({ platform });
  return {
    state,
    sorters: sortToSorters(prefix ? `${prefix},${state.sort}` : state.sort),
    filters: stateToFilters(state),
  };
}

/** refine's list parameters of a declared list in a state. */
export function listCall(
  resource: ResourceDeclaration,
  { state, sorters, filters }: ListRequest,
): Required<Pick<GetListParams, 'resource' | 'pagination' | 'sorters' | 'filters'>> & {
  meta: Record<string, unknown> | undefined;
} {
  return {
    resource: resource.name,
    pagination: { currentPage: state.page, pageSize: state.perPage },
    sorters,
    filters,
    meta: resource.list?.meta,
  };
}

const dataProvider = createDataProvider();

/**
 * Asks for the rows a declared list will show at these URL parameters, ahead of its page (on a first visit,
 * while the page's code and the session check are still loading). The answer is kept for the page's own
 * identical call with the same token; a failed prefetch is forgotten and the page asks again.
 */
export function prefetchList(resource: ResourceDeclaration, params: URLSearchParams): void {
  if (!resource.list) return;
  const call = listCall(resource, listRequest(resource.list, params, deployment.host.platform));
  dataProvider.getList({ ...call, meta: { ...call.meta, prefetch: true } }).catch(() => undefined);
}
