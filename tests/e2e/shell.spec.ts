import { expect, test } from './support/test';
import { expectSignedIn, origin, signedInAs } from './support/portal';

const nav = (page: import('@playwright/test').Page) =>
  page.getByRole('navigation', { name: 'Main navigation' });

test('admin sees the Admin group; bob does not, and his platform switcher shows his one licensed platform', async ({
  browser,
}) => {
  const adminContext = await browser.newContext();
  await signedInAs(adminContext, 'admin');
  const adminPage = await adminContext.newPage();
  await adminPage.goto(`${origin()}/`);
  await nav(adminPage).getByText('Admin', { exact: true }).click();
  await expect(nav(adminPage).getByRole('link', { name: 'Companies' })).toBeVisible();
  await adminContext.close();

  const bobContext = await browser.newContext();
  await signedInAs(bobContext, 'bob');
  const bobPage = await bobContext.newPage();
  await bobPage.goto(`${origin('customerportal-acme')}/`);
  await expectSignedIn(bobPage, 'Bob Brink');
  await expect(nav(bobPage).getByRole('link', { name: 'Projects' })).toBeVisible();
  await expect(nav(bobPage).getByText('Admin', { exact: true })).toHaveCount(0);
  await expect(nav(bobPage).getByText('Security', { exact: true })).toHaveCount(0);
  await expect(nav(bobPage).getByText('Materials', { exact: true })).toHaveCount(0);
  // The platform switcher shows only licensed platforms: bob sees one.
  const switcher = bobPage.getByRole('navigation', { name: 'Platform' });
  await expect(switcher.getByRole('button', { name: 'Designs and Sales' })).toBeVisible();
  await expect(switcher.getByRole('button')).toHaveCount(1);
  await bobContext.close();
});

test('the navigation follows platform and abilities; groups are an accordion opened by the route', async ({
  page,
  context,
}) => {
  await signedInAs(context, 'alice');
  await page.goto('/security/roles');
  const menu = nav(page);
  await expect(menu.getByRole('link', { name: 'Roles' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Labels' })).toBeHidden();
  await menu.getByText('Tools', { exact: true }).click();
  await expect(menu.getByRole('link', { name: 'Property maps' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Roles' })).toBeHidden();
  await expect(menu.getByRole('link', { name: 'Materials' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Processor' })).toBeVisible();

  await page.goto(`${origin('customerportal-acme')}/tools/labels`);
  await expect(menu.getByRole('link', { name: 'Labels' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Property maps' })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'Materials' })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'Processor' })).toHaveCount(0);
});

test('the platform switcher keeps the session and the path, and goes to / from an edit page', async ({
  page,
  context,
}) => {
  await signedInAs(context, 'alice');
  await page.goto('/projects?page=2');
  const switcher = page.getByRole('navigation', { name: 'Platform' });
  await expect(switcher.getByRole('button')).toHaveCount(2);
  await expect(switcher.getByRole('button', { name: 'Preparation & Content' })).toHaveAttribute(
    'aria-current',
    'true',
  );

  await switcher.getByRole('button', { name: 'Designs and Sales' }).click();
  await expect(page).toHaveURL(`${origin('customerportal-acme')}/projects?page=2`);
  await expectSignedIn(page, 'Alice Anders');

  await page.goto(`${origin('customerportal-acme')}/projects/edit/4`);
  await page
    .getByRole('navigation', { name: 'Platform' })
    .getByRole('button', { name: 'Preparation & Content' })
    .click();
  await expect(page).toHaveURL(`${origin('hatch-acme')}/`);
  await expectSignedIn(page, 'Alice Anders');
});

test('the theme follows the company, or the platform when the company uses the defaults', async ({
  page,
  context,
}) => {
  await signedInAs(context, 'admin');
  const primary = () =>
    page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--primary').trim());
  await page.goto('/login');
  await expect.poll(primary).toBe('31 111 235');
  await page.goto(`${origin('customerportal-globex')}/login`);
  await expect.poll(primary).toBe('99 65 150');
});

test('the tenant switcher lists the other companies and goes to the chosen one', async ({
  page,
  context,
}) => {
  await signedInAs(context, 'admin');
  await page.goto('/');
  await page.getByRole('button', { name: 'Switch company' }).click();
  const options = page.getByRole('menuitem');
  await expect(options.filter({ hasText: 'Globex Design' })).toContainText('globex');
  await expect(options.filter({ hasText: 'Initech' })).toBeVisible();
  await expect(options.filter({ hasText: 'Acme Visuals' })).toHaveCount(0);
  await options.filter({ hasText: 'Globex Design' }).click();
  await expect(page).toHaveURL(`${origin('globex')}/`);
  await expectSignedIn(page, 'Ada Admin');
  await expect(page.getByRole('button', { name: 'Switch company' })).toContainText('Globex Design');
});

test('a user without the platform licence is sent to /portal', async ({ page, context }) => {
  await signedInAs(context, 'bob');
  await page.goto('/projects');
  await expect(page).toHaveURL(`${origin()}/portal`);
  await expect(
    page.getByRole('heading', {
      name: 'You have no Converter & Optimizer license for Preparation & Content',
    }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Designs and Sales' }).click();
  await expect(page).toHaveURL(`${origin('customerportal-acme')}/`);
  await expectSignedIn(page, 'Bob Brink');
});

test('a route of an ability group without the ability goes to /unauthorized', async ({ page, context }) => {
  await signedInAs(context, 'bob');
  await page.goto(`${origin('customerportal-acme')}/projects`);
  await page.goto(`${origin('customerportal-acme')}/security/users`);
  await expect(page).toHaveURL(`${origin('customerportal-acme')}/unauthorized`);
  await expect(page.getByRole('heading', { name: 'Unauthorized' })).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(`${origin('customerportal-acme')}/projects`);
});

test('routes that do not exist here show not found: authoring-only, admin-only, unknown', async ({
  page,
  context,
}) => {
  await signedInAs(context, 'alice');
  for (const url of [
    `${origin('customerportal-acme')}/materials`,
    `${origin()}/admin/companies`,
    `${origin()}/no/such/page`,
  ]) {
    await page.goto(url);
    await expect(page.getByRole('heading', { name: '404 | Page Not Found' })).toBeVisible();
  }
});

test('Back on the not-found screen returns to the previous page with its navigation state', async ({
  page,
  context,
}) => {
  await signedInAs(context, 'alice');
  await page.goto('/projects');
  await expectSignedIn(page, 'Alice Anders');
  // An in-app navigation whose history entry carries state...
  await nav(page).getByRole('link', { name: 'Libraries' }).click();
  await expect(page).toHaveURL(`${origin()}/libraries`);
  await page.evaluate(() => window.history.replaceState({ ...window.history.state, usr: { tab: 5 } }, ''));
  // ...then on to a page that does not exist (as a link inside the app would).
  await page.evaluate(() => {
    window.history.pushState(
      { usr: null, key: 'missing', idx: window.history.state.idx + 1 },
      '',
      '/nowhere',
    );
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  });
  await expect(page.getByRole('heading', { name: '404 | Page Not Found' })).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(`${origin()}/libraries`);
  expect(await page.evaluate(() => window.history.state?.usr)).toEqual({ tab: 5 });
});

test('the avatar menu offers the account pages and closes on a route change', async ({ page, context }) => {
  await signedInAs(context, 'alice');
  await page.goto('/');
  await page.getByRole('button', { name: 'Account menu of Alice Anders' }).click();
  const menu = page.getByRole('menu');
  for (const name of ['Account', 'Company', 'FAQ', 'Issue report', 'Feedback report', 'Logout']) {
    await expect(menu.getByRole('menuitem', { name })).toBeVisible();
  }
  await menu.getByRole('menuitem', { name: 'FAQ' }).click();
  await expect(page).toHaveURL(new RegExp(`^${origin()}/faq(\\?|$)`));
  await expect(page.getByRole('menuitem', { name: 'Account' })).toBeHidden();
});

test('switching to Dutch re-renders everything and persists across a reload', async ({ page, context }) => {
  await signedInAs(context, 'alice');
  await page.goto('/projects');
  await nav(page).getByRole('link', { name: 'Projects' }).waitFor();
  await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: 'Dutch' });
  const dutchNav = page.getByRole('navigation', { name: 'Hoofdnavigatie' });
  await expect(dutchNav.getByRole('link', { name: 'Projecten' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Accountmenu van Alice Anders' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Nieuw project' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');

  await page.reload();
  await expect(dutchNav.getByRole('link', { name: 'Bibliotheken' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Projecten' })).toBeVisible();
});

test('at phone width the navigation is a drawer opened by the menu toggle', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await signedInAs(context, 'alice');
  const page = await context.newPage();
  await page.goto(`${origin()}/`);
  await expect(nav(page)).toBeHidden();
  await page.getByRole('button', { name: 'Toggle menu' }).click();
  await nav(page).getByRole('link', { name: 'Projects' }).click();
  await expect(page).toHaveURL(`${origin()}/projects`);
  await expect(nav(page)).toBeHidden();
  await context.close();
});

test('the menus of the layout work by keyboard', async ({ page, context }) => {
  await signedInAs(context, 'alice');
  await page.goto('/');
  await expectSignedIn(page, 'Alice Anders');

  const avatar = page.getByRole('button', { name: 'Account menu of Alice Anders' });
  await avatar.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Account' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Company' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(avatar).toBeFocused();

  const bell = page.getByRole('button', { name: /^Notifications/ });
  await bell.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeHidden();
  await expect(bell).toBeFocused();

  // The narrowed navigation: a group opens its entries as a menu beside the column.
  await page.getByRole('button', { name: 'Toggle menu' }).click();
  const security = nav(page).getByRole('button', { name: 'Security' });
  await security.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Users' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`${origin()}/security/users`);
  await expect(page.getByRole('menu')).toBeHidden();
});

test('at phone width the drawer closes on Escape and gives the focus back to the toggle', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await signedInAs(context, 'alice');
  const page = await context.newPage();
  await page.goto(`${origin()}/`);
  const toggle = page.getByRole('button', { name: 'Toggle menu' });
  await toggle.click();
  const drawer = page.getByRole('dialog', { name: 'Main navigation' });
  await expect(drawer).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(toggle).toBeFocused();
  await context.close();
});
