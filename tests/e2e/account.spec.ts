/**
 * My account and the company profile in Chromium against the contract server (issue 18): a profile save with
 * 'Update successful', the profile image shown (also as the avatar) but not editable there, the password change with
 * logout-all, the Autodesk round trip through the server's local stand-in authorisation page, company colours
 * re-theming the portal without a reload (and Cancel restoring them), bob's read-only company profile with the
 * licence names, 'Forgot password?', and axe on every new screen at 1440 and 390 px, in the test that shows it
 * (resized, not loaded again).
 * The writes happen in Umbrella Studio (erin, frank), a company of the account area's own seed.
 */
import { type BrowserContext, expect, type Page, request as playwrightRequest, test } from './support/test';
import { expectShown } from './support/shown-messages';
import type { AuthResponse } from '../../shared/session';
import { expectAccessibleAtBothWidths } from './support/axe';
import { API, apiHeaders, DEMO_PASSWORD, origin, signedInAs, useSessionCookie } from './support/portal';

const UMBRELLA = 'umbrella';

async function loginAs(identity: string, password = DEMO_PASSWORD): Promise<AuthResponse> {
  const api = await playwrightRequest.newContext();
  const response = await api.post(`${API}/login`, {
    data: { identity, password, remember: false },
    headers: apiHeaders(UMBRELLA),
  });
  expect(response.status(), `API login of ${identity}`).toBe(200);
  const auth = (await response.json()) as AuthResponse;
  await api.dispose();
  return auth;
}

async function signIn(context: BrowserContext, identity: string): Promise<void> {
  await useSessionCookie(context, (await loginAs(identity)).access_token);
}

/** A 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** The theme's primary colour as the portal sets it: an RGB triplet. */
const primaryTriplet = (page: Page) =>
  page.evaluate(() => document.documentElement.style.getPropertyValue('--primary').trim());

test('a profile save shows Update successful, and the activity lists it', async ({ page, context }) => {
  await signIn(context, 'erin');
  await page.goto(`${origin(UMBRELLA)}/user/profile`);
  await expect(page.getByRole('heading', { name: 'Erin Umbrella' })).toBeVisible();
  await expect(page.getByText('Manager', { exact: true })).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'the profile tab');
  const role = `Lead ${Date.now()}`;
  await page.getByLabel('Function').fill(role);
  await page.getByRole('button', { name: 'Save' }).click();
  await expectShown(page, 'Update successful', { exact: false });
  await page.getByRole('tab', { name: 'Activity' }).click();
  // What was done, never an API path (issue 31).
  await expect(page.getByRole('cell', { name: 'Updated the profile' }).first()).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Signed in' }).first()).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'the activity tab');
});

test('the profile image shows on the profile and as the top bar avatar, and is not edited here', async ({
  page,
  context,
  request,
}) => {
  const { access_token: token } = await loginAs('frank');
  const headers = { ...apiHeaders(UMBRELLA), authorization: `Bearer ${token}` };
  // A picture set elsewhere (the API's multipart save; the user forms of Security take one too).
  const saved = await request.post(`${API}/my-account`, {
    headers,
    multipart: { _method: 'PATCH', profile_image: { name: 'me.png', mimeType: 'image/png', buffer: PNG } },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  try {
    await useSessionCookie(context, token);
    await page.goto(`${origin(UMBRELLA)}/user/profile`);
    await expect(page.getByRole('heading', { name: 'Frank Umbrella' })).toBeVisible();
    const picture = page.locator('.account-identity img');
    await expect(picture).toHaveAttribute('src', /\/api\/v2\/files\/profile-images\/[\w-]+\.png$/);
    const avatar = page.getByRole('button', { name: 'Account menu of Frank Umbrella' }).locator('img');
    await expect(avatar).toHaveAttribute('src', (await picture.getAttribute('src'))!);
    // Spec 2 §My account: the profile image is not editable here.
    await expect(page.locator('input[type="file"]')).toHaveCount(0);
    await expect(page.getByText('Files up to 3 MB.')).toHaveCount(0);
  } finally {
    const removed = await request.post(`${API}/my-account`, {
      headers,
      data: { _method: 'PATCH', profile_image_upload_id: null },
    });
    expect(removed.status(), await removed.text()).toBe(200);
  }
});

test('a required field emptied shows its message; Cancel goes to the dashboard', async ({
  page,
  context,
}) => {
  await signIn(context, 'erin');
  await page.goto(`${origin(UMBRELLA)}/user/profile`);
  await page.getByLabel('Username').fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Username is required')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(`${origin(UMBRELLA)}/`);
});

test("the card's Change password asks for its fields, shows a wrong current password under its field, changes the password, and with logout-all ends the session", async ({
  page,
  context,
}) => {
  await signIn(context, 'frank');
  await page.goto(`${origin(UMBRELLA)}/user/profile?tab=settings`);
  const changePassword = page.getByRole('button', { name: 'Change password', exact: true });
  await changePassword.click();
  await expect(page.getByText('Enter your current password')).toBeVisible();
  await expect(page.getByText('Enter a new password')).toBeVisible();
  await expect(page.getByText('Enter the new password again')).toBeVisible();

  await page.getByLabel('Current password').fill('not-the-password');
  await page.getByLabel('New password', { exact: true }).fill('frank-new-pass');
  await page.getByLabel('Confirm new password').fill('frank-new-pass');
  await changePassword.click();
  await expect(page.getByText('The password is incorrect.')).toBeVisible();

  await page.getByLabel('Current password').fill(DEMO_PASSWORD);
  await changePassword.click();
  await expectShown(page, 'Your password has been changed', { exact: false });
  expect((await loginAs('frank', 'frank-new-pass')).user.name).toBe('Frank Umbrella');

  // Back to frank's demo password (for the tests after this one on this worker's server), signing out everywhere.
  await page.getByLabel('Current password').fill('frank-new-pass');
  await page.getByLabel('New password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByLabel('Confirm new password').fill(DEMO_PASSWORD);
  await page.getByRole('checkbox', { name: 'Log out from all devices' }).check();
  await changePassword.click();
  await expect(page).toHaveURL(/\/login/);
  expect((await loginAs('frank')).user.name).toBe('Frank Umbrella');
});

test('Autodesk connects through the authorisation page and disconnects', async ({ page, context }) => {
  await signIn(context, 'erin');
  await page.goto(`${origin(UMBRELLA)}/user/profile?tab=settings`);
  await expect(page.getByText('Not connected')).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'the settings tab');
  await page.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByText("This is the contract server's local stand-in")).toBeVisible();
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page).toHaveURL(/\/user\/profile\?tab=settings&autodesk=connected/);
  await expect(page.getByRole('tab', { name: 'Settings', selected: true })).toBeVisible();
  await expect(page.getByText('Autodesk is connected.')).toBeVisible();
  await page.getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByText('Not connected')).toBeVisible();
});

test('company colours re-theme the portal at once; Cancel restores the stored ones', async ({
  page,
  context,
}) => {
  await signIn(context, 'erin');
  await page.goto(`${origin(UMBRELLA)}/user/company`);
  const primary = page.getByLabel('Primary Color');
  await expect(primary).toHaveValue('#8b2252');
  await expectAccessibleAtBothWidths(page, 'the company profile');
  await primary.fill('#a3z30x0');
  await expect(primary).toHaveValue('#a3300');
  await primary.fill('#aa3300');
  await expect.poll(() => primaryTriplet(page)).toBe('170 51 0');
  await page.getByRole('button', { name: 'Save' }).click();
  await expectShown(page, 'Update successful', { exact: false });
  expect(await primaryTriplet(page)).toBe('170 51 0');

  await primary.fill('#eeeeee');
  await expect(page.getByText(/below the 4.5:1 that WCAG AA asks for/)).toBeVisible();
  await expect.poll(() => primaryTriplet(page)).toBe('238 238 238');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(`${origin(UMBRELLA)}/`);
  await expect.poll(() => primaryTriplet(page)).toBe('170 51 0');

  await page.goto(`${origin(UMBRELLA)}/user/company`);
  await page.getByRole('button', { name: 'Reset to default' }).click();
  await expect(page.getByLabel('Primary Color')).toHaveValue('default');
  await page.getByRole('button', { name: 'Set Custom Company color' }).click();
  await expect(page.getByLabel('Primary Color')).toHaveValue('#aa3300');
  // The stored colour put back, as later tests on this worker's server find Umbrella.
  await page.getByLabel('Primary Color').fill('#8b2252');
  const saved = page.waitForResponse(
    (response) =>
      /\/api\/v2\/companies\/my-company$/.test(response.url()) && response.request().method() !== 'GET',
  );
  await page.getByRole('button', { name: 'Save' }).click();
  expect((await saved).status()).toBe(200);
});

test('bob (view-company only) sees the company read-only', async ({ page, context }) => {
  await signedInAs(context, 'bob');
  await page.goto(`${origin('customerportal-acme')}/user/company`);
  await expect(page.getByLabel('Name*')).toHaveValue('Acme Visuals');
  await expect(page.getByLabel('Name*')).toBeDisabled();
  await expect(page.getByText('You can view the company profile.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
  // The licences by the names the users screen gives them (spec 2 §1: hatch shown as Converter & Optimizer).
  await expect(page.getByRole('cell', { name: 'Design & Sales', exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Converter & Optimizer', exact: true })).toBeVisible();
});

test("'Forgot password?' leads to a working reset request", async ({ page }) => {
  await page.goto(`${origin(UMBRELLA)}/login`);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  // The page's chunk loads after the click while the sign-in form stays on screen, and its 'Username or email'
  // field matches the label too: fill only once the reset form is the one shown.
  await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'the reset request');
  await page.getByLabel('Email', { exact: true }).fill('erin@umbrella.test');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('a reset link is on its way')).toBeVisible();
  // The reset form a mailed link opens (its journey: tests/e2e/password-reset.spec.ts).
  await page.goto(`${origin(UMBRELLA)}/reset-password?token=x&email=erin%40umbrella.test`);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'the reset form');
});
