/**
 * The success or failure banner of a list action (spec 2 §4, §9): shown after a 0.5 s delay, for 3 s (bulk
 * notices 5 s).
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export const BANNER_DELAY_MS = 500;
export const BANNER_DURATION_MS = 3000;

export interface Banner {
  type: 'success' | 'error';
  text: string;
}

export function useResultBanner() {
  const [banner, setBanner] = useState<Banner | null>(null);
  const timers = useRef<number[]>([]);
  useEffect(() => () => timers.current.forEach((timer) => window.clearTimeout(timer)), []);

  const show = useCallback((next: Banner, duration = BANNER_DURATION_MS) => {
    timers.current.forEach((timer) => window.clearTimeout(timer));
    timers.current = [
      window.setTimeout(() => setBanner(next), BANNER_DELAY_MS),
      window.setTimeout(() => setBanner(null), BANNER_DELAY_MS + duration),
    ];
  }, []);

  return { banner, show, dismiss: () => setBanner(null) };
}
