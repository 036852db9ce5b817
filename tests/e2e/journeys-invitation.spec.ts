/**
 * Issue 31, journey 2 in Chromium against the contract server: an invitation is no dead end. Alice invites a new
 * address (the dialog says before sending that the person has no platform access until given a licence on their
 * user page); the invitee opens the mailed link (told the same, with whom to ask), accepts with a new account and
 * signs in to the plain-words licence message; Alice's open bell shows, live, that the invitation was accepted,
 * with a link to the new member's edit page, where licences are given.
 */
import { expect, test } from './support/test';
import { expectShown } from './support/shown-messages';
import { mailedLink } from './support/mail';
import { signedInAs, submitLogin } from './support/portal';
import { uniqueName } from './support/projects-api';

test('invite, accept, sign in to the licence message; the inviter’s bell links to the new member', async ({
  browser,
  context,
  page,
}) => {
  await signedInAs(context, 'alice');
  await page.goto('/security/users');
  await page.getByRole('button', { name: 'Invite User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite User' });
  await expect(
    dialog.getByText(
      'The invited person cannot use any platform until you give them a license. After sending, open their ' +
        'user page (Security › Users) and switch on a license there.',
    ),
  ).toBeVisible();
  const username = uniqueName('ivy').replace(/\W+/g, '').toLowerCase();
  const email = `${username}@example.test`;
  await dialog.getByLabel('Username or Email*').fill(email);
  await dialog.getByLabel('Roles*').selectOption({ label: 'Viewer' });
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expectShown(page, 'User invite successful', { exact: false });

  // Alice keeps her notifications open while the invitee answers.
  await page.getByRole('button', { name: /^Notifications/ }).click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel.getByRole('heading', { name: 'Notifications' })).toBeVisible();

  const inviteeContext = await browser.newContext();
  const invitee = await inviteeContext.newPage();
  await invitee.goto(await mailedLink(page.request, email, /^Invitation to Acme Visuals$/));
  await expect(
    invitee.getByText(
      'You will not be able to use a platform until you have a license. Ask Alice Anders (alice@acme.test) to ' +
        'give you one.',
    ),
  ).toBeVisible();
  await invitee.getByLabel('Name', { exact: true }).fill('Ivy Invitee');
  await invitee.getByLabel('Username').fill(username);
  await invitee.getByLabel('Password', { exact: true }).fill('invitee secret');
  await invitee.getByLabel('Confirm password').fill('invitee secret');
  await invitee.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(
    invitee.getByText(
      'You have joined Acme Visuals, but you cannot use a platform until you have a license. Ask Alice Anders ' +
        '(alice@acme.test) to give you one, then sign in.',
    ),
  ).toBeVisible();
  await invitee.getByRole('link', { name: 'Sign in', exact: true }).click();
  await submitLogin(invitee, username, 'invitee secret');
  await expect(
    invitee.getByRole('heading', {
      name: 'You have no Converter & Optimizer license for Preparation & Content',
    }),
  ).toBeVisible();
  await expect(
    invitee.getByText(
      'You cannot use a platform of this company until you have a license. Ask an administrator of your company ' +
        'to give you one.',
    ),
  ).toBeVisible();
  await inviteeContext.close();

  // No reload on Alice's side: the push brings the notification into her open list.
  const item = panel.getByRole('listitem').filter({ hasText: `Ivy Invitee (${email})` });
  await expect(item).toContainText('Invitation accepted');
  await expect(item).toContainText(
    `Ivy Invitee (${email}) accepted your invitation to Acme Visuals. They cannot use a platform until you give ` +
      'them a license on their user page.',
  );
  await item.getByRole('link', { name: 'Open the user page of Ivy Invitee' }).click();
  await expect(page).toHaveURL(/\/security\/users\/edit\/\d+$/);
  await expect(panel).toBeHidden();
  await expect(page.getByLabel('Email')).toHaveValue(email);
});
