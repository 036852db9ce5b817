/**
 * The palette's 'Go to' entries (issue 33): every screen without a record in its path, from the route table's
 * sources (the declared resources' routes and the screens not declared yet), each offered only where the user may
 * open it by the same rules as the route itself and the side navigation: the route's guard, the resource's
 * permission for the route's action (as refine's `can`), and the menu entry's permission where the menu leads to
 * the same path (Materials needs list-materials). Nothing here is a list of screens of its own.
 */
import type { PermissionSubject } from '@shared/abilities';
import type { PlatformKey } from '@shared/platforms';
import type { ReactNode } from 'react';
import { isPermitted, type Permission } from '@/lib/permissions';
import { evaluateGuard, type RouteGuard } from '@/lib/route-guards';
import { canUseResource, type ResourceAccess } from '@/providers/access-control';
import { actionAccess, toResourceRoutes } from '@/declarations/derive';
import { RESOURCES } from '@/resources/index';
import type { ResourceDeclaration } from '@/declarations/types';
import { NAVIGATION, type NavigationItem } from '../navigation/navigation';
import { SEARCH_PATH } from '../search/search-path';
import { pendingScreens, type UndeclaredScreen, UNDECLARED_SCREENS } from '../undeclared-screens';

export interface PaletteScreen {
  /** The URL path, from `/`. */
  path: string;
  /** `screens.<screen>` in common.json. */
  screen: string;
  icon?: ReactNode;
  guard?: RouteGuard;
  /** The resource's access and the route's action, as `can` checks them. */
  access?: { access: ResourceAccess; action: string };
  /** The permission of the side navigation's entry for this path. */
  menu?: Permission;
}

const withoutRecord = (path: string) => !path.includes(':');
const absolute = (path: string) => `/${path}`;

/** The side navigation's entries by path, in the menu's order. */
function menuEntries(items: readonly NavigationItem[]): Map<string, NavigationItem> {
  const leaves = items.flatMap((item) => (item.children ? item.children : [item]));
  return new Map(leaves.filter((item) => item.route).map((item) => [item.route!, item]));
}

function declaredScreens(resource: ResourceDeclaration): PaletteScreen[] {
  return toResourceRoutes(resource)
    .filter((route) => withoutRecord(route.path))
    .map((route) => ({
      path: absolute(route.path),
      screen: route.screen,
      icon: resource.navigation?.icon,
      guard: route.guard,
      access: route.action
        ? { access: actionAccess(resource, route.action), action: route.action }
        : { access: { permission: resource.permission }, action: 'show' },
    }));
}

/** Every screen the palette may offer, each path once: the side navigation's first, in its order, then the others
 * in the route table's; the search results page is the palette's own 'Search everywhere' instead. */
export function buildPaletteScreens(
  resources: readonly ResourceDeclaration[] = RESOURCES,
  screens: readonly UndeclaredScreen[] = UNDECLARED_SCREENS,
  navigation: readonly NavigationItem[] = NAVIGATION,
): PaletteScreen[] {
  const menu = menuEntries(navigation);
  const all = [
    ...pendingScreens(resources, screens).flatMap((screen) =>
      screen.routes
        .filter((route) => withoutRecord(route.path))
        .map((route): PaletteScreen => ({
          path: absolute(route.path),
          screen: route.screen,
          guard: route.guard,
        })),
    ),
    ...resources.flatMap(declaredScreens),
  ];
  const seen = new Set<string>([SEARCH_PATH]);
  const unique = all.flatMap((screen) => {
    if (seen.has(screen.path)) return [];
    seen.add(screen.path);
    const entry = menu.get(screen.path);
    return [{ ...screen, icon: entry?.icon ?? screen.icon, menu: entry?.permission }];
  });
  // The menu's screens first, in its order; then the others (new …, account, reports) in the route table's.
  const menuOrder = [...menu.keys()];
  const rank = (screen: PaletteScreen) => {
    const index = menuOrder.indexOf(screen.path);
    return index === -1 ? menuOrder.length : index;
  };
  return unique
    .map((screen, index) => ({ screen, index }))
    .sort((a, b) => rank(a.screen) - rank(b.screen) || a.index - b.index)
    .map(({ screen }) => screen);
}

/** Whether the user may open the screen: its route's guard lets them in and every permission it names holds. */
export function mayOpen(
  screen: PaletteScreen,
  user: PermissionSubject | null | undefined,
  platform: PlatformKey,
): boolean {
  if (!user || evaluateGuard(screen.guard, user, platform) !== 'allow') return false;
  if (screen.access && !canUseResource(user, platform, screen.access.access, screen.access.action))
    return false;
  return isPermitted(user, platform, screen.menu);
}
