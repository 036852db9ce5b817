/**
 * The command palette (issue 33) in Chromium against the contract server: Control+K, part of a demo project's
 * name, Enter, and the project's page opens. The palette's keyboard, groups and permissions are component tests
 * (tests/unit/command-palette.test.tsx).
 */
import { expect, test } from './support/test';
import { expectSignedIn, signedInAs } from './support/portal';

test('Control+K finds a project by part of its name and Enter opens it', async ({ page, context }) => {
  const auth = await signedInAs(context, 'alice');
  await page.goto('/');
  await expectSignedIn(page, auth.user.name);

  await page.keyboard.press('Control+K');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await palette.getByRole('combobox').fill('Harbour Tow');
  const project = palette.getByRole('option', { name: 'Harbour Tower Projects', exact: true });
  await expect(project).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/projects\/overview\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Harbour Tower' })).toBeVisible();
  await expect(palette).toBeHidden();
});
