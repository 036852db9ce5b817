/**
 * The success or failure banner of a list action (spec 2 §4, §9): shown after a 0.5 s delay, for 3 s (bulk
 * notices 5 s). The 3 s count from the moment the banner is on the screen: a busy device that renders late still
 * shows it for its whole time. A screen that goes elsewhere after an action (an overview after deleting its record) hands the
 * banner to the next screen in the navigation state (`bannerState`); that screen's banner shows it.
 * A delete's or an archive's banner may offer Undo (issue 46, `undo`, undo.ts): for 10 s, kept while the user is
 * on it; a press undoes on the server, reloads what shows the records and says so.
 */
import { keys, useDataProvider } from '@refinedev/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { isUndo, performUndo, type Undo } from './undo';

export const BANNER_DELAY_MS = 500;
export const BANNER_DURATION_MS = 3000;
export const UNDO_BANNER_DURATION_MS = 10_000;

export interface Banner {
  type: 'success' | 'error';
  text: string;
  undo?: Undo;
}

/** Navigation state carrying a banner to the next screen: `navigate(to, { state: bannerState(banner) })`. */
export const bannerState = (banner: Banner) => ({ resultBanner: banner });

const passedBanner = (state: unknown): Banner | undefined => {
  const banner = (state as { resultBanner?: Partial<Banner> } | null)?.resultBanner;
  return banner && typeof banner.text === 'string' && (banner.type === 'success' || banner.type === 'error')
    ? { type: banner.type, text: banner.text, ...(isUndo(banner.undo) && { undo: banner.undo }) }
    : undefined;
};

export function useResultBanner({
  focusAfterUndo,
}: {
  /** What takes the focus once an Undo is done (its button goes with the banner): the list's heading. */
  focusAfterUndo?: () => HTMLElement | null;
} = {}) {
  const [shown, setShown] = useState<{ banner: Banner; duration: number } | null>(null);
  const delay = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(delay.current), []);

  const show = useCallback(
    (next: Banner, duration = next.undo ? UNDO_BANNER_DURATION_MS : BANNER_DURATION_MS) => {
      window.clearTimeout(delay.current);
      delay.current = window.setTimeout(() => setShown({ banner: next, duration }), BANNER_DELAY_MS);
    },
    [],
  );

  // While the pointer is on the banner or the focus in it, it stays (WCAG 2.2.1: an Undo does not run away from
  // the user reaching for it); its time starts again when they leave.
  const [held, setHeld] = useState(false);
  // The time on screen starts once the banner is rendered (an effect runs after the commit).
  useEffect(() => {
    if (!shown || held) return;
    const timer = window.setTimeout(() => setShown(null), shown.duration);
    return () => window.clearTimeout(timer);
  }, [shown, held]);

  // A banner handed over by the previous screen shows once; the state is cleared so a reload does not repeat it.
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const passed = passedBanner(location.state);
    if (!passed) return;
    show(passed);
    navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [location, navigate, show]);

  const { t } = useTranslation('lists');
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider();
  const [undoing, setUndoing] = useState(false);
  const target = shown?.banner.undo;
  const undo = async () => {
    if (!target) return;
    setUndoing(true);
    let next: Banner;
    try {
      const done = await performUndo(target, dataProvider());
      next = { type: 'success', text: t(`undo.${done}`, { count: target.keys.length || 1 }) };
    } catch (error) {
      next = { type: 'error', text: (error as Error).message || t('undo.failed') };
    }
    await queryClient.invalidateQueries({ queryKey: keys().data('default').resource(target.resource).get() });
    setUndoing(false);
    setShown({ banner: next, duration: BANNER_DURATION_MS });
    setHeld(false);
    focusAfterUndo?.()?.focus();
  };

  return {
    banner: shown?.banner ?? null,
    show,
    dismiss: () => {
      setShown(null);
      setHeld(false);
    },
    hold: setHeld,
    undo: target ? { run: () => void undo(), busy: undoing } : undefined,
  };
}
