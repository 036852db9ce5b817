/**
 * A declared list's state: read from the URL (page, per_page, sort, search, filters, and the grid or list view),
 * with the sort saved per list under `user_sorts` overriding the declared default, and written back to the URL on
 * every change. A list given the user's default saved view (issue 33) opens with it when its URL says nothing of
 * its own: its first request already asks for the view's rows, and the URL then says the view.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { SavedViewStateValue } from '@shared/entities/saved-view-values';
import type { PlatformKey } from '@shared/platforms';
import type { ListDeclaration } from '@/declarations/types';
import { listDefaults, type ListRequest, listRequest } from './list-request';
import { type ListState, paramName, serializeListState } from './list-state';
import {
  hasOwnState,
  type ListViewKind,
  savedStateParams,
  VIEW_PARAM,
  viewInParams,
} from './saved-view-state';
import { storeSort } from './user-sorts';

export interface ListStateHandle extends ListRequest {
  /** Changing anything but the page goes back to page 1. */
  update(patch: Partial<ListState>): void;
  reset(): void;
  /** The grid or list view the URL names; null when it names none (the declared one applies). */
  view: ListViewKind | null;
  setView(view: ListViewKind): void;
  /** Shows a saved view: its filters, search, sort, rows per page and view, on the first page. */
  applySaved(saved: SavedViewStateValue): void;
  /**
   * Everything back to the list as it opens with a URL that says nothing (issue 42's toolbar Reset): the declared
   * filters, sort, rows per page and grid or list view, no search, the first page; the user's stored sort goes.
   */
  resetToDefaults(): void;
  /**
   * How the list opened (decided once): from its URL ('url'), in the user's default view ('default'), or with a
   * URL that said nothing of it and no default ('bare').
   */
  opening: 'url' | 'default' | 'bare';
}

/** The URL with the list's own parameters replaced by `own`, keeping those of the screen's other lists. */
function withOwnParams(current: URLSearchParams, own: URLSearchParams, prefix?: string): URLSearchParams {
  if (!prefix) return own;
  const merged = new URLSearchParams([...current].filter(([key]) => !key.startsWith(`${prefix}.`)));
  for (const [key, value] of own) merged.set(key, value);
  return merged;
}

/** `prefix`: the list shares the URL with others (a tree browser's two lists); its parameters carry the prefix. */
export function useListState(
  list: ListDeclaration,
  platform: PlatformKey,
  prefix?: string,
  /** The user's default view of the list (the session's `default_views`), shown when the URL says nothing. */
  defaultView?: SavedViewStateValue,
): ListStateHandle {
  const [params, setParams] = useSearchParams();
  const declared = useMemo(() => listDefaults(list, platform, prefix), [list, platform, prefix]);
  // Decided once, when the list opens: a Reset later empties the URL without bringing the default back.
  const [opening] = useState<ListStateHandle['opening']>(() =>
    hasOwnState(
      params,
      declared,
      (list.filters ?? []).map((filter) => filter.key),
    )
      ? 'url'
      : defaultView
        ? 'default'
        : 'bare',
  );
  const [openingView, setOpeningView] = useState(() => (opening === 'default' ? defaultView : undefined));
  const shown = openingView ? savedStateParams(openingView, declared, params) : params;
  const request = listRequest(list, shown, platform, prefix);
  const { state } = request;
  const view = viewInParams(shown, prefix);

  const applySaved = useCallback(
    (saved: SavedViewStateValue) => {
      storeSort(list.sortKey, saved.sort === declared.sort ? undefined : saved.sort);
      setParams((current) => savedStateParams(saved, declared, current), { replace: true });
    },
    [declared, list.sortKey, setParams],
  );
  // The default goes into the URL once; until the URL has it (the router's update may land a render after this
  // state's), the list keeps showing the default, never the bare URL with only the remembered sort.
  const openingParams = useRef(params);
  const openingApplied = useRef(false);
  useEffect(() => {
    if (!openingView) return;
    if (params !== openingParams.current) setOpeningView(undefined);
    else if (!openingApplied.current) {
      openingApplied.current = true;
      applySaved(openingView);
    }
  }, [applySaved, openingView, params]);

  const write = useCallback(
    (next: ListState) =>
      setParams(
        (current) => {
          const own = serializeListState(next, declared);
          // The grid or list view stays as the URL has it.
          const shownView = viewInParams(current, prefix);
          if (shownView) own.set(paramName(declared, VIEW_PARAM), shownView);
          return withOwnParams(current, own, prefix);
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

  const resetToDefaults = useCallback(() => {
    storeSort(list.sortKey, undefined);
    setParams(
      (current) => {
        const own = serializeListState(
          {
            page: 1,
            perPage: declared.pageSize,
            sort: declared.sort,
            search: '',
            filters: { ...declared.filters },
          },
          declared,
        );
        return withOwnParams(current, own, prefix);
      },
      { replace: true },
    );
  }, [declared, list.sortKey, prefix, setParams]);

  const setView = useCallback(
    (next: ListViewKind) =>
      setParams(
        (current) => {
          const changed = new URLSearchParams(current);
          changed.set(paramName(declared, VIEW_PARAM), next);
          return changed;
        },
        { replace: true },
      ),
    [declared, setParams],
  );

  return { ...request, update, reset, resetToDefaults, view, setView, applySaved, opening };
}
