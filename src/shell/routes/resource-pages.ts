/**
 * The pages of declared resources: the generic page of each action (`src/pages/`; the overview page with the
 * declared overview screen, `overview.page`, or else the list's columns), replaced by a declaration's own page where it has
 * one, loaded on first visit and handed the declaration. The generic list page is built
 * from the light components (src/ui), so a list loads without antd; every other page, a declaration's own pages
 * included, may use antd and gets antd's theme loaded with it (`withAntdTheme`).
 */
import { createElement } from 'react';
import type { ResourceRoute } from '@/declarations/derive';
import type { LazyPage, PageAction, ResourceDeclaration, ResourcePageProps } from '@/declarations/types';
import { withAntdTheme } from './antd-pages';
import type { PageLoader, RouteEntry } from './route-entry';
import { loadListPage, loadOverviewPage } from './shared-chunks';

/** The generic page of each action; a declaration's `pages` replaces it. The overview is built per resource. */
export const GENERIC_PAGES: Record<Exclude<PageAction, 'show'>, LazyPage> = {
  list: loadListPage,
  create: () => import('@/pages/form/ResourceFormPage'),
  edit: () => import('@/pages/form/ResourceFormPage'),
  clone: () => import('@/pages/form/ResourceFormPage'),
};

/** The list page of a declaration browsed as a tree (`tree`): the generic tree browser. */
export const TREE_PAGE: LazyPage = () => import('@/pages/tree/TreeBrowserPage');

const isAntdFree = (load: LazyPage) => load === GENERIC_PAGES.list || load === TREE_PAGE;

/**
 * The generic overview page with a declared overview screen (the resource's `overview.page`, or an extra route's
 * `overview`), both loaded on first visit; without one, the list's columns (`columnsOverview`).
 */
const overviewPage =
  (resource: ResourceDeclaration, declared = resource.overview?.page): LazyPage =>
  async () => {
    const [{ declaredOverviewPage, columnsOverview }, screen] = await Promise.all([
      loadOverviewPage(),
      declared?.(),
    ]);
    return { default: declaredOverviewPage(screen?.default ?? columnsOverview(resource)) };
  };

function genericPage(resource: ResourceDeclaration, action: PageAction): LazyPage {
  if (action === 'list' && resource.tree) return TREE_PAGE;
  if (action === 'show') return overviewPage(resource);
  return GENERIC_PAGES[action];
}

/** Loads the page on first visit (the route's `lazy`) and hands it the declaration. */
function pageLoader(load: LazyPage, props: ResourcePageProps): PageLoader {
  const loader: PageLoader = async () => {
    const { default: Page } = await load();
    const Bound = () => createElement(Page, props);
    Bound.displayName = `${props.resource.name}.${props.action}`;
    return Bound;
  };
  return isAntdFree(load) ? loader : withAntdTheme(loader);
}

/** A declared route as a route-table entry: its own page, or the generic page of its action. */
export function resourceRouteEntry(resource: ResourceDeclaration, route: ResourceRoute): RouteEntry {
  const load =
    route.page ??
    (route.overview
      ? overviewPage(resource, route.overview)
      : route.action
        ? genericPage(resource, route.action)
        : undefined);
  return {
    path: route.path,
    screen: route.screen,
    guard: route.guard,
    ...(load
      ? {
          page: pageLoader(load, {
            resource,
            action: route.action ?? 'show',
            presets: route.presets,
            titleKey: route.titleKey,
          }),
        }
      : {}),
    // The generic list's rows are asked for by the entry on a first visit (first-screen.ts).
    ...(load === GENERIC_PAGES.list && { listOf: resource }),
    ...(route.path === resource.routes.show && { overviewOf: resource }),
  };
}
