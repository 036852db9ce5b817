/**
 * The one list of screens that are not declared resources (yet): spec 1 §2.7's routes with their guards (§2.7,
 * §2.8, §6), their side-navigation entries (§2.3) and their global-search groups (§2.6). The route table, the
 * navigation, refine's resources and the search groups are derived from the resource declarations plus this
 * list. Each entry is named by the API collection its declaration will have: declaring a resource of that name
 * replaces the entry's placeholder routes, menu entry and search group, with nothing else to touch.
 */
import {
  AppstoreOutlined,
  ApartmentOutlined,
  AuditOutlined,
  BgColorsOutlined,
  CloudDownloadOutlined,
  ContainerOutlined,
  DashboardOutlined,
  DeleteOutlined,
  ExperimentOutlined,
  HistoryOutlined,
  NodeIndexOutlined,
  SafetyCertificateOutlined,
  ShopOutlined,
  TeamOutlined,
  UserOutlined,
  UsergroupAddOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { Permission } from '@/lib/permissions';
import type { RouteGuard } from '@/lib/route-guards';
import type { ResourceDeclaration } from '@/resources/types';
import { withAntdTheme } from './routes/antd-pages';
import { loadDashboardPage } from './routes/shared-chunks';
import type { RouteEntry } from './routes/route-table';
import type { SearchGroup } from './search/search-groups';

/** A side-navigation entry: top level, or inside one of the groups of `navigation.tsx`. */
export interface ScreenNavigation {
  labelKey: string;
  icon: ReactNode;
  route: string;
  permission?: Permission;
  group?: 'security' | 'tools' | 'admin';
  order: number;
}

export interface UndeclaredScreen {
  /** The API collection (and refine resource name) its declaration will have. */
  name: string;
  routes: RouteEntry[];
  navigation?: ScreenNavigation;
  search?: Omit<SearchGroup, 'resource'>;
}

const HATCH = { platform: 'hatch' } as const;
const ADMIN = { admin: true } as const;
/** Spec 1 §6 route groups. */
const COMPANY = { ability: 'view-company|edit-company' };
const LIBRARIES = { ability: 'list-libraries' };
const SECURITY = { ability: 'view-system-users|view-roles|view-groups' };
const TOOLS = { ability: 'list-downloads|list-labels|access-recycling-bin' };

/** `base`, `base/create` and `base/edit/:param`, the shape most management areas share. */
const crud = (base: string, screen: string, param: string, guard?: RouteGuard): RouteEntry[] => [
  { path: base, screen: `${screen}.list`, guard },
  { path: `${base}/create`, screen: `${screen}.create`, guard },
  { path: `${base}/edit/:${param}`, screen: `${screen}.edit`, guard },
];

const id = (record: { id?: unknown }) => encodeURIComponent(String(record.id));

export const UNDECLARED_SCREENS: UndeclaredScreen[] = [
  {
    name: 'dashboard',
    routes: [
      {
        path: '',
        screen: 'dashboard',
        // Built from the light components, like the layout: no antd theme (the byte budget of /).
        page: loadDashboardPage,
      },
    ],
    navigation: { labelKey: 'nav.dashboard', icon: <DashboardOutlined aria-hidden />, route: '/', order: 10 },
  },
  {
    name: 'global-search',
    routes: [
      {
        path: 'global-search',
        screen: 'globalSearch',
        page: withAntdTheme(() =>
          import('@/shell/search/GlobalSearchPage').then((module) => module.GlobalSearchPage),
        ),
      },
    ],
  },
  { name: 'my-account', routes: [{ path: 'user/profile', screen: 'account' }] },
  { name: 'companies/my-company', routes: [{ path: 'user/company', screen: 'company', guard: COMPANY }] },
  {
    name: 'libraries',
    routes: [
      { path: 'libraries', screen: 'libraries.list', guard: LIBRARIES },
      { path: 'libraries/:libraryId', screen: 'libraries.library', guard: LIBRARIES },
      { path: 'libraries/create', screen: 'libraries.create', guard: { ...HATCH, ...LIBRARIES } },
      { path: 'libraries/create/:libraryId', screen: 'libraries.create', guard: { ...HATCH, ...LIBRARIES } },
      { path: 'libraries/edit/:libraryId', screen: 'libraries.edit', guard: { ...HATCH, ...LIBRARIES } },
    ],
    navigation: {
      labelKey: 'nav.libraries',
      icon: <AppstoreOutlined aria-hidden />,
      route: '/libraries',
      permission: { ability: 'list-libraries' },
      order: 30,
    },
    search: {
      key: 'libraries',
      order: 30,
      icon: <AppstoreOutlined />,
      ability: 'list-libraries',
      viewAll: '/libraries',
      viewAllLabel: 'viewAll',
      rowTarget: (record) => ({ to: `/libraries/${id(record)}`, state: { name: record.name } }),
    },
  },
  {
    name: 'libraries/items',
    routes: [
      { path: 'libraries/items/overview/:itemId', screen: 'items.overview', guard: LIBRARIES },
      { path: 'libraries/items/create', screen: 'items.create', guard: { ...HATCH, ...LIBRARIES } },
      {
        path: 'libraries/items/create/:libraryId',
        screen: 'items.create',
        guard: { ...HATCH, ...LIBRARIES },
      },
      { path: 'libraries/items/edit/:itemId', screen: 'items.edit', guard: { ...HATCH, ...LIBRARIES } },
    ],
    search: {
      key: 'libraryItems',
      order: 40,
      icon: <ContainerOutlined />,
      ability: 'list-library-items',
      viewAll: '/libraries',
      viewAllLabel: 'viewAll',
      rowTarget: (record) => ({ to: `/libraries/items/overview/${id(record)}` }),
    },
  },
  {
    name: 'materials',
    routes: [
      { path: 'materials', screen: 'materials.list', guard: HATCH },
      { path: 'materials/create', screen: 'materials.create', guard: HATCH },
      { path: 'materials/import', screen: 'materials.import', guard: HATCH },
      { path: 'materials/create/:categoryId', screen: 'materials.create', guard: HATCH },
      { path: 'materials/create/variant/:baseMaterialName', screen: 'materials.createVariant', guard: HATCH },
      { path: 'materials/edit/:materialName', screen: 'materials.edit', guard: HATCH },
      { path: 'materials/overview/:materialName', screen: 'materials.overview', guard: HATCH },
    ],
    navigation: {
      labelKey: 'nav.materials',
      icon: <BgColorsOutlined aria-hidden />,
      route: '/materials',
      permission: { platform: 'hatch', ability: 'list-materials' },
      order: 40,
    },
    search: {
      key: 'materials',
      order: 50,
      icon: <BgColorsOutlined />,
      ability: 'list-materials',
      platform: 'hatch',
      viewAll: '/materials',
      viewAllLabel: 'viewAll',
      rowTarget: (record) => ({
        to: `/materials/overview/${encodeURIComponent(String(record.name ?? ''))}`,
      }),
    },
  },
  {
    name: 'materials/categories',
    routes: [
      { path: 'materials/categories/:categoryId', screen: 'materials.category', guard: HATCH },
      { path: 'materials/categories/create', screen: 'categories.create', guard: HATCH },
      { path: 'materials/categories/create/:categoryId', screen: 'categories.create', guard: HATCH },
      { path: 'materials/categories/edit/:categoryId', screen: 'categories.edit', guard: HATCH },
    ],
    search: {
      key: 'materialCategories',
      order: 60,
      icon: <ApartmentOutlined />,
      ability: 'list-material-categories',
      platform: 'hatch',
      viewAll: '/materials',
      viewAllLabel: 'viewAll',
      rowTarget: (record) => ({ to: `/materials/categories/${id(record)}` }),
    },
  },
  {
    name: 'processor',
    routes: [{ path: 'processor', screen: 'processor', guard: HATCH }],
    navigation: {
      labelKey: 'nav.processor',
      icon: <ExperimentOutlined aria-hidden />,
      route: '/processor',
      permission: {
        platform: 'hatch',
        ability: 'update-project-models|create-project-models|update-libraries|update-options',
      },
      order: 50,
    },
  },
  {
    name: 'users',
    routes: crud('security/users', 'users', 'userId', SECURITY),
    navigation: {
      labelKey: 'nav.users',
      icon: <UserOutlined aria-hidden />,
      route: '/security/users',
      permission: { ability: 'view-system-users' },
      group: 'security',
      order: 10,
    },
    search: {
      key: 'users',
      order: 70,
      icon: <UserOutlined />,
      ability: 'view-system-users',
      viewAll: '/security/users',
      viewAllLabel: 'viewUsers',
      rowTarget: (record) => ({ to: `/security/users/edit/${id(record)}` }),
      rowAbility: 'update-users',
      defaultSort: 'email_verified_at',
    },
  },
  {
    name: 'roles',
    routes: crud('security/roles', 'roles', 'roleId', SECURITY),
    navigation: {
      labelKey: 'nav.roles',
      icon: <AuditOutlined aria-hidden />,
      route: '/security/roles',
      permission: { ability: 'view-roles' },
      group: 'security',
      order: 20,
    },
    search: {
      key: 'roles',
      order: 80,
      icon: <SafetyCertificateOutlined />,
      ability: 'view-roles',
      viewAll: '/security/roles',
      viewAllLabel: 'viewAll',
      rowTarget: (record) => ({ to: `/security/roles/edit/${id(record)}` }),
      rowAbility: 'update-roles',
    },
  },
  {
    name: 'groups',
    routes: crud('security/groups', 'groups', 'groupId', SECURITY),
    navigation: {
      labelKey: 'nav.groups',
      icon: <TeamOutlined aria-hidden />,
      route: '/security/groups',
      permission: { ability: 'view-groups' },
      group: 'security',
      order: 30,
    },
    search: {
      key: 'groups',
      order: 90,
      icon: <TeamOutlined />,
      ability: 'view-groups',
      viewAll: '/security/groups',
      viewAllLabel: 'viewAll',
      rowTarget: (record) => ({ to: `/security/groups/edit/${id(record)}` }),
      rowAbility: 'update-groups',
    },
  },
  {
    name: 'downloads',
    routes: [
      { path: 'tools/downloads', screen: 'downloads.list', guard: { ability: 'list-downloads' } },
      { path: 'tools/downloads/create', screen: 'downloads.create', guard: ADMIN },
      { path: 'tools/downloads/edit/:downloadId', screen: 'downloads.edit', guard: ADMIN },
    ],
    navigation: {
      labelKey: 'nav.downloads',
      icon: <CloudDownloadOutlined aria-hidden />,
      route: '/tools/downloads',
      permission: { ability: 'list-downloads' },
      group: 'tools',
      order: 20,
    },
    search: {
      key: 'downloads',
      order: 110,
      icon: <CloudDownloadOutlined />,
      ability: 'list-downloads',
      viewAll: '/tools/downloads',
      viewAllLabel: 'viewAll',
      rowTarget: (record) => ({ to: `/tools/downloads/edit/${id(record)}` }),
    },
  },
  {
    name: 'property-maps',
    routes: crud('tools/property-maps', 'propertyMaps', 'propertyId', { ...HATCH, ...TOOLS }),
    navigation: {
      labelKey: 'nav.propertyMaps',
      icon: <NodeIndexOutlined aria-hidden />,
      route: '/tools/property-maps',
      permission: { platform: 'hatch' },
      group: 'tools',
      order: 30,
    },
    search: {
      key: 'propertyMaps',
      order: 120,
      icon: <NodeIndexOutlined />,
      ability: 'list-property-maps',
      platform: 'hatch',
      viewAll: '/tools/property-maps',
      viewAllLabel: 'viewAll',
      rowTarget: (record) => ({ to: `/tools/property-maps/edit/${id(record)}` }),
      rowAbility: 'update-property-maps',
    },
  },
  {
    name: 'trash',
    routes: [{ path: 'tools/trash', screen: 'trash', guard: TOOLS }],
    navigation: {
      labelKey: 'nav.trash',
      icon: <DeleteOutlined aria-hidden />,
      route: '/tools/trash',
      permission: { ability: 'access-recycling-bin' },
      group: 'tools',
      order: 40,
    },
  },
  {
    name: 'admin/users',
    routes: crud('admin/users', 'adminUsers', 'userId', ADMIN),
    navigation: {
      labelKey: 'nav.adminUsers',
      icon: <UsergroupAddOutlined aria-hidden />,
      route: '/admin/users',
      group: 'admin',
      order: 10,
    },
  },
  {
    name: 'admin/companies',
    routes: crud('admin/companies', 'companies', 'companyId', ADMIN),
    navigation: {
      labelKey: 'nav.companies',
      icon: <ShopOutlined aria-hidden />,
      route: '/admin/companies',
      group: 'admin',
      order: 20,
    },
  },
  {
    name: 'admin/planned-maintenance',
    routes: crud('admin/maintenance', 'maintenance', 'maintenanceId', ADMIN),
    navigation: {
      labelKey: 'nav.maintenance',
      icon: <HistoryOutlined aria-hidden />,
      route: '/admin/maintenance',
      group: 'admin',
      order: 30,
    },
  },
];

/** The screens no declaration has replaced yet. */
export const pendingScreens = (
  resources: readonly Pick<ResourceDeclaration, 'name'>[],
  screens: readonly UndeclaredScreen[] = UNDECLARED_SCREENS,
): UndeclaredScreen[] => {
  const declared = new Set(resources.map((resource) => resource.name));
  return screens.filter((screen) => !declared.has(screen.name));
};
