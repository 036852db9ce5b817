/** Global search (spec 1 §2.6, §5) against the real server: the top-bar box, grouped results, navigation, filters. */
import { expect, type Page, test } from './support/test';
import { expectAccessibleAtBothWidths } from './support/axe';
import { expectSignedIn, origin, signedInAs } from './support/portal';
import { DESKTOP, reviewScreenshot } from './support/screen-variants';

async function searchFromTopBar(page: Page, term: string) {
  const box = page.getByRole('searchbox', { name: 'Search the portal' });
  await box.fill(term);
  await box.press('Enter');
}

test('the top-bar box leads to grouped results that open the project', async ({ page, context }) => {
  const auth = await signedInAs(context, 'alice');
  await page.goto('/');
  await expectSignedIn(page, auth.user.name);

  await searchFromTopBar(page, 'Harbour');

  await expect(page).toHaveURL(/\/global-search\?search=Harbour$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Search results for: "Harbour"' })).toBeVisible();
  const projects = page.getByRole('region', { name: 'Projects' });
  await expect(projects.getByRole('link', { name: 'Harbour Tower', exact: true })).toBeVisible();
  const models = page.getByRole('region', { name: 'Models' });
  await expect(models.getByRole('link', { name: 'Harbour Tower – Facade' })).toHaveAttribute(
    'href',
    /^\/projects\/models\/overview\/\d+$/,
  );
  await expect(page.getByRole('region', { name: 'Libraries' })).toHaveCount(0);
  await expect(
    page.getByRole('navigation', { name: 'Results per category' }).getByRole('button', { name: /Projects/ }),
  ).toBeEnabled();
  // Categories whose endpoints are not there yet leave no trace and no error.
  await expect(page.getByText(/could not be searched/)).toHaveCount(0);

  await projects.getByRole('link', { name: 'Harbour Tower', exact: true }).click();
  await expect(page).toHaveURL(/\/projects\/overview\/\d+$/);
});

test("'View All' leads to the group's list and an empty term is refused", async ({ page, context }) => {
  await signedInAs(context, 'alice');
  await page.goto('/global-search?search=Tower');
  const projects = page.getByRole('region', { name: 'Projects' });
  await expect(projects.getByRole('link', { name: 'Harbour Tower', exact: true })).toBeVisible();

  await searchFromTopBar(page, '   ');
  await expect(
    page.getByText('The search term cannot be empty. Please enter a valid search term.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/search=Tower$/);

  await projects.getByRole('link', { name: 'View All' }).click();
  await expect(page).toHaveURL(/\/projects$/);
});

test('the filter menu applies a new term, switches categories off and refuses to search none', async ({
  page,
  context,
}) => {
  await signedInAs(context, 'alice');
  await page.goto('/global-search?search=Harbour');
  await expect(page.getByRole('region', { name: 'Models' })).toBeVisible();

  await page.getByRole('button', { name: /Filter Search/ }).click();
  const drawer = page.getByRole('dialog', { name: 'Filter Search' });
  await drawer.getByLabel('Search term').fill('');
  await expect(
    drawer.getByText('The search term cannot be empty. Please enter a valid search term.'),
  ).toBeVisible();
  await drawer.getByLabel('Search term').fill('Lakeside');
  await expect(page).toHaveURL(/search=Lakeside$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Search results for: "Lakeside"' })).toBeVisible();

  await drawer.getByRole('checkbox', { name: 'Models' }).uncheck();
  await expect(page.getByRole('region', { name: 'Models' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Projects' })).toBeVisible();

  // With some categories off, 'All categories' is indeterminate: a click switches all on, the next all off.
  const all = drawer.getByRole('checkbox', { name: 'All categories' });
  await all.check();
  await expect(page.getByRole('region', { name: 'Models' })).toBeVisible();
  await all.uncheck();
  await expect(page.getByRole('alert')).toHaveText(
    'All search categories have been disabled. Re-enable a search category using the filters menu.',
  );
  await drawer.getByRole('button', { name: 'Reset filters' }).click();
  await expect(page.getByRole('region', { name: 'Models' })).toBeVisible();
});

test('bob on Designs and Sales sees only the groups he may search', async ({ page, context }) => {
  const auth = await signedInAs(context, 'bob');
  await page.goto(`${origin('customerportal-acme')}/global-search?search=Harbour`);
  await expectSignedIn(page, auth.user.name);
  await expect(
    page.getByRole('region', { name: 'Projects' }).getByRole('link', { name: 'Harbour Tower', exact: true }),
  ).toBeVisible();
  const summary = page.getByRole('navigation', { name: 'Results per category' });
  await expect(summary.getByRole('button', { name: /Models/ })).toHaveCount(0);
  await expect(summary.getByRole('button', { name: /Users/ })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Models' })).toHaveCount(0);
});

test('the search page has no serious accessibility violation at 1440 and 390 px', async ({
  page,
  context,
}) => {
  await page.setViewportSize(DESKTOP);
  await signedInAs(context, 'alice');
  await page.goto('/global-search?search=Harbour');
  await expect(
    page.getByRole('region', { name: 'Projects' }).getByRole('link', { name: 'Harbour Tower', exact: true }),
  ).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'the search page', (size) =>
    reviewScreenshot(() =>
      page.screenshot({ path: `test-results/screenshots/c2-search-${size}.png`, fullPage: true }),
    ),
  );
});

test('on a phone the search box opens from the top bar', async ({ page, context }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const auth = await signedInAs(context, 'alice');
  await page.goto('/');
  await expectSignedIn(page, auth.user.name);

  await page.getByRole('button', { name: 'Open search' }).click();
  const dialog = page.getByRole('dialog', { name: 'Search the portal' });
  await dialog.getByRole('searchbox', { name: 'Search the portal' }).fill('Lakeside');
  await dialog.getByRole('searchbox', { name: 'Search the portal' }).press('Enter');

  await expect(page).toHaveURL(/\/global-search\?search=Lakeside$/);
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole('region', { name: 'Projects' }).getByRole('link', { name: 'Lakeside Villa' }),
  ).toBeVisible();
});
