/**
 * Light or dark (issue 33): the theme follows the system's setting (`prefers-color-scheme`) unless the user picked
 * Light or Dark in the avatar menu. The pick is kept per user on the server (the session user's
 * `preferences.theme`, `PATCH /my-account/preferences`) and cached in this browser's localStorage, so the next
 * visit starts in it before the session has answered: index.html's first script reads the same key and marks
 * `<html>` dark before the first paint (keep the two in step).
 */
import { useEffect, useSyncExternalStore } from 'react';
import { THEME_PREFERENCES, type ThemePreference } from '@shared/session';
import { useSession } from '@/providers/useSession';
import type { ColorScheme } from '@/ui/design-tokens';
import { useMediaQuery } from '@/ui/useMediaQuery';

/** The localStorage key of the cached pick; index.html reads it too. */
export const THEME_STORAGE_KEY = 'portal-theme';
export const DARK_SCHEME_QUERY = '(prefers-color-scheme: dark)';
/** The class index.html and ShellTheme put on `<html>` in the dark theme. */
export const DARK_CLASS = 'theme-dark';

const isThemePreference = (value: unknown): value is ThemePreference =>
  (THEME_PREFERENCES as readonly unknown[]).includes(value);

function readCached(): ThemePreference {
  try {
    const cached = window.localStorage.getItem(THEME_STORAGE_KEY);
    return isThemePreference(cached) ? cached : 'system';
  } catch {
    return 'system';
  }
}

let choice: ThemePreference | null = null;
const listeners = new Set<() => void>();

/** The user's pick: the last one made or adopted from the server, else the cached one, else 'system'. */
export const themeChoice = (): ThemePreference => (choice ??= readCached());

/** Applies a pick at once and caches it in this browser (the avatar menu also sends it to the server). */
export function setThemeChoice(next: ThemePreference): void {
  if (next === themeChoice()) return;
  choice = next;
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, next);
  } catch {
    // A browser without storage keeps the pick for this visit only; the server still has it.
  }
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

export const useThemeChoice = (): ThemePreference => useSyncExternalStore(subscribe, themeChoice);

/**
 * The theme shown: the pick, or the system's setting for 'system'. Adopts the signed-in user's stored pick when
 * the session brings one (another device's pick follows the user here).
 */
export function useColorScheme(): ColorScheme {
  const picked = useThemeChoice();
  const systemDark = useMediaQuery(DARK_SCHEME_QUERY);
  const stored = useSession().auth?.user.preferences?.theme;
  useEffect(() => {
    if (stored) setThemeChoice(stored);
  }, [stored]);
  return picked === 'system' ? (systemDark ? 'dark' : 'light') : picked;
}
