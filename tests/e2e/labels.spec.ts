/**
 * Labels in Chromium against the contract server (spec 2 Tools, §3, §6, §8, §9), built from their declarations
 * alone: the list with coloured chips, create with a colour picker and the server's validation under the field,
 * edit by a row click, delete with its exact confirmation and the '{label_name} {status}' banner, and a new
 * label in a project's label filter. Each test makes the labels it changes.
 */
import { type APIRequestContext, expect, type Page, test } from './support/test';
import { expectAccessibleAtBothWidths } from './support/axe';
import { expectShown } from './support/shown-messages';
import { API, apiHeaders, origin, sharedSession, signedInAs } from './support/portal';
import { uniqueName } from './support/projects-api';

const DELETE_TEXT = 'Are you sure you want to delete this label?';

interface ApiLabel {
  id: number;
  name: string;
  color: string;
}

async function labelsApi(request: APIRequestContext) {
  const { access_token: token } = await sharedSession('alice', 'acme');
  const headers = apiHeaders('acme', token);
  return {
    async create(name: string, color: string): Promise<ApiLabel> {
      const response = await request.post(`${API}/labels`, { headers, data: { name, color } });
      expect(response.status(), await response.text()).toBe(201);
      return ((await response.json()) as { data: ApiLabel }).data;
    },
    async find(name: string): Promise<ApiLabel | undefined> {
      const response = await request.get(
        `${API}/labels?per_page=25&filter[search]=${encodeURIComponent(name)}`,
        { headers },
      );
      expect(response.status()).toBe(200);
      return ((await response.json()) as { data: ApiLabel[] }).data.find((label) => label.name === name);
    },
    async remove(id: number): Promise<void> {
      const response = await request.delete(`${API}/labels/${id}`, { headers });
      expect([200, 404]).toContain(response.status());
    },
  };
}

const rows = (page: Page) => page.locator('.list-page__table tbody tr[data-row-key]');

/** Chooses a colour in antd's colour picker: its panel's hex input. */
async function pickColor(page: Page, hex: string) {
  await page.getByLabel('Color', { exact: true }).click();
  const panel = page.locator('.ant-color-picker:visible');
  const input = panel.locator('.ant-color-picker-hex-input input');
  await input.fill(hex.replace('#', ''));
  await input.press('Enter');
  await page.keyboard.press('Escape');
  await expect(page.getByLabel('Color', { exact: true })).toContainText(hex);
}

test.describe('labels', () => {
  test('lists the labels, newest first, with their colour as a chip', async ({ page, context, request }) => {
    await signedInAs(context, 'alice');
    const api = await labelsApi(request);
    const label = await api.create(uniqueName('E2E Chip'), '#13c2c2');
    try {
      await page.goto('/tools/labels');
      await expect(page.getByRole('heading', { name: 'Labels', level: 1 })).toBeVisible();
      // One menu entry, and the page is the declared list (no 'not available yet').
      await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByText('Labels')).toHaveCount(
        1,
      );
      const row = rows(page).filter({ hasText: label.name });
      await expect(row).toHaveCount(1);
      await expect(rows(page).first()).toContainText(label.name);
      const chip = row.locator('.label-tag');
      await expect(chip).toHaveText('#13c2c2');
      await expect(chip.locator('.label-tag__dot')).toHaveCSS('background-color', 'rgb(19, 194, 194)');

      await page.getByRole('columnheader', { name: 'Name' }).getByRole('button').click();
      await expect(page).toHaveURL(/[?&]sort=name/);
      await expect(page.getByRole('columnheader', { name: 'Name' })).toHaveAttribute(
        'aria-sort',
        'ascending',
      );
    } finally {
      await api.remove(label.id);
    }
  });

  test('creates a label: a taken name is refused under the field, then it is saved', async ({
    page,
    context,
    request,
  }) => {
    await signedInAs(context, 'alice');
    const api = await labelsApi(request);
    const existing = await api.create(uniqueName('E2E Taken'), '#722ed1');
    const name = uniqueName('E2E New');
    try {
      await page.goto('/tools/labels');
      await page.getByRole('button', { name: 'New Label' }).click();
      await expect(page).toHaveURL(/\/tools\/labels\/create$/);
      await page.getByLabel('Name').fill(existing.name);
      await pickColor(page, '#fa8c16');
      await page.getByRole('button', { name: 'Save' }).click();
      // Under the field (the error notice repeats it).
      await expect(page.locator('#name_help')).toHaveText('The name has already been taken.');
      await expect(page).toHaveURL(/\/tools\/labels\/create$/);

      await page.getByLabel('Name').fill(name);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page).toHaveURL(/\/tools\/labels(\?.*)?$/);
      await expect(rows(page).filter({ hasText: name })).toHaveCount(1);
      expect((await api.find(name))?.color.toLowerCase()).toBe('#fa8c16');
    } finally {
      await api.remove(existing.id);
      const created = await api.find(name);
      if (created) await api.remove(created.id);
    }
  });

  test('edits a label from a row click; its History then says who renamed it from what to what', async ({
    page,
    context,
    request,
  }) => {
    await signedInAs(context, 'alice');
    const api = await labelsApi(request);
    const label = await api.create(uniqueName('E2E Edit'), '#52c41a');
    const renamed = `${label.name} renamed`;
    try {
      await page.goto('/tools/labels');
      await rows(page).filter({ hasText: label.name }).getByText(label.name).click();
      await expect(page).toHaveURL(new RegExp(`/tools/labels/edit/${label.id}$`));
      await expect(page.getByLabel('Name')).toHaveValue(label.name);
      await expect(page.getByLabel('Color', { exact: true })).toContainText('#52c41a');
      await page.getByLabel('Name').fill(renamed);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page).toHaveURL(/\/tools\/labels(\?.*)?$/);
      await expect(rows(page).filter({ hasText: renamed })).toHaveCount(1);

      await rows(page).filter({ hasText: renamed }).getByText(renamed).click();
      await page.getByRole('button', { name: 'History' }).click();
      const history = page.getByRole('dialog', { name: 'Change history' });
      await expect(history.getByRole('listitem').first()).toContainText('Alice Anders');
      await expect(history).toContainText(`Name from ${label.name} to ${renamed}`);
      await expectAccessibleAtBothWidths(page, 'the change history');
    } finally {
      await api.remove(label.id);
    }
  });

  test('deletes a label after its confirmation, with its banner', async ({ page, context, request }) => {
    await signedInAs(context, 'alice');
    const api = await labelsApi(request);
    const label = await api.create(uniqueName('E2E Delete'), '#f5222d');
    try {
      await page.goto('/tools/labels');
      await page.getByRole('button', { name: `Actions for ${label.name}` }).click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      const dialog = page.getByRole('dialog', { name: 'Confirmation' });
      await expect(dialog).toContainText(DELETE_TEXT);
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await expectShown(page, `${label.name} successfully deleted`);
      await expect(rows(page).filter({ hasText: label.name })).toHaveCount(0);
      expect(await api.find(label.name)).toBeUndefined();
    } finally {
      await api.remove(label.id);
    }
  });

  test('bob lists labels but may not create, edit or delete them', async ({ page, context }) => {
    await signedInAs(context, 'bob');
    await page.goto(`${origin('customerportal-acme')}/tools/labels`);
    await expect(rows(page).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'New Label' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Actions for/ })).toHaveCount(0);
    await rows(page).first().click();
    await expect(page).toHaveURL(/\/tools\/labels(\?.*)?$/);
  });

  test("a new label appears in a project's label filter", async ({ page, context, request }) => {
    await signedInAs(context, 'alice');
    const api = await labelsApi(request);
    const label = await api.create(uniqueName('E2E Filter'), '#2f54eb');
    try {
      await page.goto('/projects');
      await page.getByRole('button', { name: 'Filter' }).click();
      const filter = page.getByRole('search', { name: 'Filter the list' });
      await filter.getByRole('button', { name: /^Label/ }).click();
      await expect(
        filter.getByRole('group', { name: 'Label' }).getByRole('checkbox', { name: label.name }),
      ).toBeVisible();
    } finally {
      await api.remove(label.id);
    }
  });
});
