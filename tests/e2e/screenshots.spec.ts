/** Screenshots of login and dashboard at desktop and phone width, saved for review under test-results/screenshots. */
import { expect, test } from '@playwright/test';
import { settled } from './support/axe';
import { expectSignedIn, origin, signedInAs } from './support/portal';

const VIEWPORTS = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } };

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(name, () => {
    test.use({ viewport });

    test(`login at ${name} width`, async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByRole('heading', { name: 'Acme Visuals' })).toBeVisible();
      await page.screenshot({ path: `test-results/screenshots/login-${name}.png` });
    });

    test(`dashboard at ${name} width`, async ({ page, context }) => {
      await signedInAs(context, 'alice');
      await page.goto('/');
      await expectSignedIn(page, 'Alice Anders');
      await expect(page.getByTestId('count-models')).toHaveText(/^\d[\d,]*$/);
      await settled(page);
      await page.screenshot({ path: `test-results/screenshots/dashboard-${name}.png` });
      await page.screenshot({ path: `test-results/screenshots/dashboard-${name}-full.png`, fullPage: true });
    });
  });
}

test('the navigation drawer at phone width', async ({ browser }) => {
  const context = await browser.newContext({ viewport: VIEWPORTS.phone });
  await signedInAs(context, 'admin');
  const page = await context.newPage();
  await page.goto(`${origin()}/admin/companies`);
  await page.getByRole('button', { name: 'Toggle menu' }).click();
  await expect(
    page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Companies' }),
  ).toBeVisible();
  // `animations: 'disabled'` completes the drawer's slide-in before the picture is taken.
  await page.screenshot({ path: 'test-results/screenshots/navigation-phone.png', animations: 'disabled' });
  await context.close();
});
