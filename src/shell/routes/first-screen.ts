/**
 * A first visit without a waterfall: as soon as the route table has arrived (`patchSignedInRoutes`), the screen
 * the browser opened on asks for its first data (a route entry's `prefetch`, e.g. the rows of a declared list),
 * with the session cookie's token, in parallel with its page's code and with the session check the entry
 * started. The answer waits in the HTTP client for the page's own identical request (same URL, same token), so
 * nothing is asked twice, and nothing is shown that the page would not have been given: the server answers the
 * token as it would answer the page, and a failed answer or one for another session is never used.
 */
import { matchRoutes, type RouteObject } from 'react-router';
import { sessionToken } from '@/providers/http-client';
import type { RouteHandle } from './ProtectedLayout';

export function prefetchFirstScreen(routes: RouteObject[], path: string): void {
  // Only the document's own location: a later navigation renders from the loaded table without this head start.
  if (path !== window.location.pathname || !sessionToken()) return;
  const handle = matchRoutes(routes, path)?.at(-1)?.route.handle as RouteHandle | undefined;
  handle?.entry.prefetch?.(new URLSearchParams(window.location.search));
}
