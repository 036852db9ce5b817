/**
 * The routes of the route table (every declared resource included), under the signed-in layout. Loaded when a
 * location first needs them (`patchSignedInRoutes` in routes.tsx), so the sign-in page does not carry the
 * resource declarations and what they render.
 */
import type { RouteObject } from 'react-router';
import type { RouteHandle } from './ProtectedLayout';
import { ROUTE_TABLE } from './route-table';
import type { RouteEntry } from './route-entry';
import { loadShellLayout } from './shared-chunks';

function screenRoute(entry: RouteEntry): RouteObject {
  const handle: RouteHandle = { entry };
  const { page } = entry;
  const lazy = page
    ? async () => ({ Component: await page() })
    : async () => {
        const { ComingSoonPage } = await import('./ComingSoonPage');
        return { element: <ComingSoonPage screen={entry.screen} /> };
      };
  return entry.path ? { path: entry.path, lazy, handle } : { index: true, lazy, handle };
}

/** The signed-in layout with every screen of the route table inside. */
export const SIGNED_IN_ROUTES: RouteObject[] = [
  {
    lazy: async () => ({ Component: (await loadShellLayout()).ShellLayoutRoute }),
    children: ROUTE_TABLE.map(screenRoute),
  },
];
