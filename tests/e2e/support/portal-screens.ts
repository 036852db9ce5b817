/**
 * Every screen of the portal to visit, by group: the route table's routes (the declarations' list, create, edit
 * and show pages and the shell's own screens), each with the user and host that may open it and the seeded records
 * its path names. The screenshot review (screenshots.spec.ts) and the accessible-name check
 * (accessible-names.spec.ts) go over it; tests/unit/portal-screens.test.ts checks that it names every route.
 * Plain data (type imports only), so the unit test reads it too.
 */
import type { Page } from '@playwright/test';
import type { DemoUser } from './portal';

/** Ids of seeded records the id-bearing routes open. */
export interface Ids {
  project: number;
  model: number;
  library: number;
  item: number;
  material: string;
  category: number;
  label: number;
  download: number;
  propertyMap: number;
  user: number;
  role: number;
  group: number;
  faq: number;
  adminUser: number;
  company: number;
  maintenance: number;
  issue: number;
  feedback: number;
  changelog: number;
}

export interface Screen {
  name: string;
  path: string | ((ids: Ids) => string);
  /** Signed in as (alice unless said); null for the public screens. */
  user?: DemoUser | null;
  /** The host's first label (acme unless said). */
  host?: string;
  /** What to do once the page has loaded (open the bell, ...). */
  act?: (page: Page) => Promise<void>;
}

export const SCREEN_GROUPS: Record<string, Screen[]> = {
  shell: [
    { name: 'login', path: '/login', user: null },
    { name: 'forgot-password', path: '/forgot-password', user: null },
    { name: 'reset-password', path: '/reset-password?token=review&email=alice%40acme.test', user: null },
    { name: 'shared-link-missing', path: '/shared/no-such-link', user: null },
    { name: 'dashboard', path: '/' },
    {
      name: 'notifications',
      path: '/',
      act: async (page) => {
        await page.locator('.notification-bell').click();
        await page.locator('.notification-popover').waitFor();
      },
    },
    {
      name: 'navigation-open',
      path: '/admin/companies',
      user: 'admin',
      act: (page) => page.getByRole('button', { name: /^(Toggle menu|Menu tonen of verbergen)$/ }).click(),
    },
    { name: 'dashboard-designs-and-sales-bob', path: '/', user: 'bob', host: 'customerportal-acme' },
    { name: 'global-search', path: '/global-search?search=Harbour' },
    { name: 'page-not-found', path: '/no-such-page' },
    { name: 'unauthorized', path: '/unauthorized' },
    { name: 'portal-no-licence-dave', path: '/portal', user: 'dave', host: 'initech' },
    { name: 'recycling-bin', path: '/tools/trash' },
    { name: 'processor', path: '/processor' },
    { name: 'my-account', path: '/user/profile' },
    { name: 'company', path: '/user/company' },
    { name: 'faq', path: '/faq' },
    { name: 'faq-category', path: ({ faq }) => `/faq/${faq}` },
    { name: 'issue-report', path: '/issue_report' },
    { name: 'feedback-report', path: '/feedback_report' },
  ],
  projects: [
    { name: 'projects', path: '/projects' },
    { name: 'project-create', path: '/projects/create' },
    { name: 'project-edit', path: ({ project }) => `/projects/edit/${project}` },
    { name: 'project-overview', path: ({ project }) => `/projects/overview/${project}` },
    { name: 'project-copy', path: ({ project }) => `/projects/copy/${project}` },
    { name: 'project-create-sub', path: ({ project }) => `/projects/create/${project}` },
    { name: 'project-manage', path: ({ project }) => `/projects/manage/${project}` },
    { name: 'model-create', path: '/projects/models/create' },
    { name: 'model-create-in-project', path: ({ project }) => `/projects/models/create/${project}` },
    { name: 'model-edit', path: ({ model }) => `/projects/models/edit/${model}` },
    { name: 'model-overview', path: ({ model }) => `/projects/models/overview/${model}` },
  ],
  libraries: [
    { name: 'libraries', path: '/libraries' },
    { name: 'library', path: ({ library }) => `/libraries/${library}` },
    { name: 'library-create', path: '/libraries/create' },
    { name: 'library-create-sub', path: ({ library }) => `/libraries/create/${library}` },
    { name: 'library-edit', path: ({ library }) => `/libraries/edit/${library}` },
    { name: 'item-create', path: '/libraries/items/create' },
    { name: 'item-create-in-library', path: ({ library }) => `/libraries/items/create/${library}` },
    { name: 'item-edit', path: ({ item }) => `/libraries/items/edit/${item}` },
    { name: 'item-overview', path: ({ item }) => `/libraries/items/overview/${item}` },
  ],
  materials: [
    { name: 'materials', path: '/materials' },
    { name: 'material-category', path: ({ category }) => `/materials/categories/${category}` },
    { name: 'material-create', path: '/materials/create' },
    { name: 'material-create-in-category', path: ({ category }) => `/materials/create/${category}` },
    {
      name: 'material-create-variant',
      path: ({ material }) => `/materials/create/variant/${encodeURIComponent(material)}`,
    },
    { name: 'material-edit', path: ({ material }) => `/materials/edit/${encodeURIComponent(material)}` },
    {
      name: 'material-overview',
      path: ({ material }) => `/materials/overview/${encodeURIComponent(material)}`,
    },
    { name: 'material-import', path: '/materials/import' },
    { name: 'category-create', path: '/materials/categories/create' },
    { name: 'category-create-sub', path: ({ category }) => `/materials/categories/create/${category}` },
    { name: 'category-edit', path: ({ category }) => `/materials/categories/edit/${category}` },
  ],
  'security and tools': [
    { name: 'users', path: '/security/users' },
    { name: 'user-create', path: '/security/users/create' },
    { name: 'user-edit', path: ({ user }) => `/security/users/edit/${user}` },
    { name: 'roles', path: '/security/roles' },
    { name: 'role-create', path: '/security/roles/create' },
    { name: 'role-edit', path: ({ role }) => `/security/roles/edit/${role}` },
    { name: 'groups', path: '/security/groups' },
    { name: 'group-create', path: '/security/groups/create' },
    { name: 'group-edit', path: ({ group }) => `/security/groups/edit/${group}` },
    { name: 'labels', path: '/tools/labels' },
    { name: 'label-create', path: '/tools/labels/create' },
    { name: 'label-edit', path: ({ label }) => `/tools/labels/edit/${label}` },
    { name: 'downloads', path: '/tools/downloads' },
    { name: 'share-links', path: '/tools/share-links' },
    { name: 'property-maps', path: '/tools/property-maps' },
    { name: 'property-map-create', path: '/tools/property-maps/create' },
    { name: 'property-map-edit', path: ({ propertyMap }) => `/tools/property-maps/edit/${propertyMap}` },
  ],
  admin: [
    { name: 'admin-users', path: '/admin/users', user: 'admin' },
    { name: 'admin-user-create', path: '/admin/users/create', user: 'admin' },
    { name: 'admin-user-edit', path: ({ adminUser }) => `/admin/users/edit/${adminUser}`, user: 'admin' },
    { name: 'companies', path: '/admin/companies', user: 'admin' },
    { name: 'company-create', path: '/admin/companies/create', user: 'admin' },
    { name: 'company-edit', path: ({ company }) => `/admin/companies/edit/${company}`, user: 'admin' },
    { name: 'maintenance', path: '/admin/maintenance', user: 'admin' },
    { name: 'maintenance-create', path: '/admin/maintenance/create', user: 'admin' },
    {
      name: 'maintenance-edit',
      path: ({ maintenance }) => `/admin/maintenance/edit/${maintenance}`,
      user: 'admin',
    },
    { name: 'issue-reports', path: '/admin/issue_report', user: 'admin' },
    {
      name: 'issue-report-overview',
      path: ({ issue }) => `/admin/issue_report/overview/${issue}`,
      user: 'admin',
    },
    { name: 'feedback-reports', path: '/admin/feedback_report', user: 'admin' },
    {
      name: 'feedback-report-overview',
      path: ({ feedback }) => `/admin/feedback_report/overview/${feedback}`,
      user: 'admin',
    },
    { name: 'changelog', path: '/admin/changelog_items', user: 'admin' },
    { name: 'changelog-create', path: '/admin/changelog_items/create', user: 'admin' },
    {
      name: 'changelog-edit',
      path: ({ changelog }) => `/admin/changelog_items/edit/${changelog}`,
      user: 'admin',
    },
    { name: 'faq-create', path: '/faq/create', user: 'admin' },
    { name: 'download-create', path: '/tools/downloads/create', user: 'admin' },
    { name: 'download-edit', path: ({ download }) => `/tools/downloads/edit/${download}`, user: 'admin' },
  ],
};
