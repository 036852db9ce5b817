/**
 * The complete route table of spec 1 §2.7 (inside the login-protected layout) with its guards (§2.7, §2.8,
 * §6). Each entry names its screen (`screens.<screen>` in common.json); a screen that a later issue builds
 * sets `page` here, the others show the 'not available yet' page. Pages are loaded on first visit.
 */
import type { ComponentType } from 'react';
import { toRouteEntries } from '@/resources/derive';
import { RESOURCES } from '@/resources/index';
import { withAntdTheme } from './antd-pages';
import type { RouteGuard } from './guards';
import { loadDashboardPage } from './shared-chunks';

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
  /** Asks for the page's first data ahead of it on a first visit, given the URL's query (first-screen.ts). */
  prefetch?: (params: URLSearchParams) => void;
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

/** The routes of screens that are not declared resources; each declared resource adds its own below. */
const SCREEN_ROUTES: RouteEntry[] = [
  // Always
  {
    path: '',
    screen: 'dashboard',
    // Built from the light components, like the layout: no antd theme (bundle budget of /).
    page: loadDashboardPage,
  },
  {
    path: 'global-search',
    screen: 'globalSearch',
    page: withAntdTheme(() =>
      import('@/shell/search/GlobalSearchPage').then((module) => module.GlobalSearchPage),
    ),
  },
  { path: 'user/profile', screen: 'account' },
  { path: 'user/company', screen: 'company', guard: COMPANY },
  { path: 'issue_report', screen: 'issueReport' },
  { path: 'feedback_report', screen: 'feedbackReport' },
  { path: 'faq', screen: 'faq.list' },
  { path: 'faq/:faqId', screen: 'faq.category' },
  { path: 'libraries', screen: 'libraries.list', guard: LIBRARIES },
  { path: 'libraries/:libraryId', screen: 'libraries.library', guard: LIBRARIES },
  { path: 'libraries/items/overview/:itemId', screen: 'items.overview', guard: LIBRARIES },
  ...crud('security/users', 'users', 'userId', SECURITY),
  ...crud('security/roles', 'roles', 'roleId', SECURITY),
  ...crud('security/groups', 'groups', 'groupId', SECURITY),
  ...crud('tools/labels', 'labels', 'labelId', TOOLS),
  { path: 'tools/trash', screen: 'trash', guard: TOOLS },
  { path: 'tools/downloads', screen: 'downloads.list', guard: { ability: 'list-downloads' } },

  // Authoring platform only
  { path: 'libraries/create', screen: 'libraries.create', guard: { ...HATCH, ...LIBRARIES } },
  { path: 'libraries/create/:libraryId', screen: 'libraries.create', guard: { ...HATCH, ...LIBRARIES } },
  { path: 'libraries/edit/:libraryId', screen: 'libraries.edit', guard: { ...HATCH, ...LIBRARIES } },
  { path: 'libraries/items/create', screen: 'items.create', guard: { ...HATCH, ...LIBRARIES } },
  { path: 'libraries/items/create/:libraryId', screen: 'items.create', guard: { ...HATCH, ...LIBRARIES } },
  { path: 'libraries/items/edit/:itemId', screen: 'items.edit', guard: { ...HATCH, ...LIBRARIES } },
  { path: 'materials', screen: 'materials.list', guard: HATCH },
  { path: 'materials/categories/:categoryId', screen: 'materials.category', guard: HATCH },
  { path: 'materials/create', screen: 'materials.create', guard: HATCH },
  { path: 'materials/import', screen: 'materials.import', guard: HATCH },
  { path: 'materials/create/:categoryId', screen: 'materials.create', guard: HATCH },
  { path: 'materials/create/variant/:baseMaterialName', screen: 'materials.createVariant', guard: HATCH },
  { path: 'materials/edit/:materialName', screen: 'materials.edit', guard: HATCH },
  { path: 'materials/categories/create', screen: 'categories.create', guard: HATCH },
  { path: 'materials/categories/create/:categoryId', screen: 'categories.create', guard: HATCH },
  { path: 'materials/categories/edit/:categoryId', screen: 'categories.edit', guard: HATCH },
  { path: 'materials/overview/:materialName', screen: 'materials.overview', guard: HATCH },
  { path: 'processor', screen: 'processor', guard: HATCH },
  ...crud('tools/property-maps', 'propertyMaps', 'propertyId', { ...HATCH, ...TOOLS }),

  // Administrators only
  { path: 'faq/create', screen: 'faq.create', guard: ADMIN },
  { path: 'tools/downloads/create', screen: 'downloads.create', guard: ADMIN },
  { path: 'tools/downloads/edit/:downloadId', screen: 'downloads.edit', guard: ADMIN },
  ...crud('admin/users', 'adminUsers', 'userId', ADMIN),
  ...crud('admin/companies', 'companies', 'companyId', ADMIN),
  ...crud('admin/maintenance', 'maintenance', 'maintenanceId', ADMIN),
  { path: 'admin/issue_report', screen: 'issueReports.list', guard: ADMIN },
  { path: 'admin/issue_report/overview/:issueId', screen: 'issueReports.overview', guard: ADMIN },
  ...crud('admin/changelog_items', 'changelog', 'id', ADMIN),
  { path: 'admin/feedback_report', screen: 'feedbackReports.list', guard: ADMIN },
  { path: 'admin/feedback_report/overview/:feedbackId', screen: 'feedbackReports.overview', guard: ADMIN },
];

export const ROUTE_TABLE: RouteEntry[] = [...SCREEN_ROUTES, ...RESOURCES.flatMap(toRouteEntries)];
