/**
 * The FAQ, report, changelog, company, maintenance and material screens (issues 16 and 19) at desktop (1440×900)
 * and phone (390×844) width, in English and Dutch (./support/screen-variants.ts): each is checked with axe (no
 * serious or critical findings) and for a page wider than the viewport, and saved under test-results/screenshots
 * for review. A test per group of a few screens of one user (GROUPS), signed in once, in the one page: loaded in a
 * variant's language at its first screen, then on to the others inside the app; then resized and loaded again in
 * the next variant's language. Nothing is changed.
 */
import { type APIRequestContext, expect, type Page, test } from './support/test';
import { seriousViolations } from './support/axe';
import { API, apiHeaders, navigateInApp, origin, sharedSession, signedInAs } from './support/portal';
import { SCREEN_VARIANTS, reviewScreenshot } from './support/screen-variants';

interface Ids {
  category: number;
  issue: number;
  feedback: number;
  changelog: number;
  company: number;
  maintenance: number;
  woods: number;
}

interface Screen {
  name: string;
  user: 'admin' | 'alice' | 'bob';
  path: (ids: Ids) => string;
  ready: (page: Page) => Promise<void>;
}

const listRows = (page: Page) => expect(page.locator('tbody tr[data-row-key]').first()).toBeVisible();

const SCREENS: Screen[] = [
  { name: 'faq-list', user: 'admin', path: () => '/faq', ready: listRows },
  {
    name: 'faq-category',
    user: 'admin',
    path: ({ category }) => `/faq/${category}`,
    ready: (page) => expect(page.locator('.ant-collapse-item').first()).toBeVisible(),
  },
  {
    name: 'faq-category-reader',
    user: 'bob',
    path: ({ category }) => `/faq/${category}`,
    ready: (page) => expect(page.locator('.ant-collapse-item').first()).toBeVisible(),
  },
  {
    name: 'faq-create',
    user: 'admin',
    path: () => '/faq/create',
    ready: (page) => expect(page.locator('input#name')).toBeVisible(),
  },
  {
    name: 'issue-report-submit',
    user: 'bob',
    path: () => '/issue_report',
    ready: (page) => expect(page.locator('textarea#description')).toBeVisible(),
  },
  {
    name: 'feedback-report-submit',
    user: 'bob',
    path: () => '/feedback_report',
    ready: (page) => expect(page.locator('.ant-rate')).toBeVisible(),
  },
  { name: 'admin-issue-reports', user: 'admin', path: () => '/admin/issue_report', ready: listRows },
  {
    name: 'admin-issue-report-overview',
    user: 'admin',
    path: ({ issue }) => `/admin/issue_report/overview/${issue}`,
    ready: (page) => expect(page.locator('#issue-status')).toBeVisible(),
  },
  { name: 'admin-feedback-reports', user: 'admin', path: () => '/admin/feedback_report', ready: listRows },
  {
    name: 'admin-feedback-report-overview',
    user: 'admin',
    path: ({ feedback }) => `/admin/feedback_report/overview/${feedback}`,
    ready: (page) => expect(page.locator('.ant-descriptions')).toBeVisible(),
  },
  { name: 'admin-changelog', user: 'admin', path: () => '/admin/changelog_items', ready: listRows },
  {
    name: 'admin-changelog-create',
    user: 'admin',
    path: () => '/admin/changelog_items/create',
    ready: (page) => expect(page.locator('textarea#description')).toBeVisible(),
  },
  {
    name: 'admin-changelog-edit',
    user: 'admin',
    path: ({ changelog }) => `/admin/changelog_items/edit/${changelog}`,
    ready: (page) => expect(page.locator('textarea#description')).not.toBeEmpty(),
  },
  { name: 'admin-companies', user: 'admin', path: () => '/admin/companies', ready: listRows },
  {
    name: 'admin-company-edit',
    user: 'admin',
    path: ({ company }) => `/admin/companies/edit/${company}`,
    ready: (page) => expect(page.locator('input#name')).not.toBeEmpty(),
  },
  { name: 'admin-maintenance', user: 'admin', path: () => '/admin/maintenance', ready: listRows },
  {
    name: 'admin-maintenance-edit',
    user: 'admin',
    path: ({ maintenance }) => `/admin/maintenance/edit/${maintenance}`,
    ready: (page) => expect(page.locator('input#name')).not.toBeEmpty(),
  },
  {
    name: 'materials',
    user: 'alice',
    path: () => '/materials',
    ready: (page) => expect(page.locator('.preview-card').first()).toBeVisible(),
  },
  {
    name: 'materials-category',
    user: 'alice',
    path: ({ woods }) => `/materials/categories/${woods}`,
    ready: (page) => expect(page.locator('.preview-card').first()).toBeVisible(),
  },
  {
    name: 'material-overview',
    user: 'alice',
    path: () => `/materials/overview/${encodeURIComponent('Oak Natural Matte')}`,
    ready: (page) => expect(page.getByTestId('parent-name')).toBeVisible(),
  },
  {
    name: 'material-create',
    user: 'alice',
    path: () => '/materials/create',
    ready: (page) => expect(page.locator('input#name')).toBeVisible(),
  },
  {
    name: 'material-edit',
    user: 'alice',
    path: () => `/materials/edit/${encodeURIComponent('Slate 30/60')}`,
    ready: (page) => expect(page.locator('input#name')).not.toBeEmpty(),
  },
  {
    name: 'material-variant',
    user: 'alice',
    path: () => `/materials/create/variant/${encodeURIComponent('Oak Natural Matte')}`,
    ready: (page) => expect(page.locator('input#parent_name')).not.toBeEmpty(),
  },
  {
    name: 'materials-import',
    user: 'alice',
    path: () => '/materials/import',
    ready: (page) => expect(page.locator('input[type="file"]')).toBeAttached(),
  },
  {
    name: 'material-category-create',
    user: 'alice',
    path: () => '/materials/categories/create',
    ready: (page) => expect(page.locator('input#name')).toBeVisible(),
  },
];

/** The seeded records' ids, asked for once per worker (its server's seed does not change them). */
let seededIds: Promise<Ids> | undefined;
function idsOnce(request: APIRequestContext): Promise<Ids> {
  seededIds ??= firstIds(request).catch((error: unknown) => {
    seededIds = undefined;
    throw error;
  });
  return seededIds;
}

async function firstIds(request: APIRequestContext): Promise<Ids> {
  const { access_token: token } = await sharedSession('admin', 'acme');
  const headers = apiHeaders('acme', token);
  const first = async (path: string) => {
    const response = await request.get(`${API}${path}`, { headers });
    expect(response.status()).toBe(200);
    return ((await response.json()) as { data: Array<{ id: number }> }).data[0].id;
  };
  return {
    category: await first('/questions/categories?filter[search]=Getting started'),
    issue: await first('/admin/issue-reports?per_page=1'),
    feedback: await first('/admin/feedback-reports?per_page=1'),
    changelog: await first('/admin/changelog-items?per_page=1'),
    company: await first('/admin/companies?filter[search]=globex'),
    maintenance: await first('/admin/planned-maintenance?per_page=1'),
    woods: await first('/materials/categories?filter[search]=Woods'),
  };
}

/**
 * The screens a test visits in its one page, each group one user's: the page is loaded once per variant (its
 * language's reload, at its first screen) and goes on to the others inside the app, as a link would. A screen's
 * `ready` must not already hold on the screen before it in its group (it tells the next screen has come). Two at
 * most: a screen's two axe runs take up to 20 s on a machine busy with other runs, and a test stays well inside
 * its minute.
 */
const GROUPS = [
  ['faq-list', 'faq-category'],
  ['faq-create', 'admin-changelog'],
  ['admin-changelog-create', 'admin-changelog-edit'],
  ['faq-category-reader', 'issue-report-submit'],
  ['feedback-report-submit'],
  ['admin-issue-reports', 'admin-issue-report-overview'],
  ['admin-feedback-reports', 'admin-feedback-report-overview'],
  ['admin-companies', 'admin-company-edit'],
  ['admin-maintenance', 'admin-maintenance-edit'],
  ['materials', 'material-overview'],
  ['materials-import', 'material-create'],
  ['material-category-create', 'materials-category'],
  ['material-variant', 'material-edit'],
].map((names) =>
  names.map((name) => {
    const screen = SCREENS.find((candidate) => candidate.name === name);
    if (!screen) throw new Error(`faq-screens: no screen named ${name}`);
    return screen;
  }),
);

const grouped = GROUPS.flat();
if (
  grouped.length !== SCREENS.length ||
  SCREENS.some((screen) => !grouped.includes(screen)) ||
  GROUPS.some((group) => group.some((screen) => screen.user !== group[0].user))
)
  throw new Error('faq-screens: every screen belongs to exactly one group, and a group to one user');

for (const group of GROUPS) {
  test(group.map((screen) => screen.name).join(', '), async ({ page, context, request }) => {
    const ids = await idsOnce(request);
    const user = group[0].user;
    await signedInAs(context, user);
    // bob holds no authoring licence: he works on the customer portal.
    const host = user === 'bob' ? origin('customerportal-acme') : '';
    for (const { size, viewport, language } of SCREEN_VARIANTS) {
      await page.setViewportSize(viewport);
      for (const [index, screen] of group.entries()) {
        await test.step(`${screen.name} in ${language} at ${size} width`, async () => {
          if (index === 0) await page.goto(`${host}${screen.path(ids)}?lng=${language}`);
          else await navigateInApp(page, screen.path(ids));
          await screen.ready(page);
          const variant = `${screen.name} (${language}, ${size})`;
          expect.soft(await seriousViolations(page), variant).toEqual([]);
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - window.innerWidth,
          );
          expect.soft(overflow, `${variant} scrolls sideways`).toBeLessThanOrEqual(0);
          await expect(page.locator('html')).toHaveAttribute('lang', language);
          await reviewScreenshot(() =>
            page.screenshot({
              path: `test-results/screenshots/${screen.name}-${language}-${size}.png`,
              fullPage: true,
              animations: 'disabled',
            }),
          );
        });
      }
    }
  });
}
