/** axe-core on the login page and the dashboard: no serious or critical violation, desktop and phone width. */
import { expect, test } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { expectSignedIn, signedInAs } from './support/portal';

for (const viewport of [
  { width: 1366, height: 850 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width}px`, () => {
    test.use({ viewport });

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
      await expect(page.getByTestId('count-models')).toHaveText(/^\d[\d,]*$/);
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}
