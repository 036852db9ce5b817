/** Tenancy: the tenant comes from the host; a token never reads or writes another company's rows. CORS. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyId, jsonBody, tokenFor, userId } from './api-helpers';
import { startTestServer, type TestServer } from './test-server';

let server: TestServer;
let alice: string;
let carol: string;

beforeAll(async () => {
  server = await startTestServer();
  alice = await tokenFor(server, 'alice');
  carol = await tokenFor(server, 'carol');
});
afterAll(() => server?.close());

const unreadOf = async (username: string) => {
  const rows = await server.db
    .selectFrom('notifications')
    .select('id')
    .where('user_id', '=', await userId(server, username))
    .where('read_at', 'is', null)
    .execute();
  return rows.map((row) => row.id).sort();
};

describe('a token of acme on globex’s host', () => {
  it('is refused for reads', async () => {
    for (const path of [
      '/auth/validate',
      '/projects',
      '/projects?count=1',
      '/my-account/notifications',
      '/companies/my-company',
    ]) {
      const response = await server.request('globex', path, { token: alice });
      expect(response.status, path).toBe(401);
      expect(await response.json()).toEqual({ message: 'Unauthenticated.' });
    }
  });

  it('is refused for writes, and changes nothing', async () => {
    const before = { alice: await unreadOf('alice'), carol: await unreadOf('carol') };
    const [carolNotification] = before.carol;
    const readAll = await server.request('globex', '/my-account/notifications/read-all', {
      method: 'POST',
      token: alice,
      ...jsonBody({ read: true }),
    });
    expect(readAll.status).toBe(401);
    const markOne = await server.request('globex', `/my-account/notifications/${carolNotification}`, {
      method: 'PATCH',
      token: alice,
      ...jsonBody({ read: true }),
    });
    expect(markOne.status).toBe(401);
    expect({ alice: await unreadOf('alice'), carol: await unreadOf('carol') }).toEqual(before);
  });

  it('cannot reach globex rows by id from acme’s host either', async () => {
    const [carolNotification] = await unreadOf('carol');
    const response = await server.request('acme', `/my-account/notifications/${carolNotification}`, {
      method: 'PATCH',
      token: alice,
      ...jsonBody({ read: true }),
    });
    expect(response.status).toBe(404);
    expect(await unreadOf('carol')).toContain(carolNotification);
  });

  it('is refused on the public host and on an unknown company', async () => {
    expect((await server.request(null, '/projects', { token: alice })).status).toBe(401);
    expect((await server.request('nonexistent', '/projects', { token: alice })).status).toBe(401);
  });

  it('cannot switch tenant through a forwarded-host header', async () => {
    // From a trusted proxy (loopback by default) the forwarded host is the tenant: globex, not alice's.
    const response = await server.request('acme', '/projects', {
      token: alice,
      headers: { 'X-Forwarded-Host': `globex.portal.localhost:${server.port}` },
    });
    expect(response.status).toBe(401);
  });

  it('ignores forwarded headers from a client that is not a trusted proxy', async () => {
    const direct = await startTestServer({ trustProxy: false });
    try {
      const token = await tokenFor(direct, 'alice');
      const response = await direct.request('acme', '/projects?count=1', {
        token,
        headers: { 'X-Forwarded-Host': `globex.portal.localhost:${direct.port}` },
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ data: { count: 32 } });
    } finally {
      await direct.close();
    }
  });
});

describe('tenant-scoped lists', () => {
  it('lists only the company’s own rows, whatever the filters say', async () => {
    const acmeNames = (
      await (
        await server.request('acme', '/projects?per_page=100&filter[search]=globex', { token: alice })
      ).json()
    ).data;
    expect(acmeNames).toEqual([]);
    const globex = await (await server.request('globex', '/projects?per_page=100', { token: carol })).json();
    expect(globex.data.map((project: { name: string }) => project.name).sort()).toEqual([
      'Globex Harbour',
      'Globex Headquarters',
      'Globex Research Lab',
      'Globex Retail Flagship',
    ]);
    const acmeLabels = await companyId(server, 'acme');
    const labelIds = (
      await server.db.selectFrom('labels').select('id').where('company_id', '=', acmeLabels).execute()
    ).map((row) => row.id);
    const crossLabel = await (
      await server.request('globex', `/projects?filter[label]=${labelIds.join(',')}`, { token: carol })
    ).json();
    expect(crossLabel.data).toEqual([]);
    expect(globex.meta_data.filters.labels.map((label: { name: string }) => label.name)).toEqual([
      'Flagship',
    ]);
  });
});

describe('CORS', () => {
  it('allows the portal’s own origins and no other', async () => {
    const allowed = await server.request(null, '/companies/acme', {
      headers: { Origin: `http://acme.portal.localhost:${server.port}` },
    });
    expect(allowed.headers.get('access-control-allow-origin')).toBe(
      `http://acme.portal.localhost:${server.port}`,
    );
    const platform = await server.request(null, '/companies/acme', {
      headers: { Origin: 'https://customerportal-acme.portal.localhost' },
    });
    expect(platform.headers.get('access-control-allow-origin')).toBe(
      'https://customerportal-acme.portal.localhost',
    );
    for (const origin of [
      'http://evil.test',
      'http://portal.localhost.evil.test',
      'http://notportal.localhost',
    ]) {
      const refused = await server.request(null, '/companies/acme', { headers: { Origin: origin } });
      expect(refused.headers.get('access-control-allow-origin'), origin).toBeNull();
    }
  });

  it('answers a preflight for an authenticated call from a tenant origin', async () => {
    const response = await server.request('acme', '/my-account/notifications/1', {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://acme.portal.localhost:5173',
        'Access-Control-Request-Method': 'PATCH',
        'Access-Control-Request-Headers': 'authorization,content-type',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://acme.portal.localhost:5173');
    expect(response.headers.get('access-control-allow-methods')).toContain('PATCH');
  });
});
