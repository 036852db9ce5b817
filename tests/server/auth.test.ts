/** Sign-in: login by username and email, bad credentials, rate limits, validate, logout, logout-all, expiry. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ABILITIES } from '../../shared/abilities';
import { jsonBody, login, tokenFor } from './api-helpers';
import { startTestServer, type TestServer } from './test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const postLogin = (body: unknown, subdomain: string | null = 'acme', target = server) =>
  target.request(subdomain, '/login', { method: 'POST', ...jsonBody(body) });

const DAY_MS = 24 * 60 * 60 * 1000;

describe('POST /login', () => {
  it('signs in by username and answers the token and the session user of the tenant', async () => {
    const response = await postLogin({ identity: 'alice', password: 'password' });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toEqual({
      access_token: expect.stringMatching(/^[\w-]{40,}$/),
      token_type: 'Bearer',
      expires_at: expect.any(String),
      user: {
        id: expect.any(Number),
        name: expect.any(String),
        username: 'alice',
        email: 'alice@acme.test',
        profile_image: null,
        admin: false,
        abilities: [...ABILITIES].sort(),
        licenses: ['design_and_sales', 'hatch'],
        autodesk_connected: false,
        autodesk_scope_outdated: false,
        autodesk_integration: false,
        preferences: {},
        default_views: {},
      },
    });
    const lifetime = Date.parse(body.expires_at) - Date.now();
    expect(lifetime).toBeGreaterThan(DAY_MS - 60_000);
    expect(lifetime).toBeLessThanOrEqual(DAY_MS);
  });

  it('signs in by email, in any letter case, and stores only a hash of the token', async () => {
    const response = await postLogin({ identity: 'Bob@ACME.test', password: 'password' });
    expect(response.status).toBe(200);
    const { access_token: token, user } = await response.json();
    expect(user).toMatchObject({
      username: 'bob',
      abilities: expect.arrayContaining(['view-projects']),
      licenses: ['design_and_sales'],
    });
    const stored = await server.db.selectFrom('access_tokens').select('token_hash').execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(token);
  });

  it('keeps a remember-me token for 365 days', async () => {
    const response = await postLogin({ identity: 'alice', password: 'password', remember: true });
    const lifetime = Date.parse((await response.json()).expires_at) - Date.now();
    expect(Math.round(lifetime / DAY_MS)).toBe(365);
  });

  it('accepts a url-encoded form too', async () => {
    const response = await server.request('acme', '/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'identity=alice&password=password&remember=1',
    });
    expect(response.status).toBe(200);
  });

  it('signs in on the public host with the abilities of the user’s company', async () => {
    const response = await postLogin({ identity: 'carol', password: 'password' }, null);
    expect(response.status).toBe(200);
    expect((await response.json()).user.abilities).toEqual([...ABILITIES].sort());
  });

  it('answers 401 for a wrong password, an unknown identity, or a company the user is not part of', async () => {
    for (const [body, subdomain] of [
      [{ identity: 'alice', password: 'wrong' }, 'acme'],
      [{ identity: 'nobody', password: 'password' }, 'acme'],
      [{ identity: 'carol', password: 'password' }, 'acme'],
      [{ identity: 'alice', password: 'password' }, 'unknown-company'],
    ] as const) {
      const response = await postLogin(body, subdomain);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: 'Invalid credentials.' });
    }
  });

  it('lets an admin sign in on any company', async () => {
    const response = await postLogin({ identity: 'admin', password: 'password' }, 'globex');
    expect(response.status).toBe(200);
    expect((await response.json()).user.admin).toBe(true);
  });

  it('answers 422 naming each missing field', async () => {
    const response = await postLogin({ identity: '  ' });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      message: 'The identity field is required. (and 1 more error)',
      errors: {
        identity: ['The identity field is required.'],
        password: ['The password field is required.'],
      },
    });
  });
});

describe('login rate limits', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ loginRateLimit: { perIdentity: 3, perAddress: 8 } });
  });
  afterAll(() => limited?.close());

  it('limits failed attempts per identity and then all attempts per address, with Retry-After', async () => {
    const attempt = (identity: string, password: string) =>
      postLogin({ identity, password }, 'acme', limited);
    for (let index = 0; index < 3; index += 1) expect((await attempt('bob', 'wrong')).status).toBe(401);
    const blocked = await attempt('BOB', 'password');
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toEqual({ message: 'Too Many Attempts.' });
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(blocked.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(blocked.headers.get('x-ratelimit-limit')).toBe('3');

    // A successful login clears the identity's failures; other identities are not affected.
    expect((await attempt('alice', 'wrong')).status).toBe(401);
    expect((await attempt('alice', 'wrong')).status).toBe(401);
    expect((await attempt('alice', 'password')).status).toBe(200);
    expect((await attempt('alice', 'wrong')).status).toBe(401);

    // 8 attempts counted from this address, the one refused for its identity too: the next one is refused
    // whoever it is for.
    const address = await attempt('carol', 'password');
    expect(address.status).toBe(429);
    expect(address.headers.get('x-ratelimit-limit')).toBe('8');
  });
});

describe('sessions', () => {
  it('validates a token on its tenant: the same token and the session user', async () => {
    const token = await login(server, 'alice');
    const response = await server.request('acme', '/auth/validate', { token });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ access_token: token, token_type: 'Bearer', user: { username: 'alice' } });
    expect(Date.parse(body.expires_at)).toBeGreaterThan(Date.now());
  });

  it('answers 401 Unauthenticated without a token, with an unknown one, or with an expired one', async () => {
    const expired = await tokenFor(server, 'alice', new Date(Date.now() - 1000));
    for (const token of [undefined, 'not-a-token', expired]) {
      const response = await server.request('acme', '/auth/validate', { token });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: 'Unauthenticated.' });
    }
  });

  it('logs out one token, leaving the user’s other sessions alone', async () => {
    const first = await login(server, 'alice');
    const second = await login(server, 'alice');
    const response = await server.request('acme', '/logout', { token: first });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: 'Logged out.' });
    expect((await server.request('acme', '/auth/validate', { token: first })).status).toBe(401);
    expect((await server.request('acme', '/auth/validate', { token: second })).status).toBe(200);
  });

  it('logs out every token of the user on logout-all', async () => {
    const first = await tokenFor(server, 'bob');
    const second = await tokenFor(server, 'bob');
    const someoneElse = await tokenFor(server, 'alice');
    const response = await server.request('acme', '/logout-all', { token: first });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: 'Logged out of all devices.' });
    expect((await server.request('acme', '/auth/validate', { token: first })).status).toBe(401);
    expect((await server.request('acme', '/auth/validate', { token: second })).status).toBe(401);
    expect((await server.request('acme', '/auth/validate', { token: someoneElse })).status).toBe(200);
  });
});

describe('password hashes', () => {
  const storedHash = async (username: string) =>
    (
      await server.db
        .selectFrom('users')
        .select('password_hash')
        .where('username', '=', username)
        .executeTakeFirstOrThrow()
    ).password_hash;
  const storeHash = (username: string, passwordHash: string) =>
    server.db
      .updateTable('users')
      .set({ password_hash: passwordHash })
      .where('username', '=', username)
      .execute();

  /**
   * The user's stored hash is `oldHash` (of "password"): a wrong password is refused and changes nothing; the
   * right one signs in and stores an argon2id hash of the current parameters, which the next login keeps.
   */
  async function expectRehashedAtLogin(username: string, subdomain: string, oldHash: string) {
    await storeHash(username, oldHash);
    expect((await postLogin({ identity: username, password: 'wrong' }, subdomain)).status).toBe(401);
    expect(await storedHash(username)).toBe(oldHash);

    expect((await postLogin({ identity: username, password: 'password' }, subdomain)).status).toBe(200);
    const rehashed = await storedHash(username);
    expect(rehashed).toMatch(/^\$argon2id\$v=19\$m=7168,t=5,p=1\$/);
    expect((await postLogin({ identity: username, password: 'wrong' }, subdomain)).status).toBe(401);
    expect((await postLogin({ identity: username, password: 'password' }, subdomain)).status).toBe(200);
    expect(await storedHash(username)).toBe(rehashed);
  }

  it('stores argon2id hashes of OWASP’s minimum parameters for the seeded accounts', async () => {
    expect(await storedHash('carol')).toMatch(
      /^\$argon2id\$v=19\$m=7168,t=5,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/,
    );
  });

  it('accepts a bcrypt hash of the first scheme and stores an argon2id hash after that login', async () => {
    // bcrypt (cost 10) of "password", as databases seeded before scrypt hold it.
    await expectRehashedAtLogin(
      'dave',
      'initech',
      '$2b$10$uqe6pUbwTh7C2T2Sri/kQuIwZlgCOo9hlKotr5xsKGeb5W2sv4GBa',
    );
  });

  it('accepts a scrypt hash of the second scheme and stores an argon2id hash after that login', async () => {
    // scrypt (N=16384, r=8, p=1) of "password", as databases seeded before argon2id hold it.
    await expectRehashedAtLogin(
      'carol',
      'globex',
      '$scrypt$N=16384,r=8,p=1$tdr6ZtTjFFYkexhPLOXTUg==$Nmtr8GfjVPFg6elV+0l1JvSYC3Fnl1jytPpHEfw1hIg=',
    );
  });

  it('stores a new hash after a login with an argon2id hash of weaker parameters', async () => {
    // argon2id of "password" with 4 MiB and one pass.
    await expectRehashedAtLogin(
      'bob',
      'acme',
      '$argon2id$v=19$m=4096,t=1,p=1$FzWvl8MtbWPkmPQue3lgqg$DdveKTcD/Ftn3wblp3IoHKyCr2KE+WB+m7RA5vPxH6g',
    );
  });
});
