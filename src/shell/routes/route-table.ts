/**
 * The complete route table of spec 1 §2.7 (inside the login-protected layout) with its guards (§2.7, §2.8,
 * §6): the routes of every declared resource plus those of the screens not declared yet
 * (`src/shell/undeclared-screens.tsx`). Each entry names its screen (`screens.<screen>` in common.json); an
 * entry without a page shows the 'not available yet' page. Pages are loaded on first visit.
 */
import { toResourceRoutes } from '@/declarations/derive';
import { RESOURCES } from '@/resources/index';
import type { ResourceDeclaration } from '@/declarations/types';
import { pendingScreens, type UndeclaredScreen, UNDECLARED_SCREENS } from '../undeclared-screens';
import { resourceRouteEntry } from './resource-pages';
import type { RouteEntry } from './route-entry';

/** The routes of the declared resources and of the screens none of them replaces. */
export function routeTable(
  resources: readonly ResourceDeclaration[],
  screens: readonly UndeclaredScreen[] = UNDECLARED_SCREENS,
): RouteEntry[] {
  return [
    ...pendingScreens(resources, screens).flatMap((screen) => screen.routes),
    ...resources.flatMap((resource) =>
      toResourceRoutes(resource).map((route) => resourceRouteEntry(resource, route)),
    ),
  ];
}

export const ROUTE_TABLE: RouteEntry[] = routeTable(RESOURCES);
