/** Maintenance mode: the admin switch and the environment switch make every /api/v2 call answer 503. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonBody, tokenFor } from './api-helpers';
import { startTestServer, type TestServer } from './test-server';

describe('the admin switch', () => {
  let server: TestServer;
  let admin: string;
  let alice: string;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await tokenFor(server, 'admin');
    alice = await tokenFor(server, 'alice');
  });
  afterAll(() => server?.close());

  const switchTo = (body: unknown, token = admin) =>
    server.request('acme', '/admin/maintenance-mode', { method: 'PATCH', token, ...jsonBody(body) });

  it('answers 503 {status, back_on} with Retry-After on every call while on, and nothing else changes', async () => {
    const backOn = new Date(Date.now() + 10 * 60 * 1000).toISOString();
    const on = await switchTo({ enabled: true, status: 'Upgrading the database', back_on: backOn });
    expect(on.status).toBe(200);
    expect(await on.json()).toEqual({
      data: { enabled: true, status: 'Upgrading the database', back_on: backOn, source: 'admin' },
    });

    const calls: Array<[string | null, string, RequestInit & { token?: string }]> = [
      [null, '/companies/acme', {}],
      ['acme', '/login', { method: 'POST', ...jsonBody({ identity: 'alice', password: 'password' }) }],
      ['acme', '/projects?count=1', { token: alice }],
      [
        'acme',
        '/my-account/notifications/read-all',
        { method: 'POST', token: alice, ...jsonBody({ read: true }) },
      ],
      ['acme', '/does-not-exist', {}],
    ];
    for (const [subdomain, path, init] of calls) {
      const response = await server.request(subdomain, path, init);
      expect(response.status, path).toBe(503);
      expect(await response.json()).toEqual({ status: 'Upgrading the database', back_on: backOn });
      const retryAfter = Number(response.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(590);
      expect(retryAfter).toBeLessThanOrEqual(600);
    }
    const unread = await server.db
      .selectFrom('notifications')
      .select('id')
      .where('read_at', 'is', null)
      .execute();
    expect(unread.length).toBeGreaterThan(0);
  });

  it('keeps CORS headers on a 503 and lets preflights, the docs and the switch itself through', async () => {
    const response = await server.request(null, '/companies/acme', {
      headers: { Origin: 'http://acme.portal.localhost:8080' },
    });
    expect(response.status).toBe(503);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://acme.portal.localhost:8080');
    const preflight = await server.request('acme', '/projects', {
      method: 'OPTIONS',
      headers: { Origin: 'http://acme.portal.localhost:8080', 'Access-Control-Request-Method': 'GET' },
    });
    expect(preflight.status).toBe(204);
    expect((await fetch(`http://127.0.0.1:${server.port}/api/v2/docs/json`)).status).toBe(200);
    const state = await server.request('acme', '/admin/maintenance-mode', { token: admin });
    expect(state.status).toBe(200);
    expect(((await state.json()) as { data: { enabled: boolean } }).data.enabled).toBe(true);
    expect((await server.request('acme', '/admin/maintenance-mode', { token: alice })).status).toBe(403);
  });

  it('is off again at once when the admin switches it off', async () => {
    const off = await switchTo({ enabled: false });
    expect(await off.json()).toEqual({ data: { enabled: false, status: null, back_on: null, source: null } });
    expect((await server.request(null, '/companies/acme')).status).toBe(200);
    expect((await server.request('acme', '/projects?count=1', { token: alice })).status).toBe(200);
  });

  it('answers 503 without Retry-After when no back_on is given', async () => {
    await switchTo({ enabled: '1' });
    const response = await server.request(null, '/companies/acme');
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: null, back_on: null });
    expect(response.headers.get('retry-after')).toBeNull();
    await switchTo({ enabled: '0' });
    expect((await server.request(null, '/companies/acme')).status).toBe(200);
  });
});

describe('the environment switch (MAINTENANCE_MODE=1)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ maintenance: { status: 'Scheduled upgrade', backOn: null } });
  });
  afterAll(() => server?.close());

  it('answers 503 on every call, and the admin switch cannot turn it off', async () => {
    const response = await server.request(null, '/companies/acme');
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: 'Scheduled upgrade', back_on: null });
    const admin = await tokenFor(server, 'admin');
    const off = await server.request('acme', '/admin/maintenance-mode', {
      method: 'PATCH',
      token: admin,
      ...jsonBody({ enabled: false }),
    });
    expect(((await off.json()) as { data: { enabled: boolean; source: string } }).data).toMatchObject({
      enabled: true,
      source: 'environment',
    });
    expect((await server.request(null, '/companies/acme')).status).toBe(503);
  });
});
