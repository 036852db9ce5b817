/**
 * My account and company profile (issue 18): the profile load and save (multipart with the image's type rules),
 * notification settings, the password change rules and logout-all, activity recording, the footer's actions,
 * 'Forgot password?', the Autodesk round trip against the local stand-in, and the company profile's save with
 * files, colours, the demo model and the admin-only Autodesk option; 403s and tenant isolation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/auth/passwords';
import type { MyAccount } from '../../shared/entities/my-account';
import type { CompanyProfile } from '../../shared/entities/company-profile';
import {
  DEMO_PASSWORD,
  finishedImageUpload,
  jsonBody,
  memberWithAbilities,
  multipartBody,
  newMember,
  tokenFor,
} from './api-helpers';
import { sendWithHost, startTestServer, type TestServer } from './test-server';

let server: TestServer;
let alice: string;
let bob: string;

beforeAll(async () => {
  server = await startTestServer();
  [alice, bob] = await Promise.all(['alice', 'bob'].map((name) => tokenFor(server, name)));
});
afterAll(() => server?.close());

const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0,
]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0, 1, 1, 0, 0, 1, 0, 1]);
const GIF = new TextEncoder().encode('GIF89a\u0001\u0000\u0001\u0000\u0000\u0000\u0000');

const call = (path: string, init: RequestInit & { token?: string } = {}, subdomain: string | null = 'acme') =>
  server.request(subdomain, path, init);

async function ok<T>(response: Response, status = 200): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
}

async function errors(response: Response): Promise<Record<string, string[]>> {
  expect(response.status, await response.clone().text()).toBe(422);
  return ((await response.json()) as { errors: Record<string, string[]> }).errors;
}

/** A new acme member with a real password, and their token. */
async function memberWithPassword(abilities: string[] = ['view-company'], subdomain = 'acme') {
  const member = await newMember(server, abilities, subdomain);
  await server.db
    .updateTable('users')
    .set({ password_hash: await hashPassword(DEMO_PASSWORD) })
    .where('id', '=', member.id)
    .execute();
  return member;
}

const saveAccount = (
  token: string,
  fields: Record<string, string>,
  files: Record<string, [Blob, string]> = {},
) => call('/my-account', { method: 'POST', token, ...multipartBody({ _method: 'PATCH', ...fields }, files) });

describe('GET /my-account', () => {
  it('answers the profile with role, groups, licences and notification settings', async () => {
    const { data } = await ok<{ data: MyAccount }>(await call('/my-account', { token: alice }));
    expect(data).toMatchObject({ username: 'alice', admin: 0, role: { title: 'Manager' } });
    expect(data.licenses).toEqual(expect.arrayContaining(['hatch', 'design_and_sales']));
    const failed = data.notification_settings!.find(
      (setting) => setting.notification_type_key === 'processingFailed',
    );
    expect(failed).toMatchObject({ email: 0, browser: 1, category: 'processing' });
  });

  it('leaves out the excluded fields', async () => {
    const { data } = await ok<{ data: MyAccount }>(
      await call(
        '/my-account?excluded_fields[]=users.notification_settings&excluded_fields[]=users.abilities',
        {
          token: alice,
        },
      ),
    );
    expect(data.notification_settings).toBeUndefined();
  });

  it('is 401 without a token', async () => {
    expect((await call('/my-account')).status).toBe(401);
  });
});

describe('POST /my-account (_method=PATCH)', () => {
  it('saves the profile, the image and the notification settings', async () => {
    const member = await memberWithPassword();
    const response = await saveAccount(
      member.token,
      {
        name: 'Renamed Member',
        phone_number: '+31 6 1234 5678',
        function: 'Tester',
        'notification_settings[1][notification_type_id]': '1',
        'notification_settings[1][email]': '0',
        'notification_settings[1][browser]': '1',
      },
      { profile_image: [new Blob([PNG], { type: 'image/png' }), 'me.png'] },
    );
    const { data, meta_data } = await ok<{ data: MyAccount; meta_data: { password_update_status: string } }>(
      response,
    );
    expect(meta_data.password_update_status).toBe('not_updated');
    expect(data).toMatchObject({
      name: 'Renamed Member',
      phone_number: '+31 6 1234 5678',
      function: 'Tester',
    });
    expect(data.profile_image).toMatch(/\/api\/v2\/files\/profile-images\/.+\.png$/);
    expect(data.notification_settings!.find((setting) => setting.notification_type_id === 1)).toMatchObject({
      email: 0,
      browser: 1,
    });
  });

  it('requires name, username and email, and keeps them unique', async () => {
    const member = await memberWithPassword();
    const found = await errors(
      await saveAccount(member.token, { name: '', username: 'alice', email: 'not-an-email' }),
    );
    expect(found.name).toEqual(['The name field is required.']);
    expect(found.username).toEqual(['The username has already been taken.']);
    expect(found.email).toBeDefined();
  });

  it('accepts jpeg, png and bmp profile images only, and leaves the data as it was on a 422', async () => {
    const member = await memberWithPassword();
    const found = await errors(
      await saveAccount(
        member.token,
        { name: 'Never saved' },
        { profile_image: [new Blob([GIF]), 'me.gif'] },
      ),
    );
    expect(found.profile_image).toEqual(['The profile image field must be a file of type: jpeg, png, bmp.']);
    const row = await server.db
      .selectFrom('users')
      .select('name')
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(row.name).not.toBe('Never saved');
    await ok(await saveAccount(member.token, {}, { profile_image: [new Blob([JPEG]), 'me.jpg'] }));
  });
});

describe('the profile image as a resumable upload (the profile and user forms, spec 2 §5)', () => {
  const TYPE_MESSAGE = 'The profile image field must be a file of type: jpeg, png, bmp.';
  /** GIF bytes under a .png name: the upload takes it, the type is told by the content. */
  const gifNamedPng = (token: string) => finishedImageUpload(server, token, GIF, 'me.png');

  async function fileStatus(url: string) {
    const { host, pathname } = new URL(url);
    return (await sendWithHost(server.port, host, pathname)).status;
  }
  async function storedImage(id: number) {
    const row = await server.db
      .selectFrom('users')
      .select(['name', 'profile_image'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return row;
  }

  it('My account takes a png, replaces it with a jpeg (the old file goes), the session carries it, and empty removes it', async () => {
    const member = await memberWithPassword();
    const png = await finishedImageUpload(server, member.token, PNG, 'me.png');
    const first = await ok<{ data: MyAccount }>(
      await saveAccount(member.token, { name: 'Pictured Member', profile_image_upload_id: png }),
    );
    expect(first.data.name).toBe('Pictured Member');
    expect(first.data.profile_image).toMatch(/\/api\/v2\/files\/profile-images\/[\w-]+\.png$/);
    expect(await fileStatus(first.data.profile_image!)).toBe(200);

    const jpeg = await finishedImageUpload(server, member.token, JPEG, 'me.jpg');
    const second = await ok<{ data: MyAccount }>(
      await saveAccount(member.token, { profile_image_upload_id: jpeg }),
    );
    expect(second.data.profile_image).toMatch(/\.jpeg$/);
    expect(await fileStatus(second.data.profile_image!)).toBe(200);
    expect(await fileStatus(first.data.profile_image!)).toBe(404);
    // The session user (the top bar's avatar) carries the new picture.
    const session = await ok<{ user: { profile_image: string | null } }>(
      await call('/auth/validate', { token: member.token }),
    );
    expect(session.user.profile_image).toBe(second.data.profile_image);

    // Other fields leave the picture; an empty upload id (multipart null) removes it.
    const renamed = await ok<{ data: MyAccount }>(await saveAccount(member.token, { function: 'Painter' }));
    expect(renamed.data.profile_image).toBe(second.data.profile_image);
    const removed = await ok<{ data: MyAccount }>(
      await saveAccount(member.token, { profile_image_upload_id: '' }),
    );
    expect(removed.data.profile_image).toBeNull();
    expect(await fileStatus(second.data.profile_image!)).toBe(404);
  });

  it('My account answers 422 under profile_image_upload_id for bytes that are no jpeg, png or bmp and for an upload of someone else, saving nothing', async () => {
    const member = await memberWithPassword();
    const found = await errors(
      await saveAccount(member.token, {
        name: 'Never saved',
        profile_image_upload_id: await gifNamedPng(member.token),
      }),
    );
    expect(found).toEqual({ profile_image_upload_id: [TYPE_MESSAGE] });
    const other = await errors(
      await saveAccount(member.token, {
        profile_image_upload_id: await finishedImageUpload(server, alice, PNG, 'alice.png'),
      }),
    );
    expect(other).toEqual({
      profile_image_upload_id: ['The selected profile image upload id is invalid.'],
    });
    expect(await storedImage(member.id)).toMatchObject({ profile_image: null });
    expect((await storedImage(member.id)).name).not.toBe('Never saved');
  });

  it("a user's create and update (/users) take a png or jpeg, refuse other bytes under the field, and null removes it", async () => {
    const suffix = Date.now().toString(36);
    const created = await ok<{ data: { id: number; profile_image: string | null } }>(
      await call('/users', {
        method: 'POST',
        token: alice,
        ...jsonBody({
          name: 'Pictured User',
          username: `pictured${suffix}`,
          email: `pictured${suffix}@example.test`,
          profile_image_upload_id: await finishedImageUpload(server, alice, PNG, 'new.png'),
        }),
      }),
      201,
    );
    expect(created.data.profile_image).toMatch(/\/profile-images\/[\w-]+\.png$/);
    const path = `/users/${created.data.id}`;
    const update = (body: Record<string, unknown>) =>
      call(path, { method: 'PATCH', token: alice, ...jsonBody(body) });

    const refused = await errors(
      await update({ name: 'Never saved', profile_image_upload_id: await gifNamedPng(alice) }),
    );
    expect(refused).toEqual({ profile_image_upload_id: [TYPE_MESSAGE] });
    expect(await storedImage(created.data.id)).toMatchObject({ name: 'Pictured User' });

    const replaced = await ok<{ data: { profile_image: string } }>(
      await update({ profile_image_upload_id: await finishedImageUpload(server, alice, JPEG, 'me.jpg') }),
    );
    expect(replaced.data.profile_image).toMatch(/\/profile-images\/[\w-]+\.jpeg$/);
    expect(await fileStatus(replaced.data.profile_image)).toBe(200);
    expect(await fileStatus(created.data.profile_image!)).toBe(404);

    const removed = await ok<{ data: { profile_image: string | null } }>(
      await update({ profile_image_upload_id: null }),
    );
    expect(removed.data.profile_image).toBeNull();
    expect(await fileStatus(replaced.data.profile_image)).toBe(404);
  });

  it("an administrator's user edit (/admin/users) takes one too, and refuses other bytes under the field", async () => {
    const admin = await tokenFor(server, 'admin');
    const member = await memberWithPassword();
    const path = `/admin/users/${member.id}`;
    const refused = await errors(
      await call(path, {
        method: 'PATCH',
        token: admin,
        ...jsonBody({ profile_image_upload_id: await gifNamedPng(admin) }),
      }),
    );
    expect(refused).toEqual({ profile_image_upload_id: [TYPE_MESSAGE] });
    const saved = await ok<{ data: { profile_image: string } }>(
      await call(path, {
        method: 'PATCH',
        token: admin,
        ...jsonBody({ profile_image_upload_id: await finishedImageUpload(server, admin, PNG, 'a.png') }),
      }),
    );
    expect(saved.data.profile_image).toMatch(/\/profile-images\/[\w-]+\.png$/);
  });
});

describe('password change', () => {
  it('puts a wrong current password under its field and a mismatch under the confirmation', async () => {
    const member = await memberWithPassword();
    const found = await errors(
      await saveAccount(member.token, {
        current_password: 'wrong-password',
        new_password: 'new-password-1',
        new_password_confirmation: 'something-else',
      }),
    );
    expect(found.current_password).toEqual(['The password is incorrect.']);
    expect(found.new_password_confirmation).toEqual(['The new password field confirmation does not match.']);
    expect(found.new_password).toBeUndefined();
  });

  it('requires a new password of at least 8 characters', async () => {
    const member = await memberWithPassword();
    const found = await errors(
      await saveAccount(member.token, {
        current_password: DEMO_PASSWORD,
        new_password: 'short',
        new_password_confirmation: 'short',
      }),
    );
    expect(found.new_password).toEqual(['The new password field must be at least 8 characters.']);
  });

  it('changes the password and keeps the sessions without logout-all', async () => {
    const member = await memberWithPassword();
    const { meta_data } = await ok<{ meta_data: { password_update_status: string } }>(
      await saveAccount(member.token, {
        current_password: DEMO_PASSWORD,
        new_password: 'brand-new-pass',
        new_password_confirmation: 'brand-new-pass',
      }),
    );
    expect(meta_data.password_update_status).toBe('success');
    expect((await call('/my-account', { token: member.token })).status).toBe(200);
  });

  it('with logout_all_devices ends every session', async () => {
    const member = await memberWithPassword();
    const other = await tokenFor(
      server,
      (
        await server.db
          .selectFrom('users')
          .select('username')
          .where('id', '=', member.id)
          .executeTakeFirstOrThrow()
      ).username,
    );
    const { meta_data } = await ok<{ meta_data: { password_update_status: string } }>(
      await saveAccount(member.token, {
        current_password: DEMO_PASSWORD,
        new_password: 'brand-new-pass',
        new_password_confirmation: 'brand-new-pass',
        logout_all_devices: '1',
      }),
    );
    expect(meta_data.password_update_status).toBe('success_and_logged_out_all_devices');
    expect((await call('/my-account', { token: member.token })).status).toBe(401);
    expect((await call('/my-account', { token: other })).status).toBe(401);
  });
});

describe('GET /logout-all', () => {
  it('ends every session of the user', async () => {
    const member = await memberWithPassword();
    await ok(await call('/logout-all', { token: member.token }));
    expect((await call('/my-account', { token: member.token })).status).toBe(401);
  });
});

describe('activity', () => {
  it('records sign-ins, creates, updates and deletes, newest first, paged', async () => {
    const member = await memberWithPassword([
      'create-labels',
      'update-labels',
      'delete-labels',
      'list-labels',
    ]);
    const username = (
      await server.db
        .selectFrom('users')
        .select('username')
        .where('id', '=', member.id)
        .executeTakeFirstOrThrow()
    ).username;
    await ok(
      await call('/login', { method: 'POST', ...jsonBody({ identity: username, password: DEMO_PASSWORD }) }),
    );
    const label = await ok<{ data: { id: number } }>(
      await call('/labels', {
        method: 'POST',
        token: member.token,
        ...jsonBody({ name: `Activity ${username}`, color: '#123456' }),
      }),
      201,
    );
    await ok(
      await call(`/labels/${label.data.id}`, {
        method: 'PATCH',
        token: member.token,
        ...jsonBody({ color: '#654321' }),
      }),
    );
    await ok(await call(`/labels/${label.data.id}`, { method: 'DELETE', token: member.token }));
    const list = await ok<{
      data: Array<{ action: string; subject: string | null; datetime: string }>;
      meta: { total: number };
    }>(await call('/my-account/activity?per_page=3&page=1', { token: member.token }));
    expect(list.meta.total).toBe(4);
    expect(list.data.map((entry) => entry.action)).toEqual(['deleted', 'updated', 'created']);
    expect(list.data[0].subject).toBe(`labels/${label.data.id}`);
    const second = await ok<{ data: Array<{ action: string }> }>(
      await call('/my-account/activity?per_page=3&page=2', { token: member.token }),
    );
    expect(second.data.map((entry) => entry.action)).toEqual(['signed_in']);
  });

  it("lists only the user's own activity in this company", async () => {
    const member = await memberWithPassword();
    const list = await ok<{ meta: { total: number } }>(
      await call('/my-account/activity', { token: member.token }),
    );
    expect(list.meta.total).toBe(0);
  });
});

describe('footer actions', () => {
  it('sends a reset link as a notification, and the reset sets the password', async () => {
    const member = await memberWithPassword();
    await ok(await call('/my-account/reset-password', { method: 'POST', token: member.token }));
    const note = await server.db
      .selectFrom('notifications')
      .select(['text', 'message_params'])
      .where('user_id', '=', member.id)
      .where('title', '=', 'Password reset requested')
      .executeTakeFirstOrThrow();
    // The bell shows the link as a link (its path), not as text to copy.
    expect(note.text).toBe('Open the link below within 60 minutes to choose a new password.');
    const link = new URL(String(note.message_params.path), 'http://acme.portal.localhost');
    expect(link.pathname).toBe('/reset-password');
    const reset = (fields: Record<string, string>) =>
      call(
        '/password/reset',
        {
          method: 'POST',
          ...jsonBody({
            token: link.searchParams.get('token'),
            email: link.searchParams.get('email'),
            ...fields,
          }),
        },
        null,
      );
    expect(
      (await errors(await reset({ password: 'another-pass', password_confirmation: 'different' })))
        .password_confirmation,
    ).toBeDefined();
    await ok(await reset({ password: 'another-pass', password_confirmation: 'another-pass' }));
    expect((await call('/my-account', { token: member.token })).status).toBe(401);
    expect(
      (await errors(await reset({ password: 'another-pass', password_confirmation: 'another-pass' }))).email,
    ).toEqual(['This password reset token is invalid.']);
  });

  it('answers forgot-password alike for known and unknown addresses', async () => {
    const known = await ok<{ message: string }>(
      await call('/password/forgot', { method: 'POST', ...jsonBody({ email: 'dave@initech.test' }) }, null),
    );
    const unknown = await ok<{ message: string }>(
      await call('/password/forgot', { method: 'POST', ...jsonBody({ email: 'nobody@nowhere.test' }) }, null),
    );
    expect(known).toEqual(unknown);
  });

  it('restores the default notification settings', async () => {
    const member = await memberWithPassword();
    await ok(await saveAccount(member.token, { 'notification_settings[2][browser]': '0' }));
    const { data } = await ok<{ data: MyAccount }>(
      await call('/my-account/default-settings', { method: 'POST', token: member.token }),
    );
    expect(data.notification_settings!.every((setting) => setting.email === 1 && setting.browser === 1)).toBe(
      true,
    );
  });

  it('leaves the company', async () => {
    const member = await memberWithPassword();
    await ok(await call('/my-account/membership', { method: 'DELETE', token: member.token }));
    expect((await call('/my-account', { token: member.token })).status).toBe(401);
  });

  it('deletes the account', async () => {
    const member = await memberWithPassword();
    await ok(await call('/my-account', { method: 'DELETE', token: member.token }));
    const row = await server.db
      .selectFrom('users')
      .select('deleted_at')
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    expect((await call('/my-account', { token: member.token })).status).toBe(401);
  });
});

describe('Autodesk', () => {
  it('connects through the stand-in authorisation page and disconnects', async () => {
    const member = await memberWithPassword(['view-company'], 'umbrella');
    const redirect = 'http://umbrella.portal.localhost:8080/user/profile?tab=settings';
    const { redirect_url: authorise } = await ok<{ redirect_url: string }>(
      await call(
        '/autodesk/oauth/login',
        { method: 'POST', token: member.token, ...jsonBody({ redirect_url: redirect }) },
        'umbrella',
      ),
    );
    const url = new URL(authorise);
    const page = await call(`${url.pathname.replace('/api/v2', '')}${url.search}`, {}, 'umbrella');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Allow');
    const back = await call(
      `/autodesk/oauth/callback?state=${url.searchParams.get('state')}&code=granted`,
      { redirect: 'manual' },
      'umbrella',
    );
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe(`${redirect}&autodesk=connected`);
    expect(
      (await ok<{ data: MyAccount }>(await call('/my-account', { token: member.token }, 'umbrella'))).data
        .autodesk_connected,
    ).toBe(true);
    await ok(await call('/autodesk/oauth/logout', { method: 'POST', token: member.token }, 'umbrella'));
    expect(
      (await ok<{ data: MyAccount }>(await call('/my-account', { token: member.token }, 'umbrella'))).data
        .autodesk_connected,
    ).toBe(false);
  });

  it('refuses a redirect outside the portal and a company without the integration', async () => {
    const member = await memberWithPassword(['view-company'], 'umbrella');
    expect(
      (
        await errors(
          await call(
            '/autodesk/oauth/login',
            { method: 'POST', token: member.token, ...jsonBody({ redirect_url: 'https://evil.test/' }) },
            'umbrella',
          ),
        )
      ).redirect_url,
    ).toBeDefined();
    // Acme's integration is 'no'.
    const refused = await call('/autodesk/oauth/login', {
      method: 'POST',
      token: alice,
      ...jsonBody({ redirect_url: 'http://acme.portal.localhost/' }),
    });
    expect(refused.status).toBe(422);
  });

  it('denying returns to the portal unconnected', async () => {
    const member = await memberWithPassword(['view-company'], 'umbrella');
    const { redirect_url: authorise } = await ok<{ redirect_url: string }>(
      await call(
        '/autodesk/oauth/login',
        {
          method: 'POST',
          token: member.token,
          ...jsonBody({ redirect_url: 'http://umbrella.portal.localhost/user/profile' }),
        },
        'umbrella',
      ),
    );
    const state = new URL(authorise).searchParams.get('state');
    const back = await call(
      `/autodesk/oauth/callback?state=${state}&error=access_denied`,
      { redirect: 'manual' },
      'umbrella',
    );
    expect(back.headers.get('location')).toContain('autodesk=denied');
  });
});

describe('company profile: POST /companies/my-company (_method=PATCH)', () => {
  const saveCompany = (
    token: string,
    fields: Record<string, string>,
    files: Record<string, [Blob, string]> = {},
    subdomain = 'umbrella',
  ) =>
    call(
      '/companies/my-company',
      { method: 'POST', token, ...multipartBody({ _method: 'PATCH', ...fields }, files) },
      subdomain,
    );

  it('saves details, colours, files and the demo model', async () => {
    const erin = await tokenFor(server, 'erin');
    const model = await server.db
      .selectFrom('project_models')
      .select('id')
      .where('name', '=', 'Showroom Hall')
      .executeTakeFirstOrThrow();
    const { data } = await ok<{ data: CompanyProfile }>(
      await saveCompany(
        erin,
        {
          name: 'Umbrella Studio',
          city: 'Utrecht',
          primary_color: '#224466',
          primary_accent: '',
          is_default: '0',
          demo_model_id: String(model.id),
        },
        { logo: [new Blob([PNG]), 'logo.png'], background_image: [new Blob([JPEG]), 'back.jpg'] },
      ),
    );
    expect(data).toMatchObject({
      city: 'Utrecht',
      colors: { primary_color: '#224466', primary_accent: null, is_default: false },
    });
    expect(data.demo_model).toMatchObject({ id: model.id, name: 'Showroom Hall' });
    expect(data.logo).toMatch(/company-logos\/.+\.png$/);
    expect(data.background_image).toMatch(/company-backgrounds\/.+\.jpe?g$/);
    const cleared = await ok<{ data: CompanyProfile }>(await saveCompany(erin, { demo_model_id: '' }));
    expect(cleared.data.demo_model).toBeNull();
  });

  it('answers 422 for an empty name, a png background, a bad colour and an unfinished model', async () => {
    const erin = await tokenFor(server, 'erin');
    const processing = await server.db
      .selectFrom('project_models')
      .select('id')
      .where('name', '=', 'Showroom Terrace')
      .executeTakeFirstOrThrow();
    expect((await errors(await saveCompany(erin, { name: '' }))).name).toEqual([
      'The name field is required.',
    ]);
    expect(Object.keys(await errors(await saveCompany(erin, { primary_color: '#12345' })))).toEqual([
      'primary_color',
    ]);
    const more = await errors(
      await saveCompany(
        erin,
        { name: 'X', demo_model_id: String(processing.id) },
        { background_image: [new Blob([PNG]), 'back.png'] },
      ),
    );
    expect(more.demo_model_id).toEqual(['The selected demo model id is invalid.']);
    expect(more.background_image).toEqual(['The background image field must be a file of type: jpeg, bmp.']);
  });

  it('is 403 without edit-company, and the Autodesk option is for admins only', async () => {
    expect((await saveCompany(bob, { city: 'Nowhere' }, {}, 'acme')).status).toBe(403);
    const erin = await tokenFor(server, 'erin');
    expect((await saveCompany(erin, { autodesk_integration: 'no' })).status).toBe(403);
    const admin = await tokenFor(server, 'admin');
    const { data } = await ok<{ data: CompanyProfile }>(
      await saveCompany(admin, { autodesk_integration: 'yes_always_prompt' }),
    );
    expect(data.autodesk_integration).toBe('yes_always_prompt');
  });

  it('only ever writes the company of the host', async () => {
    const erin = await tokenFor(server, 'erin');
    expect((await saveCompany(erin, { city: 'Elsewhere' }, {}, 'acme')).status).toBe(401);
    const viewer = await memberWithAbilities(server, ['view-company']);
    expect((await saveCompany(viewer, { city: 'Elsewhere' }, {}, 'acme')).status).toBe(403);
  });
});
