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

/** `prefix`: the list shares the URL with others (a tree browser's two lists); its parameters carry the prefix. */
export function useListState(list: ListDeclaration, platform: PlatformKey, prefix?: string): ListStateHandle {
  const [params, setParams] = useSearchParams();
  const declared = useMemo(() => listDefaults(list, platform, prefix), [list, platform, prefix]);
  const request = listRequest(list, params, platform, prefix);
  const { state } = request;

  const write = useCallback(
    (next: ListState) =>
      setParams(
        (current) => {
          const own = serializeListState(next, declared);
          if (!prefix) return own;
          const merged = new URLSearchParams([...current].filter(([key]) => !key.startsWith(`${prefix}.`)));
          for (const [key, value] of own) merged.set(key, value);
          return merged;
        },
        { replace: true },
      ),
    [declared, prefix, setParams],
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
    () => write({ page: 1, perPage: 5, sort: state.sort, search: '', filters: { ...declared.filters } }),
    [declared.filters, state.sort, write],
  );

  return { ...request, update, reset };
}
