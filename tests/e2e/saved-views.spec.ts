/**
 * Saved views (issue 33) in Chromium against the contract server: a filtered, sorted projects list saved under a
 * name (menu and dialog by keyboard, axe clean with the dialog open) and made the user's default; after signing out
 * and in again, on a fresh tab (no sessionStorage: as on another device), Projects opens in that view.
 */
import { expect, type Page, test } from './support/test';
import { expectShown } from './support/shown-messages';
import {
  API,
  apiHeaders,
  apiLogin,
  expectSignedIn,
  sharedSession,
  submitLogin,
  useSessionCookie,
} from './support/portal';
import { seriousViolations } from './support/axe';

const rows = (page: Page) => page.locator('.list-page__table tbody tr[data-row-key]');

async function signIn(page: Page) {
  await page.goto('/login');
  await submitLogin(page, 'alice');
  await expectSignedIn(page, 'Alice Anders');
}

test('a saved default view of projects is restored after signing out and in', async ({
  page,
  context,
  request,
}) => {
  const name = `Inactive by name ${test.info().workerIndex}-${Date.now()}`;
  try {
    // Signed in through the API with a token of this test's own (the Logout below ends it; the shared one stays);
    // the sign-in form is used after the logout, where signing in again is the subject.
    await useSessionCookie(context, (await apiLogin(request, 'alice')).access_token);
    await page.goto('/projects');
    await expect(rows(page).first()).toBeVisible();

    await page.getByRole('button', { name: 'Filter' }).click();
    const filter = page.getByRole('search', { name: 'Filter the list' });
    await filter.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Inactive' });
    await page.getByRole('columnheader', { name: 'Name' }).click();
    await expect(page).toHaveURL(/[?&]sort=name/);
    await expect(page).toHaveURL(/[?&]status=inactive/);

    // Save it, by keyboard: the menu opens on Enter, its entries are reached with the arrow keys.
    const views = page.getByRole('button', { name: 'Views' });
    await views.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await menu.getByRole('menuitem', { name: 'Save current view…' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Save current view' });
    await expect(dialog.getByRole('textbox', { name: 'Name' })).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.type(name);
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();

    await views.click();
    await expect(menu.getByRole('menuitemradio', { name })).toHaveAttribute('aria-checked', 'true');
    await menu.getByRole('menuitem', { name: 'Use as my default' }).click();
    await expectShown(page, `“${name}” is now your default for this list`, { exact: false });

    await page.getByRole('button', { name: 'Account menu of Alice Anders' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    // As on another device: no sort kept in this tab.
    await page.evaluate(() => sessionStorage.clear());

    await signIn(page);
    await page.goto('/projects');
    await expect(page).toHaveURL(/[?&]status=inactive/);
    await expect(page).toHaveURL(/[?&]sort=name/);
    await expect(page.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');
    await expect(rows(page).first()).toBeVisible();
    await page.getByRole('button', { name: 'Views' }).click();
    await expect(
      page.getByRole('menu').getByRole('menuitemradio', { name: `${name} (default)` }),
    ).toHaveAttribute('aria-checked', 'true');
  } finally {
    // Other tests of this worker open alice's projects list: the default goes again.
    const { access_token: token } = await sharedSession('alice', 'acme');
    const headers = apiHeaders('acme', token);
    const listed = await request.get(`${API}/saved-views?filter[list]=projects&per_page=100`, { headers });
    for (const view of ((await listed.json()) as { data: Array<{ id: number; name: string }> }).data) {
      if (view.name === name) await request.delete(`${API}/saved-views/${view.id}`, { headers });
    }
  }
});
