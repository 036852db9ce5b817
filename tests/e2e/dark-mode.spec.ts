/**
 * Dark mode (issue 33): with the system set to dark, the dashboard, the projects list, the project form and a
 * model's overview (light components and antd) have no contrast violation by axe at 1440 and 390 px (screenshots
 * under test-results/screenshots for review); the theme picked in the avatar menu is kept on the server and
 * survives a reload that has lost the browser's cache.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from './support/test';
import { settled } from './support/axe';
import { API, apiHeaders, sharedSession, signedInAs } from './support/portal';
import { projectsApi } from './support/projects-api';
import { DESKTOP, PHONE, reviewScreenshot } from './support/screen-variants';

async function contrastViolations(page: Page) {
  await settled(page);
  const { violations } = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze();
  return violations.flatMap((violation) =>
    violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary}`),
  );
}

interface Screen {
  name: string;
  path: string;
  ready(page: Page): Locator;
}

/** Opens each screen in turn, checks its contrast with axe and saves its screenshot for review. */
async function contrastOf(page: Page, size: string, screens: Screen[]) {
  const found: Record<string, string[]> = {};
  for (const screen of screens) {
    await page.goto(screen.path);
    await expect(screen.ready(page)).toBeVisible();
    await expect(page.locator('html')).toHaveClass(/theme-dark/);
    await page.waitForLoadState('networkidle');
    found[screen.name] = await contrastViolations(page);
    await reviewScreenshot(() =>
      page.screenshot({
        path: `test-results/screenshots/dark-${screen.name}-${size}.png`,
        fullPage: true,
      }),
    );
  }
  return found;
}

for (const [size, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  test.describe(`in the dark at ${viewport.width}px`, () => {
    test.use({ viewport, colorScheme: 'dark' });

    test('the dashboard and the projects list (light components) keep their contrast', async ({
      page,
      context,
    }) => {
      await signedInAs(context, 'alice');
      expect(
        await contrastOf(page, size, [
          {
            name: 'dashboard',
            path: '/',
            ready: (on) => on.getByRole('region', { name: 'Recent projects' }),
          },
          {
            name: 'projects',
            path: '/projects',
            ready: (on) => on.getByRole('button', { name: /^Actions for / }).first(),
          },
        ]),
      ).toEqual({ dashboard: [], projects: [] });
    });

    test('the project form and a model overview (antd) keep their contrast', async ({
      page,
      context,
      request,
    }) => {
      await signedInAs(context, 'alice');
      const api = await projectsApi(request);
      const harbour = await api.findProject('Harbour Tower');
      const lobby = (await api.models(harbour.id)).find((model) => model.name === 'Harbour Tower – Lobby')!;
      expect(
        await contrastOf(page, size, [
          {
            name: 'project-form',
            path: '/projects/create',
            ready: (on) => on.getByLabel('Name', { exact: true }),
          },
          {
            name: 'model-overview',
            path: `/projects/models/overview/${lobby.id}`,
            ready: (on) => on.getByRole('region', { name: 'Processing history' }),
          },
        ]),
      ).toEqual({ 'project-form': [], 'model-overview': [] });
    });
  });
}

test.describe('the theme switch', () => {
  test.use({ viewport: DESKTOP, colorScheme: 'light' });
  // The worker's server outlives the test: alice's stored theme goes back to the system's.
  test.afterEach(async ({ request }) => {
    const { access_token } = await sharedSession('alice');
    await request.patch(`${API}/my-account/preferences`, {
      headers: apiHeaders('acme', access_token),
      data: { theme: null },
    });
  });

  test('keeps the picked theme on the server, across a reload without the browser’s cache', async ({
    page,
    context,
  }) => {
    await signedInAs(context, 'alice');
    await page.goto('/');
    const html = page.locator('html');
    const menuButton = page.getByRole('button', { name: 'Account menu of Alice Anders' });
    await menuButton.click();
    await expect(page.getByRole('menuitemradio', { name: 'System theme' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await expect(html).not.toHaveClass(/theme-dark/);

    const saved = page.waitForResponse(
      (response) => response.url().endsWith('/my-account/preferences') && response.ok(),
    );
    await page.getByRole('menuitemradio', { name: 'Dark theme' }).click();
    await expect(html).toHaveClass(/theme-dark/);
    await expect(page.getByRole('menuitemradio', { name: 'Dark theme' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await saved;

    // Another device: nothing cached in the browser, the system light; the server's pick applies.
    await page.evaluate(() => window.localStorage.clear());
    await page.reload();
    await expect(menuButton).toBeVisible();
    await expect(html).toHaveClass(/theme-dark/);
    await menuButton.click();
    await expect(page.getByRole('menuitemradio', { name: 'Dark theme' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    // The open menu, on the elevated surface, reads as well.
    expect(await contrastViolations(page)).toEqual([]);
    await reviewScreenshot(() =>
      page.screenshot({ path: 'test-results/screenshots/dark-avatar-menu-desktop.png' }),
    );
  });
});
