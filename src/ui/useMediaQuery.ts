/** Whether a CSS media query matches, following changes (window resizes, rotation). */
import { useCallback, useSyncExternalStore } from 'react';

/**
 * One `MediaQueryList` per query, whose `matches` is live: making one evaluates the query, and a render asked for a
 * new one each time it read the value (about 5 ms of a first visit's main thread). Kept per `matchMedia`, so a
 * window whose `matchMedia` is replaced (a test's stub) gets lists of its own.
 */
const lists = new WeakMap<typeof window.matchMedia, Map<string, MediaQueryList>>();

function mediaQueryList(query: string): MediaQueryList {
  let byQuery = lists.get(window.matchMedia);
  if (!byQuery) lists.set(window.matchMedia, (byQuery = new Map()));
  let list = byQuery.get(query);
  if (!list) byQuery.set(query, (list = window.matchMedia(query)));
  return list;
}

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = mediaQueryList(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => mediaQueryList(query).matches);
}

/** antd's `lg` breakpoint: from here on the side navigation is a fixed column, below it a drawer. */
export const DESKTOP_QUERY = '(min-width: 992px)';

/** The reader asked the system for less motion (WCAG 2.3.3): antd's motion is turned off, as the light components' is. */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';
