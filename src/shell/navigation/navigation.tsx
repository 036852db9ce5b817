/**
 * The side navigation of spec 1 §2.3 and §6 as data: the accordion groups Security, Tools and Admin, and the
 * entries of the declared resources and of the screens not declared yet (`src/shell/undeclared-screens.tsx`),
 * each with what it needs. The same entries become refine's `resources` (so `can` and the buttons of pages see
 * `meta.access`) and the Sider's menu.
 */
import CrownOutlined from '@ant-design/icons-svg/es/asn/CrownOutlined';
import SafetyCertificateOutlined from '@ant-design/icons-svg/es/asn/SafetyCertificateOutlined';
import ToolOutlined from '@ant-design/icons-svg/es/asn/ToolOutlined';
import { Glyph } from '@/ui/Glyph';
import type { ResourceProps } from '@refinedev/core';
import type { ReactNode } from 'react';
import type { Permission } from '@/lib/permissions';
import type { ResourceAccess } from '@/providers/access-control';
import { toRefineResource } from '@/declarations/derive';
import { RESOURCES } from '@/resources/index';
import type { ResourceDeclaration } from '@/declarations/types';
import { pendingScreens, type UndeclaredScreen, UNDECLARED_SCREENS } from '../undeclared-screens';

export interface NavigationItem {
  /** refine resource name (and menu key). */
  name: string;
  /** Translation key of the label. */
  labelKey: string;
  icon: ReactNode;
  /** The page it opens; groups have none. */
  route?: string;
  permission?: Permission;
  children?: NavigationItem[];
  /** Place among its siblings. */
  order: number;
}

type GroupName = NonNullable<NonNullable<ResourceDeclaration['navigation']>['group']>;

/**
 * The accordion groups (spec 1 §2.3); their entries come from declarations and undeclared screens, and a group
 * shows when any of its entries is permitted (spec 1 §6: Security for view-system-users, view-roles or
 * view-groups, Tools for list-downloads, list-labels or access-recycling-bin), derived from them.
 */
const NAVIGATION_GROUPS: Array<
  Omit<NavigationItem, 'name' | 'children' | 'permission'> & { name: GroupName }
> = [
  { name: 'security', order: 60, labelKey: 'nav.security', icon: <Glyph icon={SafetyCertificateOutlined} /> },
  { name: 'tools', order: 70, labelKey: 'nav.tools', icon: <Glyph icon={ToolOutlined} /> },
  { name: 'admin', order: 80, labelKey: 'nav.admin', icon: <Glyph icon={CrownOutlined} /> },
];

interface Placed {
  item: NavigationItem;
  group?: GroupName;
}

/**
 * A declared resource's menu entry: its list route, label, icon and the entry's permission (else the resource's,
 * with its list route's guard: an entry never leads to a refusal, e.g. Property Maps' tools abilities).
 */
function declaredEntry(resource: ResourceDeclaration): Placed {
  const navigation = resource.navigation!;
  const guard = resource.actionGuards?.list ?? resource.guard;
  const own = resource.permission;
  const implied =
    !guard ||
    (guard.platform === own?.platform && guard.admin === own?.admin && guard.ability === own?.ability);
  const permission = navigation.permission ?? (implied ? own : { allOf: [own ?? {}, guard] });
  return {
    item: {
      name: resource.name,
      labelKey: navigation.labelKey,
      icon: navigation.icon,
      route: `/${resource.routes.list ?? ''}`,
      permission,
      order: navigation.order,
    },
    group: navigation.group,
  };
}

function undeclaredEntry(screen: UndeclaredScreen): Placed {
  const { group, ...item } = screen.navigation!;
  return { item: { name: screen.name, ...item }, group };
}

const byOrder = (a: NavigationItem, b: NavigationItem) => a.order - b.order;

/** The menu: the entries of the declared resources and of the screens none of them replaces, by order. */
export function buildNavigation(
  resources: readonly ResourceDeclaration[],
  screens: readonly UndeclaredScreen[] = UNDECLARED_SCREENS,
): NavigationItem[] {
  const entries = [
    ...pendingScreens(resources, screens)
      .filter((screen) => screen.navigation)
      .map(undeclaredEntry),
    ...resources.filter((resource) => resource.navigation).map(declaredEntry),
  ];
  const inGroup = (group?: GroupName) =>
    entries.filter((entry) => entry.group === group).map((entry) => entry.item);
  return [
    ...inGroup(undefined),
    ...NAVIGATION_GROUPS.map((group) => {
      const children = inGroup(group.name).sort(byOrder);
      return { ...group, permission: { anyOf: children.map((child) => child.permission ?? {}) }, children };
    }),
  ].sort(byOrder);
}

export const NAVIGATION: NavigationItem[] = buildNavigation(RESOURCES);

/** refine resources of the undeclared entries: groups as parents; `meta.access` carries the permission for `can`. */
function menuResources(items: NavigationItem[], parent?: string): ResourceProps[] {
  return items.flatMap((item) => {
    const access: ResourceAccess = { permission: item.permission };
    const resource: ResourceProps = {
      name: item.name,
      ...(item.route ? { list: item.route } : {}),
      meta: { labelKey: item.labelKey, access, ...(parent ? { parent } : {}) },
    };
    return [resource, ...menuResources(item.children ?? [], item.name)];
  });
}

/** refine's resources: every declared resource (with all its routes and actions), the groups and the menu
 * entries of the undeclared screens. */
export function navigationResources(
  resources: readonly ResourceDeclaration[] = RESOURCES,
  screens: readonly UndeclaredScreen[] = UNDECLARED_SCREENS,
): ResourceProps[] {
  const declared = new Set(resources.map((resource) => resource.name));
  return [
    ...menuResources(buildNavigation(resources, screens)).filter((item) => !declared.has(item.name)),
    ...resources.map(toRefineResource),
  ];
}

/** The entry whose route is the longest prefix of the path (the dashboard only for `/` itself). */
export function activeNavigationItem(
  pathname: string,
  items: NavigationItem[] = NAVIGATION,
): NavigationItem | undefined {
  const flat = items.flatMap((item) => [item, ...(item.children ?? [])]).filter((item) => item.route);
  const matches = flat.filter(
    (item) => pathname === item.route || (item.route !== '/' && pathname.startsWith(`${item.route}/`)),
  );
  return matches.sort((a, b) => b.route!.length - a.route!.length)[0];
}

/** The group an entry belongs to. */
export const groupOf = (item: NavigationItem | undefined, items: NavigationItem[] = NAVIGATION) =>
  item && items.find((group) => group.children?.includes(item));
