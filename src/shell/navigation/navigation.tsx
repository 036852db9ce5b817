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
  FolderOpenOutlined,
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
}

export const NAVIGATION: NavigationItem[] = [
  { name: 'dashboard', labelKey: 'nav.dashboard', icon: <DashboardOutlined aria-hidden />, route: '/' },
  {
    name: 'projects',
    labelKey: 'nav.projects',
    icon: <FolderOpenOutlined aria-hidden />,
    route: '/projects',
    permission: { ability: 'view-projects' },
  },
  {
    name: 'libraries',
    labelKey: 'nav.libraries',
    icon: <AppstoreOutlined aria-hidden />,
    route: '/libraries',
    permission: { ability: 'list-libraries' },
  },
  {
    name: 'materials',
    labelKey: 'nav.materials',
    icon: <BgColorsOutlined aria-hidden />,
    route: '/materials',
    permission: { platform: 'hatch', ability: 'list-materials' },
  },
  {
    name: 'processor',
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

/** refine's resources: one per entry, groups as parents; `meta.access` carries the permission for `can`. */
export function navigationResources(items: NavigationItem[] = NAVIGATION, parent?: string): ResourceProps[] {
  return items.flatMap((item) => {
    const access: ResourceAccess = { permission: item.permission };
    const resource: ResourceProps = {
      name: item.name,
      ...(item.route ? { list: item.route } : {}),
      meta: { labelKey: item.labelKey, access, ...(parent ? { parent } : {}) },
    };
    return [resource, ...navigationResources(item.children ?? [], item.name)];
  });
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
