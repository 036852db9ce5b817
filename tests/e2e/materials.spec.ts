/**
 * Materials and material categories in Chromium against the contract server (spec 2 §Materials and categories,
 * §3, §4, §8): browsing the category tree by breadcrumb, a variant with its parent_name on its overview,
 * duplicate, archive and unarchive with their banners, bulk move with and without 'Remove from current
 * category', the import of a .zip with its progress, and the routes not found on customerportal. Axe and the
 * sideways-scroll check of every materials screen at 1440 and 390 px are in faq-screens.spec.ts. Each test that
 * changes data makes its own categories and materials.
 */
import { type APIRequestContext, expect, test } from './support/test';
import { expectShown } from './support/shown-messages';
import { API, apiHeaders, origin, sharedSession, signedInAs } from './support/portal';
import { uniqueName } from './support/projects-api';
import { zipOf } from '../server/materials-zip';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

interface ApiMaterial {
  id: number;
  name: string;
  parent_name: string | null;
  preview_image_url: string | null;
  categories: Array<{ id: number; name: string }>;
}
interface ApiCategory {
  id: number;
  name: string;
}

async function materialsApi(request: APIRequestContext) {
  const { access_token: token } = await sharedSession('alice', 'acme');
  const headers = apiHeaders('acme', token);
  return {
    async category(name: string, parentId?: number): Promise<ApiCategory> {
      const response = await request.post(`${API}/materials/categories`, {
        headers,
        data: { name, ...(parentId ? { parent_id: parentId } : {}) },
      });
      expect(response.status(), await response.text()).toBe(201);
      return ((await response.json()) as { data: ApiCategory }).data;
    },
    async material(name: string, categoryIds: number[] = []): Promise<ApiMaterial> {
      const response = await request.post(`${API}/materials`, {
        headers,
        data: { name, category_ids: categoryIds },
      });
      expect(response.status(), await response.text()).toBe(201);
      return ((await response.json()) as { data: ApiMaterial }).data;
    },
    async get(name: string): Promise<ApiMaterial> {
      const response = await request.get(`${API}/materials/${encodeURIComponent(name)}`, { headers });
      expect(response.status(), await response.text()).toBe(200);
      return ((await response.json()) as { data: ApiMaterial }).data;
    },
    async findCategory(name: string): Promise<ApiCategory> {
      const response = await request.get(
        `${API}/materials/categories?filter[search]=${encodeURIComponent(name)}`,
        { headers },
      );
      return ((await response.json()) as { data: ApiCategory[] }).data.find((row) => row.name === name)!;
    },
  };
}

const overview = (name: string) => `/materials/overview/${encodeURIComponent(name)}`;

test.describe('materials', () => {
  test('browses the categories by breadcrumb', async ({ page, context, request }) => {
    await signedInAs(context, 'alice');
    const api = await materialsApi(request);
    const woods = await api.findCategory('Woods');
    await page.goto('/materials');
    await expect(page.getByRole('heading', { name: 'Materials', level: 1 })).toBeVisible();
    await expect(
      page.getByText('Materials for 3D rendering. Compatible with all major software and texture renderers.'),
    ).toBeVisible();
    await page
      .getByRole('link', { name: 'Woods' })
      .or(page.getByText('Woods', { exact: true }))
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`/materials/categories/${woods.id}`));
    await expect(page.getByRole('heading', { name: 'Woods', level: 1 })).toBeVisible();
    await page.getByText('Oak', { exact: true }).first().click();
    await expect(page.getByRole('heading', { name: 'Oak', level: 1 })).toBeVisible();
    const crumbs = page.locator('.breadcrumbs');
    await expect(crumbs).toContainText('Materials');
    await expect(crumbs).toContainText('Woods');
    await expect(page.getByText('Oak Natural Matte', { exact: true })).toBeVisible();
    await crumbs.getByRole('link', { name: 'Woods' }).click();
    await expect(page.getByRole('heading', { name: 'Woods', level: 1 })).toBeVisible();
    await crumbs.getByRole('link', { name: 'Materials' }).click();
    await expect(page).toHaveURL(/\/materials(\?.*)?$/);
  });

  test('creates a variant and shows parent_name on its overview', async ({ page, context, request }) => {
    await signedInAs(context, 'alice');
    const api = await materialsApi(request);
    const base = await api.material(uniqueName('E2E Base/Ü'));
    const variant = uniqueName('E2E Variant');
    await page.goto(overview(base.name));
    await expect(page.getByRole('heading', { name: base.name, level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'New Variant' }).click();
    await expect(page).toHaveURL(new RegExp(`/materials/create/variant/${encodeURIComponent(base.name)}$`));
    await expect(page.getByRole('heading', { name: 'New Variant', level: 1 })).toBeVisible();
    await expect(page.getByLabel('Base material (variant of)')).toHaveValue(base.name);
    await page.getByLabel('Name', { exact: true }).fill(variant);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(new RegExp(`${overview(variant).replace(/[()]/g, '\\$&')}$`));
    await expect(page.getByTestId('parent-name')).toHaveText(base.name);
    expect((await api.get(variant)).parent_name).toBe(base.name);
  });

  test('duplicates, archives and unarchives with their messages', async ({ page, context, request }) => {
    await signedInAs(context, 'alice');
    const api = await materialsApi(request);
    const material = await api.material(uniqueName('E2E Dup'));
    await page.goto(overview(material.name));
    await page.getByRole('button', { name: 'Duplicate' }).click();
    await expect(page.getByRole('heading', { name: `${material.name} (copy)`, level: 1 })).toBeVisible();
    await expectShown(page, 'Material successfully duplicated');

    await page.goto(overview(material.name));
    await page.getByRole('button', { name: 'Archive' }).click();
    await expectShown(page, `${material.name} Archived...`);
    await page.getByRole('button', { name: 'Unarchive' }).click();
    await expectShown(page, `${material.name} Unarchived`);
  });

  test('moves materials in bulk, keeping and then removing the current category', async ({
    page,
    context,
    request,
  }) => {
    await signedInAs(context, 'alice');
    const api = await materialsApi(request);
    const from = await api.category(uniqueName('E2E From'));
    const to = await api.category(uniqueName('E2E To'));
    const first = await api.material(uniqueName('E2E Move A'), [from.id]);
    const second = await api.material(uniqueName('E2E Move B'), [from.id]);

    const moveBoth = async (remove: boolean) => {
      await page.goto(`/materials/categories/${from.id}`);
      await page.getByRole('checkbox', { name: `Select ${first.name}` }).check();
      await page.getByRole('checkbox', { name: `Select ${second.name}` }).check();
      await page.getByRole('toolbar').getByRole('button', { name: 'Move to categories' }).click();
      const dialog = page.getByRole('dialog', { name: 'Move materials' });
      await dialog.getByRole('button', { name: /^Categories/ }).click();
      await dialog.getByRole('checkbox', { name: to.name }).check();
      await page.keyboard.press('Escape');
      const toggle = dialog.getByRole('switch', { name: 'Remove from current category' });
      await expect(toggle).not.toBeChecked();
      if (remove) await toggle.check();
      await dialog.getByRole('button', { name: 'Move' }).click();
      await expectShown(page, '2 Materials successfully moved');
    };

    await moveBoth(false);
    expect((await api.get(first.name)).categories.map((category) => category.id).sort()).toEqual(
      [from.id, to.id].sort(),
    );
    await moveBoth(true);
    expect((await api.get(first.name)).categories.map((category) => category.id)).toEqual([to.id]);
    expect((await api.get(second.name)).categories.map((category) => category.id)).toEqual([to.id]);
  });

  test('imports a .zip and follows its progress', async ({ page, context }) => {
    await signedInAs(context, 'alice');
    const names = [uniqueName('E2E Import A'), uniqueName('E2E Import B')];
    await page.goto('/materials/import');
    await expect(page.getByRole('heading', { name: 'Import Materials', level: 1 })).toBeVisible();
    await page.locator('input[type="file"]').setInputFiles({
      name: 'materials.zip',
      mimeType: 'application/zip',
      buffer: zipOf([`${names[0]}/`, `${names[0]}/albedo.png`, `${names[1]}.sbsar`]),
    });
    const start = page.getByRole('button', { name: 'Import' });
    await expect(start).toBeEnabled();
    await start.click();
    await expect(page.getByTestId('import-state')).toContainText('Import finished');
    await expect(page.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    for (const name of names) await expect(page.getByRole('link', { name })).toBeVisible();
  });

  test('uploads a preview image on create, shows it, and removes it on edit', async ({
    page,
    context,
    request,
  }) => {
    await signedInAs(context, 'alice');
    const api = await materialsApi(request);
    const name = uniqueName('E2E Preview');
    await page.goto('/materials/create');
    await expect(page.getByRole('heading', { name: 'New Material', level: 1 })).toBeVisible();
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'preview.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByText('Uploaded', { exact: true })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Preview image' })).toBeVisible();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(new RegExp(`${overview(name).replace(/[()]/g, '\\$&')}$`));
    const stored = (await api.get(name)).preview_image_url;
    expect(stored).toMatch(/\/api\/v2\/files\/materials\/previews\/[\w-]+\.png$/);
    await expect(page.getByRole('img', { name })).toHaveAttribute('src', stored!);

    await page.goto(`/materials/edit/${encodeURIComponent(name)}`);
    await expect(page.getByRole('img', { name: 'Preview image' })).toHaveAttribute('src', stored!);
    await page.getByRole('button', { name: 'Remove image' }).click();
    await expect(page.getByRole('img', { name: 'Preview image' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(new RegExp(`${overview(name).replace(/[()]/g, '\\$&')}$`));
    await expect.poll(async () => (await api.get(name)).preview_image_url).toBeNull();
  });

  test('the materials routes are not found on customerportal', async ({ page, context }) => {
    await signedInAs(context, 'alice');
    for (const path of ['/materials', '/materials/import', '/materials/overview/Oak%20Natural']) {
      await page.goto(`${origin('customerportal-acme')}${path}`);
      await expect(page.getByRole('heading', { name: '404 | Page Not Found' })).toBeVisible();
    }
  });
});
