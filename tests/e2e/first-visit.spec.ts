/**
 * A first visit without a waterfall (issue 11): on /projects the list's rows are asked for while the session
 * check and the list page's code are still on their way (not after the page rendered), and only once; the
 * signed-in screens' chunks are fetched together with the entry (index.html names them), not after it ran.
 */
import { expect, test } from '@playwright/test';
import { expectSignedIn, signedInAs } from './support/portal';

test('a first visit of a list asks for its rows together with the session check and the page code, once', async ({
  page,
  context,
}) => {
  const auth = await signedInAs(context, 'alice');
  const listRequests: string[] = [];
  let rowsAskedFor!: () => void;
  const rowsAsked = new Promise<void>((resolve) => (rowsAskedFor = resolve));
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/v2/projects' && url.searchParams.get('per_page') === '25') {
      listRequests.push(url.search);
      rowsAskedFor();
    }
  });
  // Both are held until the rows were asked for: a list that asked only once its page had rendered (which
  // needs both) would never show.
  await page.route(/\/assets\/ResourceListPage-[\w-]+\.js$/, async (route) => {
    await rowsAsked;
    await route.continue();
  });
  await page.route('**/api/v2/auth/validate', async (route) => {
    await rowsAsked;
    await route.continue();
  });

  await page.goto('/projects?per_page=25');
  await expectSignedIn(page, auth.user.name);
  await expect(page.getByRole('table').locator('tbody > tr[data-row-key]')).toHaveCount(25);
  expect(listRequests).toHaveLength(1);
});

test("a signed-in first visit fetches the route table and the page's chunks together with the entry", async ({
  page,
  context,
}) => {
  const auth = await signedInAs(context, 'alice');
  const chunks = ['signed-in-routes', 'RefineRoot', 'ShellLayout', 'ResourceListPage'];
  const requested = new Set<string>();
  let allRequested!: () => void;
  const allAsked = new Promise<void>((resolve) => (allRequested = resolve));
  page.on('request', (request) => {
    const chunk = chunks.find((name) => new RegExp(`/assets/${name}-[\\w-]+\\.js$`).test(request.url()));
    if (chunk) requested.add(chunk);
    if (requested.size === chunks.length) allRequested();
  });
  // The entry's code is held until every chunk was asked for: chunks asked for only by the running entry
  // would never be, and the page would never show.
  await page.route(/\/assets\/main-[\w-]+\.js$/, async (route) => {
    await allAsked;
    await route.continue();
  });

  await page.goto('/projects?per_page=25');
  await expectSignedIn(page, auth.user.name);
  await expect(page.getByRole('table').locator('tbody > tr[data-row-key]')).toHaveCount(25);
});
