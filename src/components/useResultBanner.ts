/**
 * The success or failure banner of a list action (spec 2 §4, §9): shown after a 0.5 s delay, for 3 s (bulk
 * notices 5 s). The 3 s count from the moment the banner is on the screen: a busy device that renders late still
 * shows it for its whole time. A screen that goes elsewhere after an action (an overview after deleting its record) hands the
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
  const [shown, setShown] = useState<{ banner: Banner; duration: number } | null>(null);
  const delay = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(delay.current), []);

  const show = useCallback((next: Banner, duration = BANNER_DURATION_MS) => {
    window.clearTimeout(delay.current);
    delay.current = window.setTimeout(() => setShown({ banner: next, duration }), BANNER_DELAY_MS);
  }, []);

  // The time on screen starts once the banner is rendered (an effect runs after the commit).
  useEffect(() => {
    if (!shown) return;
    const timer = window.setTimeout(() => setShown(null), shown.duration);
    return () => window.clearTimeout(timer);
  }, [shown]);

  // A banner handed over by the previous screen shows once; the state is cleared so a reload does not repeat it.
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const passed = passedBanner(location.state);
    if (!passed) return;
    show(passed);
    navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [location, navigate, show]);

  return { banner: shown?.banner ?? null, show, dismiss: () => setShown(null) };
}
