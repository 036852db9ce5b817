/**
 * Messages in the reader's language (issue 12) and the one notification catalogue (issues 14, 18): notifications
 * and processing events are stored as a key plus parameters and answered in the request's language
 * (Accept-Language) next to that key; a type the user switched off is not delivered; changelog items carry a
 * Dutch description.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationTypeOf } from '../../shared/notification-types';
import { companyId, jsonBody, multipartBody, tokenFor, userId } from './api-helpers';
import { startTestServer, type TestServer } from './test-server';

let server: TestServer;
let alice: string;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  alice = await tokenFor(server, 'alice');
  admin = await tokenFor(server, 'admin');
});
afterAll(() => server?.close());

type Body = Record<string, unknown>;
const get = async (path: string, token: string, language: string, subdomain: string | null = 'acme') => {
  const response = await server.request(subdomain, path, { token, headers: { 'Accept-Language': language } });
  expect(response.status).toBe(200);
  return (await response.json()) as Body;
};

interface Listed {
  title: string;
  text: string;
  type: string | null;
  message_key: string | null;
  message_params: Record<string, unknown>;
}

describe('notifications', () => {
  it('answer title and text in the request’s language, with the stored key, parameters and type', async () => {
    const path = '/my-account/notifications?per_page=1&with_read=0&sort=-date';
    const [en] = (await get(path, alice, 'en')).data as Listed[];
    const [nl] = (await get(path, alice, 'nl-NL,nl;q=0.9')).data as Listed[];
    expect(en).toMatchObject({
      title: 'Model processed',
      text: 'The model “Harbour Tower – Facade” finished processing and is ready to use.',
      type: 'modelProcessed',
      message_key: 'notifications:messages.modelProcessed',
      message_params: { model: 'Harbour Tower – Facade' },
    });
    expect(nl).toMatchObject({
      title: 'Model verwerkt',
      text: 'Het model “Harbour Tower – Facade” is verwerkt en klaar voor gebruik.',
      message_key: en.message_key,
    });
  });

  it('are stored with their type and message when sent (an invitation), and rendered per reader', async () => {
    const roles = await get('/roles?per_page=25', alice, 'en');
    const viewer = (roles.data as Array<{ id: number; title: string }>).find(
      (role) => role.title === 'Viewer',
    )!;
    const email = `guest-${Date.now()}@elsewhere.test`;
    const invited = await server.request('acme', '/users/invite', {
      token: alice,
      method: 'POST',
      ...jsonBody({ email, role_id: viewer.id }),
    });
    expect(invited.status).toBe(201);
    const invitedId = ((await invited.json()) as { data: { id: number } }).data.id;
    const stored = await server.db
      .selectFrom('notifications')
      .select(['type_id', 'message_key', 'message_params', 'title', 'text'])
      .where('user_id', '=', invitedId)
      .executeTakeFirstOrThrow();
    // The notification carries the one-time accept link the mail carries.
    const link = expect.stringMatching(/^http:\/\/acme\.[^/]+\/invitation\?token=[\w-]{43}$/);
    expect(stored).toEqual({
      type_id: notificationTypeOf('userInvited').id,
      message_key: 'notifications:messages.invitation',
      message_params: { inviter: 'Alice Anders', company: 'Acme Visuals', url: link },
      title: 'Invitation',
      text: `Alice Anders invited you to Acme Visuals. Accept or decline: ${String((stored.message_params as { url?: unknown }).url)}`,
    });
  });

  it('are not delivered for a type the user switched off in the portal', async () => {
    const acme = await companyId(server, 'acme');
    const bob = await userId(server, 'bob');
    const type = notificationTypeOf('passwordChanged');
    const bobToken = await tokenFor(server, 'bob');
    const turnedOff = await server.request('acme', '/my-account', {
      token: bobToken,
      method: 'POST',
      ...multipartBody({
        _method: 'PATCH',
        [`notification_settings[${type.id}][notification_type_id]`]: String(type.id),
        [`notification_settings[${type.id}][browser]`]: '0',
        [`notification_settings[${type.id}][email]`]: '1',
      }),
    });
    expect(turnedOff.status).toBe(200);
    const account = (await get('/my-account', bobToken, 'nl')).data as {
      notification_settings: Array<{ notification_type_id: number; browser: number }>;
    };
    expect(account.notification_settings.find((s) => s.notification_type_id === type.id)?.browser).toBe(0);
    const count = async () =>
      Number(
        (
          await server.db
            .selectFrom('notifications')
            .select((eb) => eb.fn.countAll<number>().as('count'))
            .where('company_id', '=', acme)
            .where('user_id', '=', bob)
            .where('type_id', '=', type.id)
            .executeTakeFirstOrThrow()
        ).count,
      );
    const before = await count();
    const changed = await server.request('acme', '/my-account', {
      token: bobToken,
      method: 'POST',
      ...multipartBody({
        _method: 'PATCH',
        current_password: 'password',
        new_password: 'another-password-1',
        new_password_confirmation: 'another-password-1',
      }),
    });
    expect(changed.status).toBe(200);
    expect(await count()).toBe(before);
  });

  it('lists one catalogue in My account and in roles, without the always-delivered reset link', async () => {
    const account = (await get('/my-account', alice, 'en')).data as {
      notification_settings: Array<{ notification_type_key: string }>;
    };
    const roles = (await get('/roles?per_page=1', alice, 'en')).data as Array<{
      notification_settings: Array<{ notification_type_id: number }>;
    }>;
    const keys = account.notification_settings.map((setting) => setting.notification_type_key);
    expect(keys).not.toContain('passwordReset');
    expect(roles[0].notification_settings.map((setting) => setting.notification_type_id)).toEqual(
      keys.map((key) => notificationTypeOf(key as 'projectAssigned').id),
    );
  });
});

describe('processing events', () => {
  it('answer in the request’s language with their key and parameters', async () => {
    const models = await get('/projects/models?per_page=25&sort=-created_at', alice, 'nl');
    const failed = (models.data as Array<{ id: number; status: string }>).find((m) => m.status === 'FAILED')!;
    const nl = (await get(`/projects/models/${failed.id}`, alice, 'nl')).data as {
      geometry_events: Array<Listed & { message: string }>;
    };
    const en = (await get(`/projects/models/${failed.id}`, alice, 'en')).data as typeof nl;
    expect(en.geometry_events[0]).toMatchObject({
      message: 'Conversion failed: the file contains no geometry',
      message_key: 'models:processing.failed.noGeometry',
      message_params: {},
    });
    expect(nl.geometry_events[0].message).toBe('Conversie mislukt: het bestand bevat geen geometrie');
    expect(nl.geometry_events.at(-1)?.message).toBe('Upload ontvangen');
  });
});

describe('changelog items', () => {
  it('keep an optional Dutch description', async () => {
    const created = await server.request('acme', '/admin/changelog-items', {
      token: admin,
      method: 'POST',
      ...multipartBody({
        type: 'added',
        description: 'Notifications in your language.',
        description_nl: 'Meldingen in je eigen taal.',
        'environments[development]': '1',
      }),
    });
    expect(created.status).toBe(201);
    const item = ((await created.json()) as { data: { id: number; description_nl: string } }).data;
    expect(item.description_nl).toBe('Meldingen in je eigen taal.');
    const cleared = await server.request('acme', `/admin/changelog-items/${item.id}`, {
      token: admin,
      method: 'POST',
      ...multipartBody({ _method: 'PATCH', description_nl: '' }),
    });
    expect(cleared.status).toBe(200);
    expect(((await cleared.json()) as { data: Body }).data.description_nl).toBeNull();
    const seeded = (await get('/admin/changelog-items', admin, 'nl')).data as Array<Body>;
    expect(
      seeded.find((entry) => entry.description === 'The portal is now available in Dutch.'),
    ).toMatchObject({
      description_nl: 'Het portaal is nu ook in het Nederlands beschikbaar.',
    });
  });
});
