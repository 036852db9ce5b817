/**
 * The side navigation of spec 1 §2.3 and §6 as data: entries and the accordion groups Security, Tools and Admin,
 * each with what it needs. The same declarations become refine's `resources` (so `can` and the buttons of later
 * pages see `meta.access`) and the Sider's menu.
 */
import {
  AppstoreOutlined,
  AuditOutlined,
  BgColorsOutlined,
  BugOutlined,
  CloudDownloadOutlined,
  CrownOutlined,
  DashboardOutlined,
  DeleteOutlined,
  ExperimentOutlined,
  HistoryOutlined,
  NodeIndexOutlined,
  ReadOutlined,
  SafetyCertificateOutlined,
  ShopOutlined,
  StarOutlined,
  TagsOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
  UsergroupAddOutlined,
} from '@ant-design/icons';
import type { ResourceProps } from '@refinedev/core';
import type { ReactNode } from 'react';
import type { Permission } from '@/lib/permissions';
import type { ResourceAccess } from '@/providers/access-control';
import { toRefineResource } from '@/resources/derive';
import { RESOURCES } from '@/resources/index';
import type { ResourceDeclaration } from '@/resources/types';

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
  /** Declared resources slot in by their `navigation.order`; these entries keep their place in this list. */
  order?: number;
}

/** The entries that are not (yet) declared resources, in order; declared ones are merged in below. */
const STATIC_NAVIGATION: NavigationItem[] = [
  {
    name: 'dashboard',
    order: 10,
    labelKey: 'nav.dashboard',
    icon: <DashboardOutlined aria-hidden />,
    route: '/',
  },
  {
    name: 'libraries',
    order: 30,
    labelKey: 'nav.libraries',
    icon: <AppstoreOutlined aria-hidden />,
    route: '/libraries',
    permission: { ability: 'list-libraries' },
  },
  {
    name: 'materials',
    order: 40,
    labelKey: 'nav.materials',
    icon: <BgColorsOutlined aria-hidden />,
    route: '/materials',
    permission: { platform: 'hatch', ability: 'list-materials' },
  },
  {
    name: 'processor',
    order: 50,
    labelKey: 'nav.processor',
    icon: <ExperimentOutlined aria-hidden />,
    route: '/processor',
    permission: {
      platform: 'hatch',
      ability: 'update-project-models|create-project-models|update-libraries|update-options',
    },
  },
  {
    name: 'security',
    order: 60,
    labelKey: 'nav.security',
    icon: <SafetyCertificateOutlined aria-hidden />,
    permission: { ability: 'view-system-users|view-roles|view-groups' },
    children: [
      {
        name: 'users',
        labelKey: 'nav.users',
        icon: <UserOutlined aria-hidden />,
        route: '/security/users',
        permission: { ability: 'view-system-users' },
      },
      {
        name: 'roles',
        labelKey: 'nav.roles',
        icon: <AuditOutlined aria-hidden />,
        route: '/security/roles',
        permission: { ability: 'view-roles' },
      },
      {
        name: 'groups',
        labelKey: 'nav.groups',
        icon: <TeamOutlined aria-hidden />,
        route: '/security/groups',
        permission: { ability: 'view-groups' },
      },
    ],
  },
  {
    name: 'tools',
    order: 70,
    labelKey: 'nav.tools',
    icon: <ToolOutlined aria-hidden />,
    permission: { ability: 'list-downloads|list-labels|access-recycling-bin' },
    children: [
      {
        name: 'labels',
        labelKey: 'nav.labels',
        icon: <TagsOutlined aria-hidden />,
        route: '/tools/labels',
        permission: { ability: 'list-labels' },
      },
      {
        name: 'downloads',
        labelKey: 'nav.downloads',
        icon: <CloudDownloadOutlined aria-hidden />,
        route: '/tools/downloads',
        permission: { ability: 'list-downloads' },
      },
      {
        name: 'property-maps',
        labelKey: 'nav.propertyMaps',
        icon: <NodeIndexOutlined aria-hidden />,
        route: '/tools/property-maps',
        permission: { platform: 'hatch' },
      },
      {
        name: 'trash',
        labelKey: 'nav.trash',
        icon: <DeleteOutlined aria-hidden />,
        route: '/tools/trash',
        permission: { ability: 'access-recycling-bin' },
      },
    ],
  },
  {
    name: 'admin',
    order: 80,
    labelKey: 'nav.admin',
    icon: <CrownOutlined aria-hidden />,
    permission: { admin: true },
    children: [
      {
        name: 'admin-users',
        labelKey: 'nav.adminUsers',
        icon: <UsergroupAddOutlined aria-hidden />,
        route: '/admin/users',
      },
      {
        name: 'companies',
        labelKey: 'nav.companies',
        icon: <ShopOutlined aria-hidden />,
        route: '/admin/companies',
      },
      {
        name: 'maintenance',
        labelKey: 'nav.maintenance',
        icon: <HistoryOutlined aria-hidden />,
        route: '/admin/maintenance',
      },
      {
        name: 'issue-reports',
        labelKey: 'nav.issueReports',
        icon: <BugOutlined aria-hidden />,
        route: '/admin/issue_report',
      },
      {
        name: 'changelog-items',
        labelKey: 'nav.changelog',
        icon: <ReadOutlined aria-hidden />,
        route: '/admin/changelog_items',
      },
      {
        name: 'feedback-reports',
        labelKey: 'nav.feedbackReports',
        icon: <StarOutlined aria-hidden />,
        route: '/admin/feedback_report',
      },
    ],
  },
];

const orderOf = (item: NavigationItem, index: number) => item.order ?? (index + 1) * 10;

/** A declared resource's menu entry: its list route, label, icon and the resource's permission. */
function declaredItem(resource: ResourceDeclaration): NavigationItem {
  const navigation = resource.navigation!;
  return {
    name: resource.name,
    labelKey: navigation.labelKey,
    icon: navigation.icon,
    route: `/${resource.routes.list ?? ''}`,
    permission: resource.permission,
    order: navigation.order,
  };
}

/** Slots declared resources into the static entries (top level or their group) by order. */
export function mergeNavigation(items: NavigationItem[], resources: ResourceDeclaration[]): NavigationItem[] {
  const declared = resources.filter((resource) => resource.navigation);
  const insert = (list: NavigationItem[], group?: string) =>
    [
      ...list.map((item, index) => ({ ...item, order: orderOf(item, index) })),
      ...declared.filter((resource) => resource.navigation!.group === group).map(declaredItem),
    ].sort((a, b) => a.order! - b.order!);
  return insert(items).map((item) =>
    item.children ? { ...item, children: insert(item.children, item.name) } : item,
  );
}

export const NAVIGATION: NavigationItem[] = mergeNavigation(STATIC_NAVIGATION, RESOURCES);

/** refine resources of the static entries: groups as parents; `meta.access` carries the permission for `can`. */
function staticResources(items: NavigationItem[], parent?: string): ResourceProps[] {
  return items.flatMap((item) => {
    const access: ResourceAccess = { permission: item.permission };
    const resource: ResourceProps = {
      name: item.name,
      ...(item.route ? { list: item.route } : {}),
      meta: { labelKey: item.labelKey, access, ...(parent ? { parent } : {}) },
    };
    return [resource, ...staticResources(item.children ?? [], item.name)];
  });
}

/** refine's resources: the static entries plus every declared resource (with all its routes and actions). */
export function navigationResources(): ResourceProps[] {
  return [...staticResources(STATIC_NAVIGATION), ...RESOURCES.map(toRefineResource)];
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
