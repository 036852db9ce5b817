import { expect, test } from '@playwright/test';

test('the login page on a tenant host shows the tenant name from the server', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Acme Visuals' })).toBeVisible();
  await expect(page.getByLabel('Username or email')).toBeVisible();
  await expect(page.getByLabel('Password')).toBeVisible();
});

test('the public host shows the product instead of a tenant', async ({ page, baseURL }) => {
  await page.goto(`${baseURL!.replace('acme.', '')}/login`);
  await expect(page.getByRole('heading', { name: 'Asset Portal' })).toBeVisible();
});
