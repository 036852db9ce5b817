/**
 * Feedback while the next screen loads (issue 42): the router keeps the old screen up until the next one can
 * render (its route's code, and on a first visit the route table, still loading), so when that takes longer than
 * `ROUTE_PROGRESS_DELAY_MS` a bar runs along the top of the window and the signed-in layout marks its page busy.
 * A quicker change shows nothing. The router's own navigation state says whether the next screen is ready: it
 * is 'loading' from the click until the screen it leads to is rendered (the router commits the new screen in a
 * transition, so the old state stays on the screen for as long as the old screen does). Once there, a page shows
 * its own loading state for its data (a list's skeleton, 'Loading Projects...').
 */
import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';
import { TopProgressBar } from '@/ui/TopProgressBar';
import { useShownAfter } from '@/ui/useShownAfter';

/** How long a route change may take before it shows progress (issue 42: shown within 200 ms). */
export const ROUTE_PROGRESS_DELAY_MS = 150;

/** Whether a route change has gone on for longer than the delay without its screen shown. */
export function useRouteChangeSlow(): boolean {
  return useShownAfter(useNavigation().state !== 'idle', ROUTE_PROGRESS_DELAY_MS);
}

/** The bar along the top of the window while a slow route change loads its screen. */
export function RouteProgress() {
  const { t } = useTranslation();
  return useRouteChangeSlow() ? <TopProgressBar label={t('states.loadingPage')} /> : null;
}
