/**
 * Planned maintenance (spec 2 Admin, §8): the admin list, create and edit from the declaration, delete with its
 * exact text, the banner a signed-in user sees for a window starting within a day (dismissible, and remembered),
 * and axe at desktop and phone width. Each test makes and deletes its own windows; a banner test keeps its window
 * only as long as it needs it.
 */
import { type APIRequestContext, expect, type Page, test } from './support/test';
import { expectShown } from './support/shown-messages';
import { expectAccessibleAtBothWidths } from './support/axe';
import { API, apiHeaders, origin, sharedSession, signedInAs } from './support/portal';
import { uniqueName } from './support/projects-api';

const DELETE_TEXT = 'Are you sure you want to delete this planned maintenance?';
const HOUR_MS = 60 * 60 * 1000;

interface ApiWindow {
  id: number;
  name: string;
}

async function maintenanceApi(request: APIRequestContext) {
  const { access_token: token } = await sharedSession('admin', 'acme');
  const headers = apiHeaders('acme', token);
  return {
    async create(name: string, startsInHours: number): Promise<ApiWindow> {
      const start = Date.now() + startsInHours * HOUR_MS;
      const response = await request.post(`${API}/admin/planned-maintenance`, {
        headers,
        data: {
          name,
          description: `${name}: the portal may be unavailable.`,
          start_datetime: new Date(start).toISOString(),
          end_datetime: new Date(start + 2 * HOUR_MS).toISOString(),
        },
      });
      expect(response.status(), await response.text()).toBe(201);
      return ((await response.json()) as { data: ApiWindow }).data;
    },
    async find(name: string): Promise<ApiWindow | undefined> {
      const response = await request.get(
        `${API}/admin/planned-maintenance?per_page=25&filter[search]=${encodeURIComponent(name)}`,
        { headers },
      );
      const { data } = (await response.json()) as { data: ApiWindow[] };
      return data.find((window) => window.name === name);
    },
    async remove(id: number): Promise<void> {
      await request.delete(`${API}/admin/planned-maintenance/${id}`, { headers });
    },
  };
}

const rows = (page: Page) => page.locator('.list-page__table tbody tr[data-row-key]');

async function openList(page: Page) {
  await page.goto('/admin/maintenance');
  await expect(page.getByRole('heading', { name: 'Planned Maintenance', level: 1 })).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
}

test.describe('planned maintenance', () => {
  test('a planned window starting within a day shows its banner to alice', async ({
    page,
    context,
    request,
  }) => {
    const api = await maintenanceApi(request);
    const name = uniqueName('E2E Window');
    const window = await api.create(name, 3);
    try {
      await signedInAs(context, 'alice');
      await page.goto('/');
      const banner = page.getByRole('status').filter({ hasText: name });
      await expect(banner).toContainText(`Planned maintenance "${name}" from`);
      await expect(banner).toContainText(`${name}: the portal may be unavailable.`);
      await banner.getByRole('button', { name: `Dismiss the notice about ${name}` }).click();
      await expect(banner).toHaveCount(0);
      // Dismissed stays dismissed on the next visit.
      await page.goto('/projects');
      await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: name })).toHaveCount(0);
    } finally {
      await api.remove(window.id);
    }
  });

  test('a window further ahead than a day is not announced', async ({ page, context, request }) => {
    const api = await maintenanceApi(request);
    const name = uniqueName('E2E Later');
    const window = await api.create(name, 30);
    try {
      await signedInAs(context, 'alice');
      await page.goto('/projects');
      await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('status').filter({ hasText: name })).toHaveCount(0);
    } finally {
      await api.remove(window.id);
    }
  });

  test('admin creates a window, edits it and deletes it after its exact text', async ({
    page,
    context,
    request,
  }) => {
    await signedInAs(context, 'admin');
    const api = await maintenanceApi(request);
    const name = uniqueName('E2E Planned');
    try {
      await openList(page);
      await page.getByRole('button', { name: 'New Maintenance' }).click();
      await expect(page).toHaveURL(/\/admin\/maintenance\/create$/);
      await page.getByLabel('Name').fill(name);
      await page.getByLabel('Description').fill('Replacing the storage array.');
      for (const [label, value] of [
        ['Start', '2031-03-04 22:00:00'],
        ['End', '2031-03-04 20:00:00'],
      ] as const) {
        const input = page.getByLabel(label, { exact: true });
        await input.click();
        await input.fill(value);
        await input.press('Enter');
      }
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.locator('#end_datetime_help')).toContainText(
        'The end datetime field must be a date after start datetime.',
      );
      const end = page.getByLabel('End', { exact: true });
      await end.click();
      await end.fill('2031-03-05 02:00:00');
      await end.press('Enter');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page).toHaveURL(/\/admin\/maintenance(\?.*)?$/);
      const row = rows(page).filter({ hasText: name });
      await expect(row).toHaveCount(1);

      await row.getByText(name).click();
      await expect(page).toHaveURL(/\/admin\/maintenance\/edit\/\d+$/);
      await expect(page.getByLabel('Name')).toHaveValue(name);
      await page.getByLabel('Name').fill(`${name} moved`);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page).toHaveURL(/\/admin\/maintenance(\?.*)?$/);

      await page.getByRole('button', { name: `Actions for ${name} moved` }).click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      const dialog = page.getByRole('dialog', { name: 'Confirmation' });
      await expect(dialog).toContainText(DELETE_TEXT);
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await expectShown(page, `${name} moved successfully deleted`);
      expect(await api.find(`${name} moved`)).toBeUndefined();
    } finally {
      for (const candidate of [name, `${name} moved`]) {
        const left = await api.find(candidate);
        if (left) await api.remove(left.id);
      }
    }
  });
});

test.describe('planned maintenance at 1440 and 390 px', () => {
  // The list's axe and sideways-scroll checks at both widths are faq-screens.spec.ts's (admin-maintenance).
  test('the new window form has no serious accessibility violation', async ({ page, context }) => {
    await signedInAs(context, 'admin');
    await page.goto('/admin/maintenance/create');
    await expect(page.getByLabel('Name')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectAccessibleAtBothWidths(page, 'the new window form');
  });

  test('the banner has no serious accessibility violation', async ({ page, context, request }) => {
    const api = await maintenanceApi(request);
    const name = uniqueName('E2E Axe window');
    const window = await api.create(name, 2);
    try {
      await signedInAs(context, 'bob');
      // Bob holds only the Designs and Sales licence.
      await page.goto(`${origin('customerportal-acme')}/projects`);
      await expect(page.getByRole('status').filter({ hasText: name })).toBeVisible();
      await expectAccessibleAtBothWidths(page, 'the banner');
    } finally {
      await api.remove(window.id);
    }
  });
});
