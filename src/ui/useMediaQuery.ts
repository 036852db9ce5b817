/** Whether a CSS media query matches, following changes (window resizes, rotation). */
import { useCallback, useSyncExternalStore } from 'react';

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}

/** antd's `lg` breakpoint: from here on the side navigation is a fixed column, below it a drawer. */
export const DESKTOP_QUERY = '(min-width: 992px)';

/** The reader asked the system for less motion (WCAG 2.3.3): antd's motion is turned off, as the light components' is. */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';
