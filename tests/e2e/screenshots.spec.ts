/**
 * Every screen of the route table (the declarations' list, create, edit and show pages and the shell's own
 * screens) at 1440 and 390 px, in English and Dutch, saved as PNGs under test-results/screenshots/review for a
 * person to look at (issue 12). Each screen is also checked for what a look would catch: `html[lang]` is the
 * chosen language, no raw translation key, no English text of the locales on a Dutch screen, no sideways scroll,
 * at 1440 no table header broken inside a word, at 390 no list scrolling sideways, every date-time in the shared
 * format, no web address broken inside a word and no list hiding the column it is sorted by. Findings are
 * collected per screen (soft assertions), so one run shows every screen.
 */
import { type APIRequestContext, expect, type Page, test } from './support/test';
import { settled } from './support/axe';
import { API, apiHeaders, type DemoUser, origin, sharedSession, signedInAs } from './support/portal';
import {
  brokenHeaderWords,
  brokenLinks,
  clippedHeaders,
  englishOnDutchScreen,
  hiddenSortedColumns,
  rawKeys,
  sidewaysScroll,
  tablesScrollingSideways,
  unsharedDateTimes,
} from './support/screen-checks';

const VIEWPORTS = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } };
const LANGUAGES = ['en', 'nl'] as const;

/** Ids of seeded records the id-bearing routes open. */
interface Ids {
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

interface Screen {
  name: string;
  path: string | ((ids: Ids) => string);
  /** Signed in as (alice unless said); null for the public screens. */
  user?: DemoUser | null;
  /** The host's first label (acme unless said). */
  host?: string;
  /** What to do once the page has loaded (open the bell, ...). */
  act?: (page: Page) => Promise<void>;
}

const SCREEN_GROUPS: Record<string, Screen[]> = {
  shell: [
    { name: 'login', path: '/login', user: null },
    { name: 'forgot-password', path: '/forgot-password', user: null },
    { name: 'reset-password', path: '/reset-password?token=review&email=alice%40acme.test', user: null },
    { name: 'dashboard', path: '/' },
    {
      name: 'notifications',
      path: '/',
      act: async (page) => {
        await page.locator('.notification-bell').click();
        await expect(page.locator('.notification-popover')).toBeVisible();
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

async function firstRecord<T>(request: APIRequestContext, user: DemoUser, collection: string): Promise<T> {
  const { access_token: token } = await sharedSession(user);
  const separator = collection.includes('?') ? '&' : '?';
  const response = await request.get(`${API}/${collection}${separator}per_page=1`, {
    headers: apiHeaders('acme', token),
  });
  expect(response.status(), collection).toBe(200);
  const body = (await response.json()) as { data: T[] | T };
  const records = Array.isArray(body.data) ? body.data : [body.data];
  expect(records.length, `a seeded record of ${collection}`).toBeGreaterThan(0);
  return records[0];
}

/** The seeded records' ids, asked for once per worker (its server's seed does not change them). */
let ids: Promise<Ids> | undefined;
function seededIdsOnce(request: APIRequestContext): Promise<Ids> {
  ids ??= seededIds(request).catch((error: unknown) => {
    ids = undefined;
    throw error;
  });
  return ids;
}

async function seededIds(request: APIRequestContext): Promise<Ids> {
  const id = async (user: DemoUser, collection: string) =>
    (await firstRecord<{ id: number }>(request, user, collection)).id;
  return {
    project: await id('alice', 'projects?filter[search]=Harbour%20Tower'),
    model: await id('alice', 'projects/models'),
    library: await id('alice', 'libraries'),
    item: await id('alice', 'libraries/items'),
    material: (await firstRecord<{ name: string }>(request, 'alice', 'materials')).name,
    category: await id('alice', 'materials/categories'),
    label: await id('alice', 'labels'),
    download: await id('alice', 'downloads'),
    propertyMap: await id('alice', 'property-maps'),
    user: await id('alice', 'users'),
    role: await id('alice', 'roles'),
    group: await id('alice', 'groups'),
    faq: await id('alice', 'questions/categories'),
    adminUser: await id('admin', 'admin/users'),
    company: await id('admin', 'admin/companies'),
    maintenance: await id('admin', 'admin/planned-maintenance'),
    issue: await id('admin', 'admin/issue-reports'),
    feedback: await id('admin', 'admin/feedback-reports'),
    changelog: await id('admin', 'admin/changelog-items'),
  };
}

/**
 * The screen has drawn its content: a heading, no skeleton, spinner, busy table or form, no select loading its
 * options (it shows the raw id of its value until then), no running animation.
 */
async function shown(page: Page): Promise<void> {
  await expect(page.locator('h1, h2').first()).toBeVisible();
  await expect(
    page.locator(
      '.spinner, .ui-skeleton, .ui-spinner, .ant-skeleton, .ant-spin-spinning, .ant-select-arrow-loading, [aria-busy="true"]',
    ),
  ).toHaveCount(0);
  await expect(page.getByText(/^(Loading\b.*|.*\bladen)(\.\.\.|…)$/)).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  await settled(page);
}

for (const [size, viewport] of Object.entries(VIEWPORTS)) {
  for (const language of LANGUAGES) {
    for (const [group, screens] of Object.entries(SCREEN_GROUPS)) {
      test.describe(`${group} screens at ${viewport.width} px in ${language}`, () => {
        for (const screen of screens) {
          test(`${screen.name} (${viewport.width} px, ${language})`, async ({ browser, request }) => {
            const ids = await seededIdsOnce(request);
            const context = await browser.newContext({ viewport, baseURL: origin(screen.host ?? 'acme') });
            const user = screen.user === undefined ? 'alice' : screen.user;
            if (user) await signedInAs(context, user, screen.host === 'initech' ? 'initech' : 'acme');
            await context.addInitScript((lng) => window.localStorage.setItem('language', lng), language);
            const page = await context.newPage();
            const label = `${screen.name} (${viewport.width} px, ${language})`;
            await page.goto(typeof screen.path === 'string' ? screen.path : screen.path(ids));
            await shown(page);
            if (screen.act) {
              await screen.act(page);
              await settled(page);
            }
            await page.screenshot({
              path: `test-results/screenshots/review/${screen.name}-${size}-${language}.png`,
              fullPage: true,
              animations: 'disabled',
            });
            expect
              .soft(await page.locator('html').getAttribute('lang'), `${label}: html[lang]`)
              .toBe(language);
            expect.soft(await rawKeys(page), `${label}: raw translation keys`).toEqual([]);
            if (language === 'nl')
              expect.soft(await englishOnDutchScreen(page), `${label}: English`).toEqual([]);
            expect.soft(await brokenLinks(page), `${label}: web addresses broken in a word`).toEqual([]);
            expect
              .soft(await unsharedDateTimes(page, language), `${label}: date-times not in the shared format`)
              .toEqual([]);
            expect
              .soft(await sidewaysScroll(page), `${label}: the page scrolls sideways`)
              .toBeLessThanOrEqual(0);
            expect
              .soft(await hiddenSortedColumns(page), `${label}: the column the list is sorted by is hidden`)
              .toEqual([]);
            if (size === 'desktop') {
              expect.soft(await brokenHeaderWords(page), `${label}: headers broken in a word`).toEqual([]);
              expect
                .soft(await clippedHeaders(page), `${label}: headers wider than their column`)
                .toEqual([]);
            } else
              expect
                .soft(await tablesScrollingSideways(page), `${label}: tables wider than the screen`)
                .toEqual([]);
            await context.close();
          });
        }
      });
    }
  }
}
