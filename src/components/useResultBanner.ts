/**
 * The success or failure banner of a list action (spec 2 §4, §9): shown after a 0.5 s delay, for 3 s (bulk
 * notices 5 s). A screen that goes elsewhere after an action (an overview after deleting its record) hands the
 * banner to the next screen in the navigation state (`bannerState`); that screen's banner shows it.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

export const BANNER_DELAY_MS = 500;
export const BANNER_DURATION_MS = 3000;

export interface Banner {
  type: 'success' | 'error';
  text: string;
}

/** Navigation state carrying a banner to the next screen: `navigate(to, { state: bannerState(banner) })`. */
export const bannerState = (banner: Banner) => ({ resultBanner: banner });

const passedBanner = (state: unknown): Banner | undefined => {
  const banner = (state as { resultBanner?: Partial<Banner> } | null)?.resultBanner;
  return banner && typeof banner.text === 'string' && (banner.type === 'success' || banner.type === 'error')
    ? { type: banner.type, text: banner.text }
    : undefined;
};

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

  // A banner handed over by the previous screen shows once; the state is cleared so a reload does not repeat it.
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const passed = passedBanner(location.state);
    if (!passed) return;
    show(passed);
    navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [location, navigate, show]);

  return { banner, show, dismiss: () => setBanner(null) };
}
