import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('GET /companies/{subdomain}', () => {
  it('answers the tenant of a subdomain on the public host', async () => {
    const response = await server.request(null, '/companies/acme');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      data: {
        id: expect.any(Number),
        name: 'Acme Visuals',
        logo: null,
        sub_domain: 'acme',
        colors: { primary_color: '#1f6feb', primary_accent: '#58a6ff80', is_default: false },
      },
    });
  });

  it('answers 404 in Laravel shape for an unknown subdomain', async () => {
    const response = await server.request(null, '/companies/nope');
    expect(response.status).toBe(404);
    expect((await response.json()).message).toMatch(/No query results/);
  });

  it('answers a Laravel-style 404 for unknown API routes', async () => {
    const response = await server.request(null, '/does-not-exist');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'The route api/v2/does-not-exist could not be found.' });
  });

  it('serves the OpenAPI document', async () => {
    const response = await fetch(`http://127.0.0.1:${server.port}/api/v2/docs/json`);
    expect(response.status).toBe(200);
    const document = await response.json();
    expect(document.paths['/api/v2/companies/{subdomain}']).toBeDefined();
  });
});
