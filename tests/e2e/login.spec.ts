/**
 * The sign-in page in Chromium against the contract server. Covered elsewhere, at a cheaper level: a user of another
 * company refused on a tenant (tests/server/auth.test.ts, 401 for a company the user is not part of; the page shows
 * a 401 as the wrong password test below sees it); the texts of a login without any response and of any other
 * failure (tests/unit/http-client.test.ts: no response is status 0; tests/unit/error-mapping.test.ts: status 0, 429,
 * 422, 500 to their texts).
 */
import { expect, test } from './support/test';
import { E2E_DOMAIN, expectSignedIn, origin, signedInAs, submitLogin } from './support/portal';

test('the login page on a tenant host shows the tenant name from the server', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Acme Visuals' })).toBeVisible();
  await expect(page.getByLabel('Username or email')).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Remember me' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Forgot password?' })).toBeVisible();
});

test('the public host shows the product instead of a tenant', async ({ page }) => {
  await page.goto(`${origin(null)}/login`);
  await expect(page.getByRole('heading', { name: 'Asset Portal' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Asset Portal' })).toBeVisible();
});

test('the password field shows and hides what was typed', async ({ page }) => {
  await page.goto('/login');
  const password = page.getByLabel('Password', { exact: true });
  await password.fill('secret');
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Hide password' }).press('Enter');
  await expect(password).toHaveAttribute('type', 'password');
});

test('a wrong password reads Invalid Username or Password', async ({ page }) => {
  await page.goto('/login');
  await submitLogin(page, 'alice', 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText('Invalid Username or Password');
  await expect(page).toHaveURL(/\/login$/);
});

test('both fields are required before anything is sent', async ({ page }) => {
  let sent = false;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/v2/login')) sent = true;
  });
  await page.goto('/login');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Enter your username or email')).toBeVisible();
  await expect(page.getByText('Enter your password')).toBeVisible();
  expect(sent).toBe(false);
});

test('signs in by username: the button reads Loading... while the login is under way, then the dashboard', async ({
  page,
}) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/v2/login', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/login');
  await submitLogin(page, 'alice');
  await expect(page.getByRole('button', { name: 'Loading...' })).toBeVisible();
  release();
  await expect(page).toHaveURL(`${origin()}/`);
  await expectSignedIn(page, 'Alice Anders');
});

test('signs in by email, and goes to the originally requested path', async ({ page }) => {
  await page.goto('/tools/labels?page=2');
  await expect(page).toHaveURL(/\/login\?to=/);
  await submitLogin(page, 'alice@acme.test');
  await expect(page).toHaveURL(`${origin()}/tools/labels?page=2`);
  await expect(page.getByRole('heading', { name: 'Labels' })).toBeVisible();
  await expectSignedIn(page, 'Alice Anders');
});

test('a signed-in user who opens /login is sent to /', async ({ page, context }) => {
  await signedInAs(context, 'alice');
  await page.goto('/login');
  await expect(page).toHaveURL(`${origin()}/`);
  await expectSignedIn(page, 'Alice Anders');
});

test('remember me keeps the session across a browser restart; without it the session ends with the browser', async ({
  browser,
}) => {
  for (const remember of [true, false]) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto('/login');
    await submitLogin(page, 'alice', undefined, remember);
    await expectSignedIn(page, 'Alice Anders');

    const cookies = await context.cookies();
    const session = cookies.find((cookie) => cookie.name === 'user_session')!;
    expect(session.domain).toBe(`.${E2E_DOMAIN}`);
    expect(session.path).toBe('/');
    expect(session.sameSite).toBe('Lax');
    const remembered = cookies.find((cookie) => cookie.name === 'remember_session');
    if (remember) {
      const days = (session.expires * 1000 - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(364);
      expect(days).toBeLessThanOrEqual(365);
      expect(remembered?.value).toBe('1');
    } else {
      expect(session.expires).toBe(-1);
      expect(remembered).toBeUndefined();
    }

    // A browser restart keeps persistent cookies and drops session cookies.
    const state = await context.storageState();
    await context.close();
    const restarted = await browser.newContext({
      storageState: { ...state, cookies: state.cookies.filter((cookie) => cookie.expires !== -1) },
    });
    const again = await restarted.newPage();
    await again.goto('/projects');
    if (remember) {
      await expectSignedIn(again, 'Alice Anders');
      await expect(again).toHaveURL(`${origin()}/projects`);
    } else {
      await expect(again).toHaveURL(/\/login\?to=%2Fprojects$/);
    }
    await restarted.close();
  }
});

test('logout ends the session, deletes both cookies and reads Logout... while busy', async ({
  page,
  context,
}) => {
  await page.goto('/login');
  await submitLogin(page, 'alice', undefined, true);
  await expectSignedIn(page, 'Alice Anders');

  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/v2/logout', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Account menu of Alice Anders' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByRole('menuitem', { name: 'Logout...' })).toBeVisible();
  release();

  await expect(page).toHaveURL(/\/login$/);
  const names = (await context.cookies()).map((cookie) => cookie.name);
  expect(names).not.toContain('user_session');
  expect(names).not.toContain('remember_session');
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
});
