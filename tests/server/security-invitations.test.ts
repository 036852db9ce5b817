/**
 * Answering an invitation (issue 14): the invitation's link goes out by mail (`GET /dev/mail`, the demo's outbox)
 * and, for an existing account, as a notification; the invitee cannot sign in to the company until they accept; a
 * new account sets its name, username and password when accepting (per-field 422s); declining removes the
 * membership (and an unused new account); a token answers once, even to two concurrent answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyId, jsonBody, tokenFor } from './api-helpers';
import { startTestServer, type TestServer } from './test-server';

type Body = Record<string, unknown> & { data: Record<string, unknown> };

let server: TestServer;
let alice: string;

beforeAll(async () => {
  server = await startTestServer();
  alice = await tokenFor(server, 'alice');
});
afterAll(() => server?.close());

async function call(
  method: string,
  path: string,
  options: { token?: string; body?: unknown; subdomain?: string | null } = {},
) {
  const response = await server.request(options.subdomain === undefined ? 'acme' : options.subdomain, path, {
    method,
    ...(options.token ? { token: options.token } : {}),
    ...(options.body === undefined ? {} : jsonBody(options.body)),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as Body };
}

let unique = 0;
const freshEmail = () => `guest${++unique}${Date.now().toString(36)}@elsewhere.test`;

async function viewerRole(subdomain = 'acme') {
  const row = await server.db
    .selectFrom('roles')
    .select('id')
    .where('title', '=', 'Viewer')
    .where('company_id', '=', await companyId(server, subdomain))
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Invites the address or username into acme and returns the token of the mailed link. */
async function invite(identity: string, mailedTo = identity): Promise<string> {
  const invited = await call('POST', '/users/invite', {
    token: alice,
    body: { email: identity, role_id: await viewerRole() },
  });
  expect(invited.status, JSON.stringify(invited.body)).toBe(201);
  expect(invited.body.data.invitation_pending).toBe(true);
  const mail = await call('GET', `/dev/mail?to=${encodeURIComponent(mailedTo)}`, { subdomain: null });
  expect(mail.status).toBe(200);
  const [latest] = mail.body.data as unknown as Array<{ subject: string; body: string }>;
  expect(latest.subject).toBe('Invitation to Acme Visuals');
  const link = /https?:\/\/\S+/.exec(latest.body)![0];
  expect(new URL(link).pathname).toBe('/invitation');
  return new URL(link).searchParams.get('token')!;
}

async function signIn(identity: string, password: string, subdomain: string | null = 'acme') {
  const response = await server.request(subdomain, '/login', {
    method: 'POST',
    ...jsonBody({ identity, password }),
  });
  return response.status;
}

describe('a new address', () => {
  it('shows the invitation, refuses sign-in until accepted, and sets up the account on accepting', async () => {
    const email = freshEmail();
    const token = await invite(email);
    const shown = await call('GET', `/invitations/${token}`, { subdomain: null });
    expect(shown.status).toBe(200);
    expect(shown.body.data).toMatchObject({
      email,
      new_account: true,
      company: { name: 'Acme Visuals', sub_domain: 'acme' },
      role: 'Viewer',
      invited_by: 'Alice Anders',
    });

    const empty = await call('POST', `/invitations/${token}/accept`, { body: { name: '', username: '' } });
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.body.errors as object).sort()).toEqual(['name', 'password', 'username']);
    const short = await call('POST', `/invitations/${token}/accept`, {
      body: { name: 'Gina Guest', username: 'alice', password: 'short', password_confirmation: 'short' },
    });
    expect(short.body.errors).toEqual({
      username: ['The username has already been taken.'],
      password: ['The password field must be at least 8 characters.'],
    });
    const mismatch = await call('POST', `/invitations/${token}/accept`, {
      body: {
        name: 'Gina Guest',
        username: `gina${unique}`,
        password: 'long enough',
        password_confirmation: 'other',
      },
    });
    expect(mismatch.body.errors).toEqual({
      password_confirmation: ['The password field confirmation does not match.'],
    });

    const username = `gina${Date.now().toString(36)}`;
    const accepted = await call('POST', `/invitations/${token}/accept`, {
      body: { name: 'Gina Guest', username, password: 'a new secret', password_confirmation: 'a new secret' },
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body).toEqual({
      message: 'Invitation accepted',
      data: { company: { name: 'Acme Visuals', sub_domain: 'acme' } },
    });
    expect(await signIn(username, 'a new secret')).toBe(200);
    const listed = await call('GET', `/users?filter[search]=${username}`, { token: alice });
    expect(listed.body.data).toEqual([expect.objectContaining({ username, invitation_pending: false })]);
    const user = await server.db
      .selectFrom('users')
      .select(['name', 'email_verified_at'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(user.name).toBe('Gina Guest');
    expect(user.email_verified_at).not.toBeNull();
    // The link answers once.
    expect((await call('GET', `/invitations/${token}`)).status).toBe(404);
    expect((await call('POST', `/invitations/${token}/accept`, { body: {} })).status).toBe(404);
  });

  it('declining removes the membership and the unused account', async () => {
    const email = freshEmail();
    const token = await invite(email);
    const declined = await call('POST', `/invitations/${token}/decline`);
    expect(declined.status).toBe(200);
    expect(declined.body.message).toBe('Invitation declined');
    const left = await server.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(left).toEqual([]);
    expect((await call('POST', `/invitations/${token}/accept`, { body: {} })).status).toBe(404);
  });

  it('two concurrent answers: exactly one wins', async () => {
    const token = await invite(freshEmail());
    const answers = await Promise.all([
      call('POST', `/invitations/${token}/decline`),
      call('POST', `/invitations/${token}/decline`),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 404]);
  });
});

describe('an existing account', () => {
  it('gets the link as a notification in its own company and joins on accepting', async () => {
    const dave = await tokenFor(server, 'dave');
    const token = await invite('dave', 'dave@initech.test');
    const notification = await server.db
      .selectFrom('notifications')
      .innerJoin('companies', 'companies.id', 'notifications.company_id')
      .select(['notifications.text', 'companies.sub_domain'])
      .where('notifications.title', '=', 'Invitation')
      .where(
        'notifications.user_id',
        '=',
        (
          await server.db
            .selectFrom('users')
            .select('id')
            .where('username', '=', 'dave')
            .executeTakeFirstOrThrow()
        ).id,
      )
      .executeTakeFirstOrThrow();
    expect(notification.sub_domain).not.toBe('acme');
    expect(notification.text).toContain('Alice Anders invited you to Acme Visuals.');
    expect(notification.text).toContain(`/invitation?token=${token}`);

    // Listed in acme, but not signed in there yet, nor offered by the company switcher.
    expect(await signIn('dave', 'password')).toBe(401);
    expect((await call('GET', '/projects', { token: dave })).status).toBe(401);
    const before = await call('GET', '/companies', { token: dave, subdomain: notification.sub_domain });
    expect(
      (before.body.data as unknown as Array<{ sub_domain: string }>).map((c) => c.sub_domain),
    ).not.toContain('acme');

    const shown = await call('GET', `/invitations/${token}`);
    expect(shown.body.data).toMatchObject({ new_account: false, email: 'dave@initech.test' });
    const accepted = await call('POST', `/invitations/${token}/accept`, { body: {} });
    expect(accepted.status).toBe(200);
    expect(await signIn('dave', 'password')).toBe(200);
    expect((await call('GET', '/projects', { token: dave })).status).toBe(200);
    const after = await call('GET', '/companies', { token: dave, subdomain: notification.sub_domain });
    expect((after.body.data as unknown as Array<{ sub_domain: string }>).map((c) => c.sub_domain)).toContain(
      'acme',
    );
  });

  it('declining keeps the account and its other companies', async () => {
    const erin = await server.db
      .selectFrom('users')
      .select('email')
      .where('username', '=', 'erin')
      .executeTakeFirstOrThrow();
    const token = await invite('erin', erin.email);
    expect((await call('POST', `/invitations/${token}/decline`)).status).toBe(200);
    expect(await signIn('erin', 'password', 'umbrella')).toBe(200);
    const members = await call('GET', '/users?filter[search]=erin', { token: alice });
    expect(members.body.data).toEqual([]);
  });
});

describe('GET /dev/mail', () => {
  it('also holds the password reset link, and is absent with the outbox off', async () => {
    expect((await call('POST', '/password/forgot', { body: { email: 'bob@acme.test' } })).status).toBe(200);
    const mail = await call('GET', '/dev/mail?to=BOB@acme.test', { subdomain: null });
    const [latest] = mail.body.data as unknown as Array<{ subject: string; body: string }>;
    expect(latest.subject).toBe('Reset your password');
    expect(latest.body).toMatch(/\/reset-password\?token=[\w-]+&email=bob%40acme\.test/);

    // Seeded like the others: it starts from the run's seeded template instead of migrating an empty database.
    const closed = await startTestServer({ mailOutbox: false });
    try {
      expect((await closed.request(null, '/dev/mail?to=bob@acme.test')).status).toBe(404);
    } finally {
      await closed.close();
    }
  });
});
