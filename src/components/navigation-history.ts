/**
 * Where a screen was opened from (issue 31): whether the history entry before the current one is a screen of the
 * portal. A screen opened directly (a new tab, a bookmark, a typed address, a link in an e-mail) has none: one
 * step back leaves the portal (a blank tab, another site). `NavigationHistory` (rendered once by the shell, around
 * every route) notes each entry the portal itself pushed, keyed by the router's location key, with the screen it
 * came from; a replaced entry keeps what the one it replaced had. The notes live in sessionStorage, as the
 * browser's history of the tab does, so a reload keeps them. `useGoBack` is what a screen's Cancel (or a Save that
 * goes back, spec 2's changelog form) calls: one step back when that step stays in the portal, else the screen's
 * own fallback (its list).
 */
import { useCallback, useEffect, useRef } from 'react';
import {
  type Location,
  type NavigationType,
  useLocation,
  useNavigate,
  useNavigationType,
} from 'react-router';

const STORAGE_KEY = 'portal_history';
/** Notes kept: far more steps than anyone goes back. */
const LIMIT = 200;

/** Location key → the portal path it was opened from. */
type Notes = Record<string, string>;

let notes: Notes | null = null;

function load(): Notes {
  if (notes) return notes;
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}');
    notes = stored && typeof stored === 'object' ? (stored as Notes) : {};
  } catch {
    notes = {};
  }
  return notes;
}

function save(next: Notes): void {
  const keys = Object.keys(next);
  notes = keys.length > LIMIT ? Object.fromEntries(keys.slice(-LIMIT).map((key) => [key, next[key]])) : next;
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(notes));
  } catch {
    // Storage full or refused: the notes hold for this page's life.
  }
}

/** Notes a navigation from `from` to `to`: a push came from `from`; a replacement inherits `from`'s note. */
export function noteNavigation(type: `${NavigationType}`, from: Location, to: Location): void {
  if (type === 'POP' || from.key === to.key) return;
  const current = load();
  const origin = type === 'PUSH' ? `${from.pathname}${from.search}` : current[from.key];
  if (origin === undefined) return;
  save({ ...current, [to.key]: origin });
}

/** The portal path the entry with this key was opened from, or undefined when it was opened from outside. */
export const openedFrom = (key: string): string | undefined => load()[key];

/** Forgets every note (tests). */
export function forgetNavigationHistory(): void {
  save({});
}

/** Follows the router's navigations; rendered once, above every route. */
export function NavigationHistory() {
  const location = useLocation();
  const type = useNavigationType();
  const previous = useRef<Location | null>(null);
  useEffect(() => {
    if (previous.current) noteNavigation(type, previous.current, location);
    previous.current = location;
  }, [location, type]);
  return null;
}

/**
 * One step back when the previous history entry is a portal screen, else to `fallback` (the screen's list): a
 * screen opened directly never sends the user out of the portal.
 */
export function useGoBack(fallback: string): () => void {
  const navigate = useNavigate();
  const { key } = useLocation();
  return useCallback(() => {
    if (openedFrom(key) !== undefined) void navigate(-1);
    else void navigate(fallback);
  }, [fallback, key, navigate]);
}
