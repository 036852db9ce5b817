/**
 * A declared list's state: read from the URL (page, per_page, sort, search, filters), with the sort saved per
 * list under `user_sorts` overriding the declared default, and written back to the URL on every change.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { PlatformKey } from '@shared/platforms';
import type { ListDeclaration } from '@/resources/types';
import { listDefaults, type ListRequest, listRequest } from './list-request';
import { type ListState, serializeListState } from './list-state';
import { storeSort } from './user-sorts';

export interface ListStateHandle extends ListRequest {
  /** Changing anything but the page goes back to page 1. */
  update(patch: Partial<ListState>): void;
  reset(): void;
}

export function useListState(list: ListDeclaration, platform: PlatformKey): ListStateHandle {
  const [params, setParams] = useSearchParams();
  const declared = useMemo(() => listDefaults(list), [list]);
  const request = listRequest(list, params, platform);
  const { state } = request;

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

  return { ...request, update, reset };
}
