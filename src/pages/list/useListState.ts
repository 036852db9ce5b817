/**
 * A declared list's state: read from the URL (page, per_page, sort, search, filters), with the sort saved per
 * list under `user_sorts` overriding the declared default, and written back to the URL on every change.
 */
import type { CrudFilter, CrudSort } from '@refinedev/core';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { PlatformKey } from '@shared/platforms';
import type { ListDeclaration } from '@/resources/types';
import {
  type ListState,
  parseListState,
  serializeListState,
  sortToSorters,
  stateToFilters,
} from './list-state';
import { storedSort, storeSort } from './user-sorts';

export interface ListStateHandle {
  state: ListState;
  /** What the list call sends: the user's sort behind the declaration's prefix (e.g. favourites first). */
  sorters: CrudSort[];
  filters: CrudFilter[];
  /** Changing anything but the page goes back to page 1. */
  update(patch: Partial<ListState>): void;
  reset(): void;
}

export function useListState(list: ListDeclaration, platform: PlatformKey): ListStateHandle {
  const [params, setParams] = useSearchParams();
  const filterKeys = useMemo(() => (list.filters ?? []).map((filter) => filter.key), [list.filters]);
  const declared = useMemo(() => ({ pageSize: list.pageSize, sort: list.defaultSort }), [list]);
  const state = parseListState(
    params,
    { ...declared, sort: storedSort(list.sortKey) ?? declared.sort },
    filterKeys,
  );
  const prefix = list.sortPrefix?.({ platform });

  const write = useCallback(
    (next: ListState) => setParams(serializeListState(next, declared), { replace: true }),
    [declared, setParams],
  );
  const update = useCallback(
    (patch: Partial<ListState>) => {
      if (patch.sort !== undefined)
        storeSort(list.sortKey, patch.sort === declared.sort ? undefined : patch.sort);
      const changesResults = Object.keys(patch).some((key) => key !== 'page');
      write({ ...state, ...patch, page: patch.page ?? (changesResults ? 1 : state.page) });
    },
    [declared.sort, list.sortKey, state, write],
  );
  const reset = useCallback(
    () => write({ page: 1, perPage: 5, sort: state.sort, search: '', filters: {} }),
    [state.sort, write],
  );

  return {
    state,
    sorters: sortToSorters(prefix ? `${prefix},${state.sort}` : state.sort),
    filters: stateToFilters(state),
    update,
    reset,
  };
}
