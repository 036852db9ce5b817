/** The dashboard (spec 1 §2.4) against the real server: tiles by permission, Updates, recent projects, a11y, screenshots. */
import { expect, type Page, test } from './support/test';
import { expectAccessibleAtBothWidths } from './support/axe';
import { API, apiHeaders, expectSignedIn, origin, signedInAs } from './support/portal';
import { DESKTOP, reviewScreenshot } from './support/screen-variants';

/** The count the API gives this token, as the tile should show it. */
async function apiCount(page: Page, path: string, token: string, company = 'acme'): Promise<string> {
  const response = await page.request.get(`${API}${path}`, {
    headers: apiHeaders(company, token),
  });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { data: { count: number } };
  return new Intl.NumberFormat('en').format(body.data.count);
}

/** The count tiles of alice's dashboard and the API call that counts what each shows. */
const COUNT_TILES = [
  ['count-projects', '/projects?count=1&include_sub_projects=1'],
  ['count-libraries', '/libraries?count=1'],
  ['count-models', '/projects/models?count=1'],
] as const;

type TileCounts = Record<(typeof COUNT_TILES)[number][0], string>;

async function tileCounts(page: Page, token: string): Promise<TileCounts> {
  const counts = await Promise.all(COUNT_TILES.map(([, path]) => apiCount(page, path, token)));
  return Object.fromEntries(COUNT_TILES.map(([testId], index) => [testId, counts[index]])) as TileCounts;
}

test.describe('dashboard', () => {
  test('alice sees the greeting, a count tile per permission and the Updates box', async ({
    page,
    context,
  }) => {
    const auth = await signedInAs(context, 'alice');
    // Other specs add and remove projects and models while this one runs: a tile shows the count of when the
    // dashboard asked, so it must match the API's count from just before or just after the page loaded.
    const before = await tileCounts(page, auth.access_token);
    await page.goto('/');
    await expectSignedIn(page, auth.user.name);

    await expect(
      page.getByRole('heading', {
        level: 1,
        name: new RegExp(`^Good (morning|afternoon|evening), ${auth.user.name}$`),
      }),
    ).toBeVisible();
    const clock = page.getByRole('group', { name: 'Current date and time' });
    const firstTime = await clock.locator('time').textContent();
    // The clock ticks every second: wait for the tick (as long as expect waits), however busy the machine is.
    await expect(clock.locator('time')).not.toHaveText(firstTime!);

    const tiles = page.getByRole('region', { name: 'Totals' });
    for (const [testId] of COUNT_TILES) await expect(tiles.getByTestId(testId)).toHaveText(/^\d[\d,]*$/);
    const after = await tileCounts(page, auth.access_token);
    for (const [testId] of COUNT_TILES)
      expect([before[testId], after[testId]], testId).toContain(
        await tiles.getByTestId(testId).textContent(),
      );

    // The production build shows the items dated on production, newest day first, each with its type badge.
    const updates = page.getByRole('region', { name: 'Updates' });
    await expect(updates.getByText('A new colour picker for the company theme.')).toBeVisible();
    await expect(updates.getByText('Favourite projects on the Designs and Sales platform.')).toHaveCount(0);
    await expect(updates.getByText('Presence indicators show who else is viewing a project.')).toHaveCount(0);
    const days = await updates.getByRole('heading', { level: 5 }).allTextContents();
    expect(days.length).toBeGreaterThan(3);
    const dates = days.map((day) => Date.parse(day.replace(/^\w+, /, '')));
    expect([...dates].sort((left, right) => right - left)).toEqual(dates);
    const entry = updates.getByRole('button', { name: /Model previews did not load in Safari/ });
    await expect(entry.getByText('Fixed')).toBeVisible();
    await entry.click();
    const dialog = page.getByRole('dialog', { name: 'Update details' });
    await expect(dialog.getByText('Model previews did not load in Safari.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await expect(dialog).toBeHidden();
  });

  test('the recent projects slide from the newest and open the project', async ({ page, context }) => {
    await signedInAs(context, 'alice');
    // Other specs touch projects while this one runs: the slides are checked against the list the page itself
    // received, not against one fetched a moment before. Its answer, not a busy server's 503 that the portal
    // sends again (src/providers/http-client.ts).
    const recent = page.waitForResponse((response) => {
      const url = new URL(response.url());
      return (
        response.ok() &&
        url.pathname === '/api/v2/projects' &&
        url.searchParams.get('per_page') === '5' &&
        url.searchParams.get('sort') === '-updated_at'
      );
    });
    await page.goto('/');
    const projects = ((await (await recent).json()) as { data: { id: number; name: string }[] }).data;

    const slider = page.getByRole('region', { name: 'Recent projects' });
    const previous = slider.getByRole('button', { name: 'Previous project' });
    const next = slider.getByRole('button', { name: 'Next project' });
    await expect(slider.getByRole('heading', { name: projects[0].name })).toBeVisible();
    await expect(previous).toBeDisabled();
    for (let index = 1; index < projects.length; index += 1) await next.click();
    await expect(next).toBeDisabled();
    await expect(slider.getByText(`${projects.length} of ${projects.length}`)).toBeVisible();
    const last = projects[projects.length - 1];
    await expect(slider.getByRole('heading', { name: last.name })).toBeVisible();
    await slider.getByRole('link', { name: 'View Project' }).click();
    await expect(page).toHaveURL(new RegExp(`/projects/overview/${last.id}$`));
  });

  test('bob sees the tiles of his own abilities with his own counts', async ({ page, context }) => {
    const auth = await signedInAs(context, 'bob');
    // Bob holds only the design_and_sales licence: the Designs and Sales platform.
    await page.goto(`${origin('customerportal-acme')}/`);
    await expectSignedIn(page, auth.user.name);
    const tiles = page.getByRole('region', { name: 'Totals' });
    await expect(tiles.getByTestId('count-projects')).toHaveText(
      await apiCount(page, '/projects?count=1&include_sub_projects=1', auth.access_token),
    );
    await expect(tiles.getByTestId('count-libraries')).toBeVisible();
    await expect(tiles.getByTestId('count-models')).toBeVisible();
  });

  test('a user without list-libraries and list-project-models sees only the projects tile', async ({
    page,
    context,
  }) => {
    const auth = await signedInAs(context, 'bob');
    // No demo account lacks these abilities, so this one narrows bob's session as the server would describe it.
    await page.route('**/api/v2/auth/validate', async (route) => {
      // Node cannot resolve *.localhost: send the request to the server's address with the tenant's Host header.
      const response = await route.fetch({
        url: `${API}/auth/validate`,
        headers: { ...route.request().headers(), host: new URL(route.request().url()).host },
      });
      const body = (await response.json()) as { user: { abilities: string[] } };
      body.user.abilities = body.user.abilities.filter(
        (ability) => ability !== 'list-libraries' && ability !== 'list-project-models',
      );
      await route.fulfill({ response, json: body });
    });
    await page.goto(`${origin('customerportal-acme')}/`);
    await expectSignedIn(page, auth.user.name);
    const tiles = page.getByRole('region', { name: 'Totals' });
    await expect(tiles.getByTestId('count-projects')).toBeVisible();
    await expect(tiles.getByTestId('count-libraries')).toHaveCount(0);
    await expect(tiles.getByTestId('count-models')).toHaveCount(0);
  });
});

test('the dashboard has no serious accessibility violation at 1440 and 390 px and is captured for review; its recent-projects table lists 25 projects with pages', async ({
  page,
  context,
}) => {
  const auth = await signedInAs(context, 'alice');
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  await expectSignedIn(page, auth.user.name);
  await expect(page.getByTestId('count-models')).toBeVisible();
  const table = page.getByRole('region', { name: 'Recently updated projects' });
  await expect(table.getByRole('link', { name: 'Harbour Tower', exact: true })).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'the dashboard', (size) =>
    reviewScreenshot(() =>
      page.screenshot({ path: `test-results/screenshots/c2-dashboard-${size}.png`, fullPage: true }),
    ),
  );
  // The recent-projects table in the same page: 25 rows and a header, pages, a project's link opening it.
  await expect(table.getByRole('row')).toHaveCount(26);
  await expect(table.getByRole('navigation', { name: 'Pages' })).toBeVisible();
  await table.getByRole('link', { name: 'Harbour Tower', exact: true }).click();
  await expect(page).toHaveURL(/\/projects\/overview\/\d+$/);
});
