/**
 * The saved view a list is in (issue 42): the view the user last applied, saved or updated on the list, remembered
 * per list in sessionStorage with its id, name and state as they were then. The toolbar reads it with no request
 * and without the views' menu chunk, so it names the view from the list's first paint on and, comparing the kept
 * state with the list's, tells whether the list has changed since ('modified'). It lasts while the tab does (a
 * reload keeps it) and is dropped when the list opens with a URL that says nothing of its own state (the list is
 * then in no view, or in the user's default, which the menu names once it has the views), by Reset, and when the
 * view is deleted. The menu (SavedViewsMenu.tsx), once it has the user's views, corrects it: a view renamed,
 * changed or deleted elsewhere (another tab, another user signed in in this tab) is taken as the server has it.
 */
import { useMemo, useSyncExternalStore } from 'react';
import type { SavedViewStateValue } from '@shared/entities/saved-view-values';
import { sameSavedState } from './saved-view-state';

export interface ActiveView {
  id: number;
  name: string;
  /** The view's state when it was applied, saved or updated. */
  state: SavedViewStateValue;
}

const storageKey = (listKey: string) => `saved_view:${listKey}`;
const listeners = new Set<() => void>();

function parse(raw: string | null): ActiveView | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (!value || typeof value !== 'object') return null;
    const { id, name, state } = value as Partial<ActiveView>;
    return typeof id === 'number' && typeof name === 'string' && state && typeof state === 'object'
      ? { id, name, state }
      : null;
  } catch {
    return null;
  }
}

export function readActiveView(listKey: string): ActiveView | null {
  return parse(sessionStorage.getItem(storageKey(listKey)));
}

/** Remembers the view the list is in now; null: the list is in none. */
export function rememberView(listKey: string, view: ActiveView | null): void {
  const key = storageKey(listKey);
  const raw = view ? JSON.stringify({ id: view.id, name: view.name, state: view.state }) : null;
  if (sessionStorage.getItem(key) === raw) return;
  if (raw) sessionStorage.setItem(key, raw);
  else sessionStorage.removeItem(key);
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

export interface ActiveViewShown {
  view: ActiveView;
  /** The list's state differs from the view's. */
  modified: boolean;
}

/** The view the list is in, and whether the list has changed since; null when it is in none. */
export function useActiveView(listKey: string, current: SavedViewStateValue): ActiveViewShown | null {
  const raw = useSyncExternalStore(
    subscribe,
    () => sessionStorage.getItem(storageKey(listKey)),
    () => null,
  );
  const view = useMemo(() => parse(raw), [raw]);
  return view && { view, modified: !sameSavedState(view.state, current) };
}
