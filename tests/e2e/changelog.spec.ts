/**
 * The admin changelog in Chromium against the contract server (spec 2 §Admin, §4, §5): Sync asks with the count
 * of items without a development date (counted from the API as the dialog does); a new item made through the
 * form starts on development only and opens in the detail dialog. The test makes and removes its own item and
 * never syncs, so the seeded undated items stay undated for the other specs.
 */
import { expect, test } from './support/test';
import { API, apiHeaders, sharedSession, signedInAs } from './support/portal';
import { uniqueName } from './support/projects-api';

test('Sync shows the undated count; a new item is on development only', async ({
  page,
  context,
  request,
}) => {
  await signedInAs(context, 'admin');
  const { access_token: token } = await sharedSession('admin', 'acme');
  const headers = apiHeaders('acme', token);
  const description = uniqueName('E2E changelog');
  try {
    await page.goto('/admin/changelog_items');
    await expect(page.getByRole('heading', { name: 'Changelog', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'New changelog' }).click();
    await expect(page).toHaveURL(/\/admin\/changelog_items\/create$/);
    await expect(page.getByRole('checkbox', { name: 'Development' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Production' })).not.toBeChecked();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.locator('#type_help')).toBeVisible();
    await page.getByLabel('Type').click();
    await page.getByTitle('Fixed', { exact: true }).click();
    await expect(page.locator('#type_help')).toHaveCount(0);
    await page.getByRole('textbox', { name: '* Description', exact: true }).fill(description);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/admin\/changelog_items$/);

    const all = await request.get(`${API}/admin/changelog-items`, { headers });
    const items = ((await all.json()) as { data: Array<{ date_on_development: string | null }> }).data;
    const undated = items.filter((item) => !item.date_on_development).length;
    await page.getByRole('button', { name: 'Sync' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(
      undated === 1
        ? '1 changelog item has no Development date yet.'
        : `${undated} changelog items have no Development date yet.`,
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);

    await page.getByRole('button', { name: 'Filter' }).click();
    await page.getByRole('searchbox').fill(description);
    const row = page.locator('tbody tr[data-row-key]').filter({ hasText: description });
    await expect(row).toHaveCount(1);
    await row.getByText(description).click();
    const detail = page.getByRole('dialog', { name: 'Changelog item' });
    await expect(detail).toContainText(description);
    await expect(detail).toContainText('Fixed');
    await expect(detail.locator('.changelog-environments__on')).toHaveCount(1);
    await detail.getByRole('button', { name: 'Close' }).last().click();
  } finally {
    const found = await request.get(
      `${API}/admin/changelog-items?per_page=5&filter[search]=${encodeURIComponent(description)}`,
      { headers },
    );
    for (const item of ((await found.json()) as { data: Array<{ id: number }> }).data) {
      await request.delete(`${API}/admin/changelog-items/${item.id}`, { headers });
    }
  }
});
