import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyId, newMember, tokenFor } from './api-helpers';
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

describe('GET /companies/my-company', () => {
  it('answers the tenant with its profile, demo model and licences bought and used', async () => {
    const response = await server.request('acme', '/companies/my-company', {
      token: await tokenFor(server, 'bob'),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      data: {
        id: await companyId(server, 'acme'),
        name: 'Acme Visuals',
        sub_domain: 'acme',
        logo: null,
        background_image: null,
        address: null,
        postal_code: null,
        country: 'Netherlands',
        city: null,
        phone_number: null,
        website: null,
        description: 'Acme Visuals demo company',
        colors: { primary_color: '#1f6feb', primary_accent: '#58a6ff80', is_default: false },
        autodesk_integration: 'no',
        demo_model: { id: expect.any(Number), name: 'Harbour Tower – Facade', preview_image_url: null },
        licenses: [
          { key: 'design_and_sales', bought: 10, used: 3 },
          { key: 'hatch', bought: 5, used: 2 },
          { key: 'holo_helmet', bought: 0, used: 0 },
          { key: 'realization', bought: 2, used: 0 },
          { key: 'standalone', bought: 1, used: 0 },
        ],
      },
    });
  });

  it('counts a licence as used once a member holds it', async () => {
    const member = await newMember(server, []);
    const acme = await companyId(server, 'acme');
    await server.db
      .insertInto('user_licences')
      .values({ company_id: acme, user_id: member.id, licence: 'realization' })
      .execute();
    const response = await server.request('acme', '/companies/my-company', { token: member.token });
    const { licenses } = (await response.json()).data as { licenses: Array<{ key: string; used: number }> };
    expect(licenses.find((licence) => licence.key === 'realization')?.used).toBe(1);
  });

  it('is the company of the host, for globex’s member', async () => {
    const response = await server.request('globex', '/companies/my-company', {
      token: await tokenFor(server, 'carol'),
    });
    const { data } = await response.json();
    expect(data).toMatchObject({ name: 'Globex Design', demo_model: null, colors: { is_default: true } });
    expect(data.licenses[0]).toEqual({ key: 'design_and_sales', bought: 3, used: 1 });
  });
});

describe('GET /companies', () => {
  it('lists the companies the user belongs to', async () => {
    const response = await server.request('acme', '/companies', { token: await tokenFor(server, 'alice') });
    expect(await response.json()).toEqual({
      data: [{ id: await companyId(server, 'acme'), name: 'Acme Visuals', sub_domain: 'acme', logo: null }],
    });
  });

  it('lists every company, by name, for an admin', async () => {
    const response = await server.request('acme', '/companies', { token: await tokenFor(server, 'admin') });
    const { data } = (await response.json()) as { data: Array<{ sub_domain: string }> };
    expect(data.map((company) => company.sub_domain)).toEqual(['acme', 'globex', 'initech', 'umbrella']);
  });
});
