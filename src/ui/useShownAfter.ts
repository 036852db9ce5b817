import { useEffect, useState } from 'react';

/**
 * Whether something that is going on (`active`) has gone on for `delayMs`: false at first, true once the delay
 * has passed with `active` true all the while, false again as soon as `active` ends. What ends within the delay
 * never shows, so a progress indicator does not flash for a change that is quick anyway.
 */
export function useShownAfter(active: boolean, delayMs: number): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => setShown(true), delayMs);
    return () => {
      clearTimeout(timer);
      setShown(false);
    };
  }, [active, delayMs]);
  return active && shown;
}
