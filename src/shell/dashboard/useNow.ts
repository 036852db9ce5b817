import { useEffect, useState } from 'react';

/** The current time, refreshed every `intervalMs` (the dashboard clock ticks every second, spec 1 §9). */
export function useNow(intervalMs = 1000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
