/**
 * Tools in Chromium against the contract server (issue 15): downloads (a non-admin saves a file as
 * name.extension with the right bytes and meets the admin-only create route; an administrator creates one with
 * a resumable upload and deletes it), property maps on the authoring host (sorted -name, create, row click to
 * edit, delete with its exact confirmation), the recycling bin (its tabs, days left, Restore with 'Restored
 * successfully' and the row back in its list) and axe on each screen at 1440 and 390 px, in the test that shows it
 * (resized, not loaded again). Each test makes the records it changes.
 */
import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, test } from './support/test';
import { expectShown } from './support/shown-messages';
import { expectAccessibleAtBothWidths } from './support/axe';
import { API, apiHeaders, origin, sharedSession, signedInAs } from './support/portal';
import { projectsApi, uniqueName } from './support/projects-api';

/** Designs and Sales, where bob (who holds no hatch licence) works; the plain host is the authoring one. */
const PORTAL = () => origin('customerportal-acme');

const rows = (page: Page) => page.locator('.list-page__table tbody tr[data-row-key]');

async function adminApi(request: APIRequestContext, company = 'acme') {
  const { access_token: token } = await sharedSession('admin', company);
  const headers = apiHeaders(company, token);
  return {
    async findDownload(name: string): Promise<{ id: number } | undefined> {
      const response = await request.get(
        `${API}/downloads?per_page=25&filter[search]=${encodeURIComponent(name)}`,
        { headers },
      );
      const body = (await response.json()) as { data: Array<{ id: number; name: string }> };
      return body.data.find((row) => row.name === name);
    },
    async removeDownload(id: number) {
      await request.delete(`${API}/admin/downloads/${id}`, { headers });
    },
  };
}

test.describe('downloads', () => {
  test('a non-admin downloads a file as name.extension with its bytes, and only sees Download', async ({
    page,
    context,
  }) => {
    await signedInAs(context, 'bob');
    await page.goto(`${PORTAL()}/tools/downloads`);
    await expect(page.getByRole('heading', { name: 'Downloads', level: 1 })).toBeVisible();
    const row = rows(page).filter({ hasText: 'Material price list' });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('button', { name: /^Actions for/ })).toHaveCount(0);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: 'Download Material price list.csv' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Material price list.csv');
    const content = await readFile((await download.path())!, 'utf8');
    expect(content).toContain('Oak parquet,m2,64.50');

    // Everyone sees New Download; only administrators create: for bob it is disabled with its reason, never a
    // way to the refusal of the create screen (issue 31; tests/e2e/journeys-navigation.spec.ts).
    const create = page.getByRole('button', { name: 'New Download' });
    await expect(create).toBeDisabled();
    await expect(create).toHaveAccessibleDescription('Only platform administrators add downloads');
  });

  test('an administrator creates a download with an uploaded file and deletes it', async ({
    page,
    context,
    request,
  }) => {
    await signedInAs(context, 'admin');
    const api = await adminApi(request);
    const name = uniqueName('E2E Manual');
    try {
      await page.goto('/tools/downloads/create');
      await page.getByLabel('Name').fill(name);
      await page.getByLabel('Extension').fill('txt');
      await page.locator('input[type="file"]').setInputFiles({
        name: 'manual.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('The manual, version 1.'),
      });
      await expect(page.getByText('Uploaded', { exact: true })).toBeVisible();
      await expectAccessibleAtBothWidths(page, 'the download form');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page).toHaveURL(/\/tools\/downloads(\?.*)?$/);
      const row = rows(page).filter({ hasText: name });
      await expect(row).toHaveCount(1);
      await expectAccessibleAtBothWidths(page, 'the downloads list');

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        row.getByRole('button', { name: `Download ${name}.txt` }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`${name}.txt`);
      expect(await readFile((await download.path())!, 'utf8')).toBe('The manual, version 1.');

      await row.getByRole('button', { name: `Actions for ${name}` }).click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      const dialog = page.getByRole('dialog', { name: 'Confirmation' });
      await expect(dialog).toContainText('Are you sure you want to delete this download?');
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await expectShown(page, `${name} successfully deleted`);
      await expect(rows(page).filter({ hasText: name })).toHaveCount(0);
    } finally {
      const left = await api.findDownload(name);
      if (left) await api.removeDownload(left.id);
    }
  });
});

test.describe('property maps', () => {
  test('lists by -name on the authoring host, creates, opens edit on a row click and deletes', async ({
    page,
    context,
    request,
  }) => {
    const { access_token: token } = await signedInAs(context, 'alice');
    const headers = apiHeaders('acme', token);
    const removeLeftover = async (name: string) => {
      const response = await request.get(`${API}/property-maps?filter[search]=${encodeURIComponent(name)}`, {
        headers,
      });
      const body = (await response.json()) as { data: Array<{ id: number; name: string }> };
      for (const map of body.data.filter((row) => row.name === name))
        await request.delete(`${API}/property-maps/${map.id}`, { headers });
    };
    await page.goto(`${origin('hatch-acme')}/tools/property-maps`);
    await expect(page.getByRole('heading', { name: 'Property Maps', level: 1 })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'descending');
    await expect(rows(page).first()).toBeVisible();
    await expectAccessibleAtBothWidths(page, 'the property maps list');
    const name = uniqueName('E2E Map');
    try {
      await page.getByRole('button', { name: 'New Property Map' }).click();
      await page.getByLabel('Name').fill('Door hardware');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.locator('#name_help')).toHaveText('The name has already been taken.');
      await page.getByLabel('Name').fill(name);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page).toHaveURL(/\/tools\/property-maps(\?.*)?$/);

      await page.getByRole('button', { name: 'Filter' }).click();
      await page.getByRole('searchbox').fill(name);
      const row = rows(page).filter({ hasText: name });
      await expect(row).toHaveCount(1);
      await row.click();
      await expect(page).toHaveURL(/\/tools\/property-maps\/edit\/\d+$/);
      await expect(page.getByLabel('Name')).toHaveValue(name);
      await page.goBack();

      await rows(page)
        .filter({ hasText: name })
        .getByRole('button', { name: `Actions for ${name}` })
        .click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      const dialog = page.getByRole('dialog', { name: 'Confirmation' });
      await expect(dialog).toContainText('Are you sure you want to delete this Property Map?');
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await expectShown(page, `${name} successfully deleted`);
    } finally {
      await removeLeftover(name);
    }
  });

  test('is not on the portal host', async ({ page, context }) => {
    await signedInAs(context, 'alice');
    await page.goto(`${PORTAL()}/tools/property-maps`);
    await expect(page.getByRole('heading', { name: 'Property Maps', level: 1 })).toHaveCount(0);
  });
});

test.describe('recycling bin', () => {
  test('shows each tab’s trashed rows with the days left', async ({ page, context }) => {
    await signedInAs(context, 'alice');
    // Oldest first: the seeded rows lead each tab whatever this worker's other tests have deleted since (newest
    // first, ten to a page, they could push the 29-day row to page 2).
    const oldestFirst = ['projects', 'models', 'libraries', 'items', 'materialCategories', 'materials'].map(
      (tab) => `${tab}.sort=deleted_at`,
    );
    await page.goto(`/tools/trash?${oldestFirst.join('&')}`);
    await expect(page.getByRole('heading', { name: 'Recycling Bin', level: 1 })).toBeVisible();
    await expect(page.getByRole('tab')).toHaveText([
      'Projects',
      'Models',
      'Libraries',
      'Items',
      'Material Categories',
      'Materials',
    ]);
    const projects = page.getByRole('tabpanel');
    await expect(projects.getByRole('row', { name: /Temporary Pop-up Store/ })).toContainText('28 Days');
    await expect(projects.getByRole('row', { name: /Cancelled Parking Garage/ })).toContainText('1 Days');
    await expect(projects.getByText('Expired Tender 2024')).toHaveCount(0);
    await expectAccessibleAtBothWidths(page, 'the recycling bin');

    await page.getByRole('tab', { name: 'Models' }).click();
    await expect(page).toHaveURL(/[?&]tab=models/);
    await expect(
      page.getByRole('tabpanel').getByRole('row', { name: /Canal House – Roof Study/ }),
    ).toContainText('28 Days');
    await expect(page.getByRole('tabpanel').getByText('Atrium Mall – Discarded Scheme')).toHaveCount(0);

    // Every soft-deleting entity's declaration adds its tab: rows deleted 15 and 29 days ago, none past 30.
    const expectations: Array<[tab: string, row: string, daysLeft: string, purged: string]> = [
      ['Libraries', 'Retired Library (15 days)', '15 Days', 'Retired Library (31 days)'],
      ['Items', 'Retired Item (29 days)', '1 Days', 'Retired Item (31 days)'],
      ['Material Categories', 'Old Category 29', '1 Days', 'Old Category 31'],
      ['Materials', 'Discarded Swatch 15', '15 Days', 'Discarded Swatch 31'],
    ];
    for (const [tab, row, daysLeft, purged] of expectations) {
      await page.getByRole('tab', { name: tab }).click();
      const panel = page.getByRole('tabpanel');
      await expect(panel.getByRole('row').filter({ hasText: row })).toContainText(daysLeft);
      await expect(panel.getByText(purged)).toHaveCount(0);
    }
  });

  test('restores a project into its list', async ({ page, context, request }) => {
    await signedInAs(context, 'alice');
    const api = await projectsApi(request);
    const project = await api.createProject({ name: uniqueName('E2E Bin'), status: 'active' });
    await api.deleteProject(project.id);
    try {
      await page.goto('/tools/trash?tab=projects');
      const row = page.getByRole('tabpanel').getByRole('row', { name: new RegExp(project.name) });
      await expect(row).toContainText('30 Days');
      await row.getByRole('button', { name: `Restore ${project.name}` }).click();
      await expectShown(page, 'Restored successfully');
      await expect(row).toHaveCount(0);
      await page.goto(`/projects?search=${encodeURIComponent(project.name)}`);
      await expect(rows(page).filter({ hasText: project.name })).toHaveCount(1);
    } finally {
      await api.deleteProject(project.id);
    }
  });

  test('is forbidden without access-recycling-bin', async ({ page, context }) => {
    await signedInAs(context, 'bob');
    await page.goto(`${PORTAL()}/tools/trash`);
    await expect(page.getByRole('heading', { name: 'Recycling Bin', level: 1 })).toHaveCount(0);
    await expect(page.getByRole('tab')).toHaveCount(0);
  });
});
