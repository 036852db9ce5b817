/**
 * Security in Chromium against the contract server (issue 14; spec 2 Security, §4, §5, §6, §8): the users list
 * with Invite User ('A user role is required', 'User invite successful'), the invitation's mailed link (who invites, the role; decline, and
 * the link gone: accepting with a new account is tests/e2e/journeys-invitation.spec.ts), the licence toggles (disabled without bought licences, Converter &
 * Optimizer only with Design & Sales, which switches it off too), a user's profile image on the edit form (shown
 * in the list; a gif refused), a role that loses view-projects taking Projects out of a signed-in user's menu
 * without a reload (UserPermissionsUpdated), bob without New User, roles and groups forms, /admin/users, and axe on
 * every screen at 1440 and 390 px, in the test that shows it (resized, not loaded again). Each test makes the records
 * it changes.
 */
import { type APIRequestContext, expect, type Page, test } from './support/test';
import { expectShown } from './support/shown-messages';
import { expectAccessibleAtBothWidths, seriousViolations } from './support/axe';
import { API, apiHeaders, origin, sharedSession, signedInAs, useSessionCookie } from './support/portal';
import { mailedLink } from './support/mail';
import { uniqueName } from './support/projects-api';

/** A 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

interface ApiRecord {
  id: number;
  [field: string]: unknown;
}

async function securityApi(request: APIRequestContext, user: 'alice' | 'admin' = 'alice') {
  const { access_token: token } = await sharedSession(user, 'acme');
  const headers = apiHeaders('acme', token);
  const send = async (method: 'post' | 'patch' | 'delete' | 'get', path: string, data?: unknown) => {
    const response = await request[method](`${API}${path}`, { headers, data });
    expect(response.status(), await response.text()).toBeLessThan(300);
    return ((await response.json()) as { data: ApiRecord }).data;
  };
  return {
    send,
    list: async (path: string) => {
      const response = await request.get(`${API}${path}`, { headers });
      expect(response.status(), await response.text()).toBe(200);
      return ((await response.json()) as { data: ApiRecord[] }).data;
    },
    roleId: async (title: string) => {
      const response = await request.get(`${API}/roles?per_page=100`, { headers });
      const roles = ((await response.json()) as { data: Array<{ id: number; title: string }> }).data;
      return roles.find((role) => role.title === title)!.id;
    },
  };
}

const rows = (page: Page) => page.locator('.list-page__table tbody tr[data-row-key]');
const navigation = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

test.describe('security', () => {
  test('lists the users with Invite User: a missing role, then a successful invite', async ({
    page,
    context,
  }) => {
    await signedInAs(context, 'alice');
    await page.goto('/security/users');
    await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
    await expect(
      page.getByRole('link', { name: 'New User' }).or(page.getByRole('button', { name: 'New User' })),
    ).toBeVisible();
    await expect(rows(page).filter({ hasText: 'bob@acme.test' })).toHaveCount(1);
    await expect(rows(page).filter({ hasText: 'bob@acme.test' })).toContainText('Viewer');
    await expectAccessibleAtBothWidths(page, 'the users list');

    await page.getByRole('button', { name: 'Invite User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite User' });
    await expect(dialog).toBeVisible();
    const email = `${uniqueName('invitee').replace(/\W+/g, '').toLowerCase()}@example.test`;
    await dialog.getByLabel('Username or Email*').fill(email);
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(dialog.getByText('A user role is required')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByLabel('Roles*').selectOption({ label: 'Viewer' });
    await expect(dialog.getByText('A user role is required')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(dialog).toBeHidden();
    await expectShown(page, 'User invite successful', { exact: false });

    // Reopened, the dialog is empty again.
    await page.getByRole('button', { name: 'Invite User' }).click();
    await expect(dialog.getByLabel('Username or Email*')).toHaveValue('');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });

  test('an invitee opens the mailed link, sees who invited them and as what, declines, and the link is gone', async ({
    page,
    request,
  }) => {
    const api = await securityApi(request);
    const email = `${uniqueName('invitee').replace(/\W+/g, '').toLowerCase()}@example.test`;
    await api.send('post', '/users/invite', { email, role_id: await api.roleId('Viewer') });
    const link = await mailedLink(request, email, /^Invitation to Acme Visuals$/);
    expect(new URL(link).pathname).toBe('/invitation');

    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Invitation to Acme Visuals' })).toBeVisible();
    await expect(
      page.getByText('Alice Anders invited you to join Acme Visuals. Your role: Viewer.'),
    ).toBeVisible();
    await expectAccessibleAtBothWidths(page, 'the invitation');
    // Declined: the address is no member, and the link no longer answers. Accepting with a new account and
    // signing in is tests/e2e/journeys-invitation.spec.ts; a refused password shown under its field,
    // tests/unit/invitation-page-errors.test.tsx (the rule itself: tests/server/security-invitations.test.ts).
    await page.getByRole('button', { name: 'Decline' }).click();
    await expect(page.getByRole('heading', { name: 'Invitation declined' })).toBeVisible();
    await page.goto(link);
    await expect(page.getByText('This invitation is invalid or has already been answered.')).toBeVisible();
  });

  test('licence toggles follow the bought licences and Design & Sales', async ({
    page,
    context,
    request,
  }) => {
    await signedInAs(context, 'alice');
    const api = await securityApi(request);
    const name = uniqueName('licensee').replace(/\W+/g, '').toLowerCase();
    const user = await api.send('post', '/users', {
      name: 'Lisa Licence',
      username: name,
      email: `${name}@example.test`,
    });
    await page.goto(`/security/users/edit/${user.id}`);
    await expect(page.getByRole('heading', { name: 'Edit User' })).toBeVisible();
    const toggle = (key: string) => page.locator(`[data-licence="${key}"]`);
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Lisa Licence');
    await expect(toggle('design_and_sales')).toBeEnabled();
    await expect(toggle('holo_helmet')).toBeDisabled();
    await expect(page.getByText('Your company has bought no licenses of this kind.')).toBeVisible();
    await expect(toggle('hatch')).toBeDisabled();
    await expect(page.getByText('Needs Design & Sales.')).toBeVisible();
    await toggle('design_and_sales').click();
    await expect(toggle('hatch')).toBeEnabled();
    await toggle('hatch').click();
    await expect(toggle('hatch')).toHaveAttribute('aria-checked', 'true');
    await toggle('design_and_sales').click();
    await expect(toggle('hatch')).toHaveAttribute('aria-checked', 'false');
    await expect(toggle('hatch')).toBeDisabled();
    await toggle('design_and_sales').click();
    await toggle('hatch').click();
    await expectAccessibleAtBothWidths(page, 'the user form');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/security\/users(\?|$)/);
    const saved = await api.send('get', `/users/${user.id}`);
    expect(saved.licenses).toEqual(['design_and_sales', 'hatch']);
    await api.send('delete', `/users/${user.id}`);
  });

  test("a user's profile image uploads on the edit form, shows in the list, and a gif is refused", async ({
    page,
    context,
    request,
  }) => {
    await signedInAs(context, 'alice');
    const api = await securityApi(request);
    const name = uniqueName('pictured').replace(/\W+/g, '').toLowerCase();
    const user = await api.send('post', '/users', {
      name: 'Pia Pictured',
      username: name,
      email: `${name}@example.test`,
    });
    await page.goto(`/security/users/edit/${user.id}`);
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Pia Pictured');
    await expect(page.getByText('Files up to 3 MB.')).toBeVisible();
    const choose = async (file: { name: string; mimeType: string; buffer: Buffer }) => {
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Drop a file here or click to choose one' }).click();
      await (await chooser).setFiles(file);
    };
    // A gif is refused before it is sent.
    await choose({ name: 'me.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await expect(page.getByText('File is of invalid type')).toBeVisible();
    await choose({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByText('Uploaded', { exact: true })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Profile Image' })).toBeVisible();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/security\/users(\?|$)/);
    const saved = await api.send('get', `/users/${user.id}`);
    expect(saved.profile_image).toMatch(/\/api\/v2\/files\/profile-images\/[\w-]+\.png$/);
    await page.goto(`/security/users?search=${name}`);
    await expect(rows(page).filter({ hasText: 'Pia Pictured' }).locator('img')).toHaveAttribute(
      'src',
      saved.profile_image as string,
    );
    await api.send('delete', `/users/${user.id}`);
  });

  test('a role that loses view-projects takes Projects out of the menu without a reload', async ({
    page,
    context,
    request,
  }) => {
    const alice = await securityApi(request);
    const admin = await securityApi(request, 'admin');
    const name = uniqueName('watcher').replace(/\W+/g, '').toLowerCase();
    const role = await alice.send('post', '/roles', {
      title: uniqueName('Watcher'),
      abilities: ['view-projects', 'list-labels'],
    });
    const user = await admin.send('post', '/admin/users', {
      name: 'Wendy Watcher',
      username: name,
      email: `${name}@example.test`,
      password: 'password-e2e',
    });
    // The authoring host needs the hatch licence (which needs Design & Sales).
    await alice.send('patch', `/users/${user.id}`, {
      role_id: role.id,
      licenses: ['design_and_sales', 'hatch'],
    });
    // The event is sent once the portal listens on the user's private channel (pusher's subscription_succeeded).
    const listening = new Promise<void>((resolve) => {
      page.on('websocket', (socket) =>
        socket.on('framereceived', ({ payload }) => {
          const text = String(payload);
          if (text.includes('subscription_succeeded') && text.includes(`.User.${user.id}`)) resolve();
        }),
      );
    });
    try {
      // Signed in through the API (the form's sign-in is tests/e2e/login.spec.ts).
      const login = await request.post(`${API}/login`, {
        headers: apiHeaders('acme'),
        data: { identity: name, password: 'password-e2e', remember: false },
      });
      expect(login.status(), await login.text()).toBe(200);
      await useSessionCookie(context, ((await login.json()) as { access_token: string }).access_token);
      await page.goto('/');
      await expect(navigation(page).getByRole('link', { name: 'Projects' })).toBeVisible();
      await expect(
        navigation(page).getByRole('link', { name: 'Labels' }).or(navigation(page).getByText('Tools')),
      ).toBeVisible();
      await listening;
      await alice.send('patch', `/roles/${role.id}`, { abilities: ['list-labels'] });
      await expect(navigation(page).getByRole('link', { name: 'Projects' })).toHaveCount(0);
    } finally {
      await admin.send('delete', `/admin/users/${user.id}`);
      await alice.send('delete', `/roles/${role.id}`);
    }
  });

  test('bob sees no New User and no Security menu', async ({ page, context }) => {
    await signedInAs(context, 'bob');
    // bob holds only Design & Sales: the customer platform's host.
    await page.goto(`${origin('customerportal-acme')}/security/users`);
    await expect(page.getByRole('heading', { name: 'Unauthorized', level: 1 })).toBeVisible();
    await expect(page.getByText('New User')).toHaveCount(0);
    await page.goto(`${origin('customerportal-acme')}/`);
    await expect(page.getByRole('button', { name: 'Account menu of Bob Brink' })).toBeVisible();
    await expect(navigation(page).getByText('Security')).toHaveCount(0);
    await expect(navigation(page).getByText('Users')).toHaveCount(0);
  });

  test('roles: create with select-all per area, edit, delete with its warning', async ({
    page,
    context,
    request,
  }) => {
    await signedInAs(context, 'alice');
    const api = await securityApi(request);
    await page.goto('/security/roles');
    await expect(page.getByRole('heading', { name: 'Roles', level: 1 })).toBeVisible();
    await expect(rows(page).filter({ hasText: 'Designer' })).toHaveCount(1);
    await expectAccessibleAtBothWidths(page, 'the roles list');
    await page
      .getByRole('link', { name: 'New Role' })
      .or(page.getByRole('button', { name: 'New Role' }))
      .first()
      .click();
    const title = uniqueName('Auditor');
    await page.getByLabel('Title').fill(title);
    await page.getByRole('tab', { name: 'Abilities' }).click();
    await page.getByRole('checkbox', { name: 'Select all Projects abilities' }).check();
    await expect(page.getByRole('checkbox', { name: 'Delete projects' })).toBeChecked();
    await page.getByRole('checkbox', { name: 'List labels' }).check();
    await expectAccessibleAtBothWidths(page, 'the role form');
    await page.getByRole('tab', { name: 'Notifications' }).click();
    await page.getByRole('checkbox', { name: 'A model finished processing: Email' }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/security\/roles(\?|$)/);
    const id = await api.roleId(title);
    const saved = await api.send('get', `/roles/${id}`);
    expect(saved.abilities).toEqual([
      'create-projects',
      'delete-projects',
      'list-labels',
      'update-projects',
      'view-projects',
    ]);
    await page.goto(`/security/roles/edit/${id}`);
    await expect(page.getByLabel('Title')).toHaveValue(title);
    await page.goto(`/security/roles?filter[search]=${encodeURIComponent(title)}`);
    const row = rows(page).filter({ hasText: title });
    await row.getByRole('button', { name: /actions|menu/i }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await expect(
      page.getByText(
        'Are you sure you want to delete this role? All users and groups that use this role might end up without permissions! This action is irreversible!',
      ),
    ).toBeVisible();
    await page
      .getByRole('button', { name: 'Confirm' })
      .or(page.getByRole('button', { name: 'Delete' }))
      .last()
      .click();
    await expect(rows(page).filter({ hasText: title })).toHaveCount(0);
  });

  test('groups: list, create with a role and users, delete with its warning', async ({
    page,
    context,
    request,
  }) => {
    await signedInAs(context, 'alice');
    const api = await securityApi(request);
    await page.goto('/security/groups');
    await expect(page.getByRole('heading', { name: 'Groups', level: 1 })).toBeVisible();
    await expect(rows(page).filter({ hasText: 'Sales team' })).toContainText('Viewer');
    await expectAccessibleAtBothWidths(page, 'the groups list');
    const name = uniqueName('Reviewers');
    const [bob] = await api.list('/users?filter[search]=bob@acme.test');
    const group = await api.send('post', '/groups', {
      name,
      role_id: await api.roleId('Viewer'),
      users: [bob.id],
    });
    await page.goto(`/security/groups/edit/${group.id}`);
    await expect(page.getByLabel('Name')).toHaveValue(name);
    await expect(page.locator('form').getByText('Bob Brink')).toBeVisible();
    await expectAccessibleAtBothWidths(page, 'the group form');
    await page.goto(`/security/groups?filter[search]=${encodeURIComponent(name)}`);
    const row = rows(page).filter({ hasText: name });
    await row.getByRole('button', { name: /actions|menu/i }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await expect(
      page.getByText(
        'Are you sure you want to delete this group? All users in this group will have no permissions! This action is irreversible!',
      ),
    ).toBeVisible();
    await page
      .getByRole('button', { name: 'Confirm' })
      .or(page.getByRole('button', { name: 'Delete' }))
      .last()
      .click();
    await expect(rows(page).filter({ hasText: name })).toHaveCount(0);
  });

  test('admin users: across companies, with the Admin toggle only there', async ({ page, context }) => {
    await signedInAs(context, 'admin');
    await page.goto('/admin/users?search=carol');
    await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
    await expect(rows(page).filter({ hasText: 'carol@globex.test' })).toContainText('Globex Design');
    await expectAccessibleAtBothWidths(page, "the administrators' users list");
    // Delete removes a user from this company (acme's host): carol belongs to Globex only.
    await page.getByRole('button', { name: 'Actions for Carol Cruz' }).click();
    await expect(page.getByRole('menuitem', { name: /^Delete/ })).toBeDisabled();
    await page.keyboard.press('Escape');
    await rows(page).filter({ hasText: 'carol@globex.test' }).click();
    await expect(page.getByRole('switch', { name: 'Admin' })).toBeVisible();
    await expectAccessibleAtBothWidths(page, "the administrators' user form");
    // The company's new user form has no Admin toggle. Its axe check is the user form's, in the licence toggles
    // test (/security/users/edit: the same declared fields, and the licence toggles besides).
    await page.goto('/security/users/create');
    await expect(page.getByRole('heading', { name: 'New User' })).toBeVisible();
    await expect(page.getByLabel('Email')).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Admin' })).toHaveCount(0);
  });
});
