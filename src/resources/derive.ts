/**
 * Everything the portal derives from the resource declarations, so nothing is written twice: refine's
 * `resources`, the route-table entries of each resource and its side-navigation entry.
 */
import type { ResourceProps } from '@refinedev/core';
import { createElement } from 'react';
import { prefetchList } from '@/pages/list/list-request';
import type { ResourceAccess } from '@/providers/access-control';
import { withAntdTheme } from '@/shell/routes/antd-pages';
import { loadListPage } from '@/shell/routes/shared-chunks';
import type { PageLoader, RouteEntry } from '@/shell/routes/route-table';
import type { LazyPage, PageAction, ResourceAction, ResourceDeclaration, ResourcePageProps } from './types';

const PAGE_ACTIONS: PageAction[] = ['list', 'create', 'edit', 'show', 'clone'];

/** The generic page of each action; a declaration's `pages` replaces it. */
const GENERIC_PAGES: Record<PageAction, LazyPage> = {
  list: loadListPage,
  create: () => import('@/pages/form/ResourceFormPage'),
  edit: () => import('@/pages/form/ResourceFormPage'),
  clone: () => import('@/pages/form/ResourceFormPage'),
  show: () => import('@/pages/show/ResourceShowPage'),
};

/**
 * The generic list page is built from the light components (src/ui), so a list loads without antd; every other
 * page, a declaration's own pages included, may use antd and gets antd's theme loaded with it.
 */
const isAntdFree = (load: LazyPage) => load === GENERIC_PAGES.list;

/** refine's route pattern of a spec route: a leading slash and `:id` for the record parameter. */
export function refineRoute(path: string, idParam: string): string {
  return `/${path.replace(`:${idParam}`, ':id')}`;
}

export function toRefineResource(resource: ResourceDeclaration): ResourceProps {
  const routes: Partial<Record<PageAction, string>> = {};
  for (const action of PAGE_ACTIONS) {
    const path = resource.routes[action];
    if (path) routes[action] = refineRoute(path, resource.idParam);
  }
  const access: ResourceAccess = { permission: resource.permission, actions: resource.actions };
  return {
    name: resource.name,
    ...routes,
    meta: {
      labelKey: resource.navigation?.labelKey,
      access,
      liveEvents: resource.liveEvents,
      liveChannel: resource.liveChannel,
      ...(resource.navigation?.group ? { parent: resource.navigation.group } : {}),
    },
  };
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

/** The screen name (`screens.<screen>.<name>`) of an action's route, as spec 1's route table names them. */
const SCREEN_OF_ACTION: Record<PageAction, string> = {
  list: 'list',
  create: 'create',
  edit: 'edit',
  show: 'overview',
  clone: 'copy',
};

export function toRouteEntries(resource: ResourceDeclaration): RouteEntry[] {
  const entries: RouteEntry[] = [];
  for (const action of PAGE_ACTIONS) {
    const path = resource.routes[action];
    if (!path) continue;
    const load = resource.pages?.[action] ?? GENERIC_PAGES[action];
    entries.push({
      path,
      screen: `${resource.screen}.${SCREEN_OF_ACTION[action]}`,
      guard: resource.actionGuards?.[action] ?? resource.guard,
      page: pageLoader(load, { resource, action }),
      // The generic list's rows are asked for ahead of its page on a first visit.
      ...(load === GENERIC_PAGES.list && { prefetch: (params) => prefetchList(resource, params) }),
    });
  }
  for (const extra of resource.routes.extra ?? []) {
    const action = extra.action ?? 'show';
    const load =
      extra.page ??
      (extra.action ? (resource.pages?.[extra.action] ?? GENERIC_PAGES[extra.action]) : undefined);
    entries.push({
      path: extra.path,
      screen: extra.screen,
      guard: extra.guard ?? resource.actionGuards?.[action] ?? resource.guard,
      ...(load ? { page: pageLoader(load, { resource, action, presets: extra.presets }) } : {}),
    });
  }
  return entries;
}

/** The permission of an action: the resource's own plus the action's, as `can` evaluates them. */
export function actionAccess(resource: ResourceDeclaration, action: ResourceAction): ResourceAccess {
  return { permission: resource.permission, actions: { [action]: resource.actions?.[action] } };
}
