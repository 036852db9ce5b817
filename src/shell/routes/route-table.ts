/**
 * The complete route table of spec 1 §2.7 (inside the login-protected layout) with its guards (§2.7, §2.8,
 * §6): the routes of every declared resource plus those of the screens not declared yet
 * (`src/shell/undeclared-screens.tsx`). Each entry names its screen (`screens.<screen>` in common.json); an
 * entry without a page shows the 'not available yet' page. Pages are loaded on first visit.
 */
import type { ComponentType } from 'react';
import type { RouteGuard } from '@/lib/route-guards';
import { toResourceRoutes } from '@/resources/derive';
import { RESOURCES } from '@/resources/index';
import type { ResourceDeclaration } from '@/resources/types';
import { pendingScreens, type UndeclaredScreen, UNDECLARED_SCREENS } from '../undeclared-screens';
import { resourceRouteEntry } from './resource-pages';

/** Loads a screen's page (route-level code splitting: each page is a chunk of its own). */
export type PageLoader = () => Promise<ComponentType>;

export interface RouteEntry {
  /** Relative to `/`, react-router syntax ('' is the index). */
  path: string;
  /** Translation key below `screens.` naming the screen. */
  screen: string;
  guard?: RouteGuard;
  /** Loads the page; without one the screen is announced as not available yet. */
  page?: PageLoader;
  /**
   * The declaration whose generic list page the route shows: a first visit asks for its rows from the entry
   * (first-screen.ts, with the list settings first-lists.ts finds for the route).
   */
  listOf?: ResourceDeclaration;
}

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
