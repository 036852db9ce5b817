/**
 * axe-core on the first screens and the list's overlays: no serious or critical violation on the login page, the
 * dashboard, the projects list (with the filter panel, a row menu and the delete dialog open), the project form
 * and a model's overview, at desktop and phone width. Each check waits for the content it covers.
 */
import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { expectSignedIn, signedInAs } from './support/portal';
import { projectsApi } from './support/projects-api';

/** axe on a whole page takes a while on a busy machine. */
const AXE_TIMEOUT = 120_000;

async function openProjectsList(page: Page) {
  await page.goto('/projects');
  await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Actions for / }).first()).toBeVisible();
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width}px`, () => {
    test.use({ viewport });
    test.beforeEach(() => test.setTimeout(AXE_TIMEOUT));

    test('the login page has no serious accessibility violation', async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByRole('heading', { name: 'Acme Visuals' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('the login page with an error has no serious accessibility violation', async ({ page }) => {
      await page.goto('/login');
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(page.getByText('Enter your password')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('the dashboard has no serious accessibility violation', async ({ page, context }) => {
      await signedInAs(context, 'alice');
      await page.goto('/');
      await expectSignedIn(page, 'Alice Anders');
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('the projects list with its filter panel open has no serious accessibility violation', async ({
      page,
      context,
    }) => {
      await signedInAs(context, 'alice');
      await openProjectsList(page);
      await page.getByRole('button', { name: 'Filter' }).click();
      const filter = page.getByRole('search', { name: 'Filter the list' });
      await expect(filter.getByRole('textbox', { name: /Search/ })).toBeVisible();
      // The label filter's choices open too.
      await filter.getByRole('button', { name: /^Label/ }).click();
      await expect(filter.getByRole('group', { name: 'Label' }).getByRole('checkbox').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('the projects list with a row menu open has no serious accessibility violation', async ({
      page,
      context,
    }) => {
      await signedInAs(context, 'alice');
      await openProjectsList(page);
      await page
        .getByRole('button', { name: /^Actions for / })
        .first()
        .click();
      await expect(page.getByRole('menuitem', { name: 'Delete' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('the projects list with the delete dialog open has no serious accessibility violation', async ({
      page,
      context,
    }) => {
      await signedInAs(context, 'alice');
      await openProjectsList(page);
      await page
        .getByRole('button', { name: /^Actions for / })
        .first()
        .click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      const dialog = page.getByRole('dialog', { name: 'Confirmation' });
      await expect(dialog.getByRole('button', { name: 'Delete' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      // Nothing is deleted.
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
    });

    test('the project form has no serious accessibility violation', async ({ page, context }) => {
      await signedInAs(context, 'alice');
      await page.goto('/projects/create');
      await expect(page.getByLabel('Name', { exact: true })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('a model overview has no serious accessibility violation', async ({ page, context, request }) => {
      await signedInAs(context, 'alice');
      const api = await projectsApi(request);
      const harbour = await api.findProject('Harbour Tower');
      const lobby = (await api.models(harbour.id)).find((model) => model.name === 'Harbour Tower – Lobby')!;
      await page.goto(`/projects/models/overview/${lobby.id}`);
      await expect(page.getByRole('region', { name: 'Processing history' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}
