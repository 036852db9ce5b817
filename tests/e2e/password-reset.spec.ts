/**
 * The password reset of spec 1's sign-in page in Chromium (issue 18): 'Forgot password?', the address, the link
 * from the mail (the e2e server's outbox, support/mail.ts), a new password twice, then signing in with it. The
 * account is a fresh one (invited and accepted through the API), so no other spec's users change.
 */
import { expect, test } from './support/test';
import { seriousViolations } from './support/axe';
import { mailedLink } from './support/mail';
import { API, apiHeaders, origin, sharedSession, submitLogin } from './support/portal';
import { uniqueName } from './support/projects-api';

test('forgot password → reset link → new password → sign in', async ({ page, request }) => {
  const username = uniqueName('resetter').replace(/\W+/g, '').toLowerCase();
  const email = `${username}@example.test`;
  // A fresh account of acme: alice invites it, the invitation is accepted with a first password.
  const { access_token: alice } = await sharedSession('alice', 'acme');
  const roles = await request.get(`${API}/roles?per_page=100`, { headers: apiHeaders('acme', alice) });
  const viewer = ((await roles.json()) as { data: Array<{ id: number; title: string }> }).data.find(
    (role) => role.title === 'Viewer',
  )!;
  const invited = await request.post(`${API}/users/invite`, {
    headers: apiHeaders('acme', alice),
    data: { email, role_id: viewer.id },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const invitation = new URL(await mailedLink(request, email, /^Invitation/));
  const accepted = await request.post(`${API}/invitations/${invitation.searchParams.get('token')}/accept`, {
    headers: apiHeaders('acme'),
    data: { name: 'Rita Reset', username, password: 'first secret', password_confirmation: 'first secret' },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);

  await page.goto(`${origin()}/login`);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  // The address changes before the reset form replaces the sign-in form, whose 'Username or email' matches too.
  await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('a reset link is on its way')).toBeVisible();

  const link = await mailedLink(request, email, /^Reset your password$/);
  expect(new URL(link).origin).toBe(origin());
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByLabel('New password', { exact: true }).fill('second secret');
  await page.getByLabel('Confirm new password').fill('not the same');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('The passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm new password').fill('second secret');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Your password has been reset.')).toBeVisible();

  // The link answers once.
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('third secret');
  await page.getByLabel('Confirm new password').fill('third secret');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('This password reset token is invalid.')).toBeVisible();

  await page.getByRole('link', { name: 'Back to sign in' }).click();
  await submitLogin(page, username, 'first secret');
  await expect(page.getByRole('alert')).toBeVisible();
  await submitLogin(page, username, 'second secret');
  // Signed in to Acme (a new member holds no licence yet, so the portal says so).
  await expect(page.getByRole('heading', { name: /^You have no .*license for/ })).toBeVisible();
});
