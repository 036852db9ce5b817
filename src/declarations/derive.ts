/**
 * What the portal derives from a resource declaration, so nothing is written twice: refine's resource, the
 * routes of the resource (with the page each shows) and the paths of a record's screens. The shell turns these
 * into the route table (`src/shell/routes/route-table.ts`), the side navigation
 * (`src/shell/navigation/navigation.tsx`) and the global search groups (`src/shell/search/search-groups.ts`);
 * binding a route to the generic page of its action happens there too (`src/shell/routes/resource-pages.ts`).
 */
import type { BaseRecord, ResourceProps } from '@refinedev/core';
import type { RouteGuard } from '@/lib/route-guards';
import type { ResourceAccess } from '@/providers/access-control';
import type {
  LazyPage,
  OverviewScreen,
  PageAction,
  ResourceAction,
  ResourceDeclaration,
  ResourcePageProps,
} from './types';

export const PAGE_ACTIONS: PageAction[] = ['list', 'create', 'edit', 'show', 'clone'];

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
      ...(resource.writeCollection ? { writeCollection: resource.writeCollection } : {}),
      ...(resource.navigation?.group ? { parent: resource.navigation.group } : {}),
    },
  };
}

/** A route of a declared resource: its path, screen name, guard, and the page it shows. */
export interface ResourceRoute {
  /** Relative to `/`, react-router syntax. */
  path: string;
  /** `screens.<screen>` in common.json. */
  screen: string;
  guard?: RouteGuard;
  /** The action its page performs; without `page`, the generic page of that action renders it. */
  action?: PageAction;
  /** The declaration's own page for this route. */
  page?: LazyPage;
  /** Its declared overview screen, shown by the generic overview page (`ExtraRoute.overview`). */
  overview?: OverviewScreen;
  presets?: ResourcePageProps['presets'];
  titleKey?: string;
}

/** The screen name (`screens.<screen>.<name>`) of an action's route, as spec 1's route table names them. */
const SCREEN_OF_ACTION: Record<PageAction, string> = {
  list: 'list',
  create: 'create',
  edit: 'edit',
  show: 'overview',
  clone: 'copy',
};

export function toResourceRoutes(resource: ResourceDeclaration): ResourceRoute[] {
  const routes: ResourceRoute[] = [];
  for (const action of PAGE_ACTIONS) {
    const path = resource.routes[action];
    if (!path) continue;
    routes.push({
      path,
      screen: `${resource.screen}.${SCREEN_OF_ACTION[action]}`,
      guard: resource.actionGuards?.[action] ?? resource.guard,
      action,
      page: resource.pages?.[action],
    });
  }
  for (const extra of resource.routes.extra ?? []) {
    const guardAction = extra.action ?? 'show';
    routes.push({
      path: extra.path,
      screen: extra.screen,
      guard: extra.guard ?? resource.actionGuards?.[guardAction] ?? resource.guard,
      action: extra.action,
      page: extra.page ?? (extra.action ? resource.pages?.[extra.action] : undefined),
      overview: extra.overview,
      presets: extra.presets,
      titleKey: extra.titleKey,
    });
  }
  if (resource.tree) {
    // One container of a tree: the same (tree browser) page as the list route, the root.
    routes.push({
      path: resource.tree.route,
      screen: resource.tree.screen,
      guard: resource.actionGuards?.list ?? resource.guard,
      action: 'list',
      page: resource.pages?.list,
    });
  }
  return routes;
}

/** The permission of an action: the resource's own plus the action's, as `can` evaluates them. */
export function actionAccess(resource: ResourceDeclaration, action: ResourceAction): ResourceAccess {
  return { permission: resource.permission, actions: { [action]: resource.actions?.[action] } };
}

/** The value that keys a record in routes and calls (`id`, or the declared `idField`, e.g. a material's name). */
export const recordKey = (resource: Pick<ResourceDeclaration, 'idField'>, record: BaseRecord) =>
  record[resource.idField ?? 'id'] as string | number | undefined;

/** The URL of one of a record's screens: a declared route with the record's key (URL-encoded) in its parameter. */
export const recordPath = (
  path: string,
  resource: Pick<ResourceDeclaration, 'idParam' | 'idField'>,
  record: BaseRecord,
) => `/${path.replace(`:${resource.idParam}`, encodeURIComponent(String(recordKey(resource, record))))}`;
