/**
 * Saved views (issue 33) in Chromium against the contract server: a filtered, sorted projects list saved under a
 * name (menu and dialog by keyboard, axe clean with the dialog open) and made the user's default; after signing out
 * and in again, on a fresh tab (no sessionStorage: as on another device), Projects opens in that view. Issue 42: a
 * view applied is named on the Views button with the Filter count and Reset beside it, marked modified after a
 * filter change, updated with the list's state, then renamed and deleted in 'Manage views'.
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
/** The Views button: 'Views', or the name of the view the list is in. */
const viewsButton = (page: Page) => page.getByRole('button', { name: /^(Views|View: .+)$/ });

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
    const views = viewsButton(page);
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
    await expect(viewsButton(page)).toHaveAccessibleName(`View: ${name}`);
    await viewsButton(page).click();
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

test('a view applied is named on the list, updated after a change, then renamed and deleted', async ({
  page,
  context,
  request,
}) => {
  const name = `Inactive ${test.info().workerIndex}-${Date.now()}`;
  const renamed = `${name} renamed`;
  const { access_token: token } = await sharedSession('alice', 'acme');
  const headers = apiHeaders('acme', token);
  const created = await request.post(`${API}/saved-views`, {
    headers,
    data: {
      list: 'projects',
      name,
      state: { filters: { status: ['inactive'] }, sort: 'name', per_page: 5, view: 'list' },
    },
  });
  expect(created.status()).toBe(201);
  const { id } = ((await created.json()) as { data: { id: number } }).data;
  try {
    await useSessionCookie(context, token);
    await page.goto('/projects');
    await expect(rows(page).first()).toBeVisible();

    await viewsButton(page).click();
    await page.getByRole('menu').getByRole('menuitemradio', { name }).click();
    await expect(page).toHaveURL(/[?&]status=inactive/);
    await expect(viewsButton(page)).toHaveAccessibleName(`View: ${name}`);
    await expect(page.getByRole('button', { name: 'Filter, 1 active' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reset the list' })).toBeVisible();

    // Another status: the list is no longer the view.
    await page.getByRole('button', { name: 'Filter, 1 active' }).click();
    const filter = page.getByRole('search', { name: 'Filter the list' });
    await filter.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Active' });
    await expect(page).toHaveURL(/[?&]status=active/);
    await expect(viewsButton(page)).toHaveAccessibleName(`View: ${name} (modified)`);

    await viewsButton(page).click();
    await page
      .getByRole('menu')
      .getByRole('menuitem', { name: `Update “${name}” with current view` })
      .click();
    await expect(viewsButton(page)).toHaveAccessibleName(`View: ${name}`);
    const stored = await request.get(`${API}/saved-views/${id}`, { headers });
    expect(((await stored.json()) as { data: { state: { filters: unknown } } }).data.state.filters).toEqual({
      status: ['active'],
    });

    // Manage views: renamed in its row, then deleted after the row's confirmation.
    await viewsButton(page).click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'Manage views…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Manage views' });
    await dialog.getByRole('button', { name: `Rename “${name}”` }).click();
    const field = dialog.getByRole('textbox', { name: `Name of “${name}”` });
    await expect(field).toBeFocused();
    await field.fill(renamed);
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('button', { name: `Rename “${renamed}”` })).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: `Delete “${renamed}”` }).click();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(dialog.getByText(renamed)).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
    await expect(viewsButton(page)).toHaveAccessibleName('Views');
    expect((await request.get(`${API}/saved-views/${id}`, { headers })).status()).toBe(404);
  } finally {
    await request.delete(`${API}/saved-views/${id}`, { headers });
  }
});
