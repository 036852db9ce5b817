/**
 * Issue 31, journey 2: an invitation's acceptance is no dead end. The invitation tells the invitee whom to ask for a
 * licence (the inviter's name and address) and which licences they already hold; accepting it notifies the inviter
 * in the bell (a stored message of type `invitationAccepted`, in each reader's language, pushed on the inviter's
 * channel) with the path of the new member's edit page, where licences are given.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notificationTypeOf } from '../../shared/notification-types';
import type { Broadcaster } from '../../server/realtime/broadcaster';
import { companyId, jsonBody, tokenFor, userId } from './api-helpers';
import { startTestServer, type TestServer } from './test-server';

interface Published {
  channels: string[];
  event: string;
  data: unknown;
}

interface Listed {
  id: number;
  title: string;
  text: string;
  type: string | null;
  message_key: string | null;
  message_params: Record<string, unknown>;
}

let server: TestServer;
let alice: string;
let published: Published[];

beforeAll(async () => {
  server = await startTestServer();
  server.app.ctx.broadcaster = {
    async publish(channels, event, data) {
      published.push({ channels, event, data });
    },
  } satisfies Broadcaster;
  alice = await tokenFor(server, 'alice');
});
afterAll(() => server?.close());
beforeEach(() => {
  published = [];
});

let unique = 0;
const freshEmail = () => `invitee${++unique}${Date.now().toString(36)}@elsewhere.test`;

async function call(method: string, path: string, options: { token?: string; body?: unknown } = {}) {
  const response = await server.request('acme', path, {
    method,
    ...(options.token ? { token: options.token } : {}),
    ...(options.body === undefined ? {} : jsonBody(options.body)),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
}

/** Alice invites the address into acme as a Viewer; the invited user's id and the token of the mailed link. */
async function invite(email: string): Promise<{ id: number; token: string }> {
  const viewer = await server.db
    .selectFrom('roles')
    .select('id')
    .where('title', '=', 'Viewer')
    .where('company_id', '=', await companyId(server, 'acme'))
    .executeTakeFirstOrThrow();
  const invited = await call('POST', '/users/invite', { token: alice, body: { email, role_id: viewer.id } });
  expect(invited.status, JSON.stringify(invited.body)).toBe(201);
  const mail = await server.request(null, `/dev/mail?to=${encodeURIComponent(email)}`);
  const [latest] = ((await mail.json()) as { data: Array<{ body: string }> }).data;
  const link = new URL(/https?:\/\/\S+/.exec(latest.body)![0]);
  return { id: (invited.body.data as { id: number }).id, token: link.searchParams.get('token')! };
}

const accept = (token: string, username: string) =>
  call('POST', `/invitations/${token}/accept`, {
    body: { name: 'Ivy Invitee', username, password: 'a new secret', password_confirmation: 'a new secret' },
  });

async function aliceLatest(language: string): Promise<Listed> {
  const response = await server.request(
    'acme',
    '/my-account/notifications?per_page=1&with_read=0&sort=-date',
    {
      token: alice,
      headers: { 'Accept-Language': language },
    },
  );
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: Listed[] }).data[0];
}

describe('GET /invitations/{token}', () => {
  it('names the inviter’s address, whom to ask for a licence, and the licences already held (none)', async () => {
    const email = freshEmail();
    const { token } = await invite(email);
    const shown = await call('GET', `/invitations/${token}`);
    expect(shown.status).toBe(200);
    expect(shown.body.data).toMatchObject({
      email,
      invited_by: 'Alice Anders',
      invited_by_email: 'alice@acme.test',
      licenses: [],
    });
  });
});

describe('accepting an invitation', () => {
  it('notifies the inviter with a link to the user’s edit page, in each reader’s language, pushed live', async () => {
    const email = freshEmail();
    const { id, token } = await invite(email);
    published = [];
    const accepted = await accept(token, `ivy${Date.now().toString(36)}`);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);

    const en = await aliceLatest('en');
    expect(en).toMatchObject({
      title: 'Invitation accepted',
      text:
        `Ivy Invitee (${email}) accepted your invitation to Acme Visuals. ` +
        'They cannot use a platform until you give them a license on their user page.',
      type: 'invitationAccepted',
      message_key: 'notifications:messages.invitationAccepted',
      message_params: {
        user: 'Ivy Invitee',
        email,
        company: 'Acme Visuals',
        path: `/security/users/edit/${id}`,
      },
    });
    const nl = await aliceLatest('nl');
    expect(nl).toMatchObject({
      id: en.id,
      title: 'Uitnodiging geaccepteerd',
      text:
        `Ivy Invitee (${email}) heeft je uitnodiging voor Acme Visuals geaccepteerd. ` +
        'Zonder licentie kan deze persoon geen platform gebruiken: geef er een op de gebruikerspagina.',
    });
    const stored = await server.db
      .selectFrom('notifications')
      .select(['type_id', 'read_at'])
      .where('id', '=', en.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ type_id: notificationTypeOf('invitationAccepted').id, read_at: null });

    const channel = `private-Company.${await companyId(server, 'acme')}.User.${await userId(server, 'alice')}`;
    expect(published).toEqual([
      {
        channels: [channel],
        event: 'App\\Events\\UserNotificationUpdated',
        data: {
          notification: expect.objectContaining({ id: en.id, type: 'invitationAccepted' }),
          unread_count: expect.any(Number),
        },
      },
    ]);
  });

  it('says nothing of licences when the invitee already holds one', async () => {
    const email = freshEmail();
    const { id, token } = await invite(email);
    await server.db
      .insertInto('user_licences')
      .values({ company_id: await companyId(server, 'acme'), user_id: id, licence: 'design_and_sales' })
      .execute();
    expect((await call('GET', `/invitations/${token}`)).body.data).toMatchObject({
      licenses: ['design_and_sales'],
    });
    expect((await accept(token, `ivy${Date.now().toString(36)}b`)).status).toBe(200);
    const latest = await aliceLatest('en');
    expect(latest).toMatchObject({
      message_key: 'notifications:messages.invitationAcceptedLicensed',
      text: `Ivy Invitee (${email}) accepted your invitation to Acme Visuals.`,
      message_params: expect.objectContaining({ path: `/security/users/edit/${id}` }),
    });
  });

  it('tells no one when the inviter has left the company', async () => {
    const { token } = await invite(freshEmail());
    const acme = await companyId(server, 'acme');
    const aliceId = await userId(server, 'alice');
    // Alice's membership goes (restored after; this is the file's last test).
    const membership = await server.db
      .selectFrom('company_user')
      .selectAll()
      .where('company_id', '=', acme)
      .where('user_id', '=', aliceId)
      .executeTakeFirstOrThrow();
    const before = await server.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', aliceId)
      .executeTakeFirstOrThrow();
    await server.db
      .deleteFrom('company_user')
      .where('company_id', '=', acme)
      .where('user_id', '=', aliceId)
      .execute();
    try {
      published = [];
      expect((await accept(token, `ivy${Date.now().toString(36)}c`)).status).toBe(200);
    } finally {
      await server.db.insertInto('company_user').values(membership).execute();
    }
    const after = await server.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', aliceId)
      .executeTakeFirstOrThrow();
    expect(Number(after.count)).toBe(Number(before.count));
    expect(published.filter((push) => push.event.endsWith('UserNotificationUpdated'))).toEqual([]);
  });
});
