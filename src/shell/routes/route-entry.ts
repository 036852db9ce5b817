/** What a route of the route table is (route-table.ts builds them): its path, screen, guard and page. */
import type { ComponentType } from 'react';
import type { RouteGuard } from '@/lib/route-guards';
import type { ResourceDeclaration } from '@/declarations/types';

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
  /** The declaration whose record overview (`routes.show`) the route shows: the palette's Recent keeps the visit. */
  overviewOf?: ResourceDeclaration;
}
