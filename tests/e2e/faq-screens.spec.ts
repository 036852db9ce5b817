/**
 * The FAQ, report and changelog screens (issue 19) at desktop (1440×900) and phone (390×844) width, in English and
 * Dutch: each is checked with axe (no serious or critical findings) and saved under test-results/screenshots for
 * review. Nothing is changed.
 */
import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { API, apiHeaders, origin, sharedSession, signedInAs } from './support/portal';

const VIEWPORTS = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } };

interface Screen {
  name: string;
  user: 'admin' | 'bob';
  path: (ids: { category: number; issue: number; feedback: number }) => string;
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
];

async function firstIds(request: import('@playwright/test').APIRequestContext) {
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
  };
}

for (const language of ['en', 'nl']) {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    test.describe(`${language} at ${size} width`, () => {
      test.use({ viewport, locale: language === 'nl' ? 'nl-NL' : 'en-GB' });

      test(`FAQ, report and changelog screens (${language}, ${size})`, async ({ page, context, request }) => {
        test.setTimeout(180_000);
        const ids = await firstIds(request);
        for (const screen of SCREENS) {
          await context.clearCookies();
          await signedInAs(context, screen.user);
          // bob holds no authoring licence: he works on the customer portal.
          const host = screen.user === 'bob' ? origin('customerportal-acme') : '';
          await page.goto(`${host}${screen.path(ids)}?lng=${language}`);
          await screen.ready(page);
          expect.soft(await seriousViolations(page), screen.name).toEqual([]);
          await page.screenshot({
            path: `test-results/screenshots/${screen.name}-${language}-${size}.png`,
            fullPage: true,
            animations: 'disabled',
          });
        }
      });
    });
  }
}
