/**
 * The picker lists of the project form: `GET /labels` and `GET /users` with the list conventions, the users'
 * `filter[admin]` defaulting to false, their abilities and tenant isolation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../shared/envelopes';
import { memberWithAbilities, tokenFor } from './api-helpers';
import { startTestServer, type TestServer } from './test-server';

type ListBody = Page<Record<string, unknown>>;

let server: TestServer;
let alice: string;
let bob: string;
let carol: string;

beforeAll(async () => {
  server = await startTestServer();
  [alice, bob, carol] = await Promise.all(['alice', 'bob', 'carol'].map((name) => tokenFor(server, name)));
});
afterAll(() => server?.close());

async function list(path: string, token = alice, subdomain = 'acme'): Promise<ListBody> {
  const response = await server.request(subdomain, path, { token });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as ListBody;
}

const names = (body: ListBody, field = 'name') => body.data.map((item) => item[field]);

describe('GET /labels', () => {
  it('lists the company’s labels newest first, searchable and sortable', async () => {
    const body = await list('/labels?per_page=10');
    expect(body.meta.total).toBe(6);
    expect(body.data[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      color: expect.stringMatching(/^#[0-9a-f]{6}$/),
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(names(await list('/labels?sort=name'))).toEqual([
      'Client review',
      'Commercial',
      'Concept',
      'Renovation',
      'Residential',
      'Urgent',
    ]);
    expect(names(await list('/labels?filter[search]=RES'))).toEqual(['Residential']);
    expect(names(await list('/labels?included_fields[]=labels.name&sort=-name&per_page=2'))).toEqual([
      'Urgent',
      'Residential',
    ]);
    const bad = await server.request('acme', '/labels?sort=color', { token: alice });
    expect(bad.status).toBe(400);
  });

  it('needs list-labels, and shows each tenant its own', async () => {
    expect((await list('/labels', bob)).meta.total).toBe(6);
    // A member of another company, so acme's user list stays as seeded.
    const nobody = await memberWithAbilities(server, ['view-projects'], 'initech');
    expect((await server.request('initech', '/labels', { token: nobody })).status).toBe(403);
    expect(names(await list('/labels', carol, 'globex'))).toEqual(['Flagship']);
    expect((await server.request('globex', '/labels', { token: alice })).status).toBe(401);
  });
});

describe('GET /users', () => {
  it('lists the company’s users without administrators by default, with their role', async () => {
    const body = await list('/users?sort=username');
    expect(names(body, 'username')).toEqual(['alice', 'bob']);
    expect(body.data[0]).toEqual({
      id: expect.any(Number),
      name: 'Alice Anders',
      username: 'alice',
      email: 'alice@acme.test',
      phone_number: null,
      function: '3D artist',
      admin: 0,
      profile_image: null,
      role: { id: expect.any(Number), title: 'Manager' },
      role_id: expect.any(Number),
      groups: [{ id: expect.any(Number), name: 'Design studio' }],
      group_count: 1,
      licenses: ['design_and_sales', 'hatch'],
      project_count: expect.any(Number),
      abilities: expect.arrayContaining(['view-projects']),
      created_at: expect.any(String),
      updated_at: expect.any(String),
      email_verified: true,
      email_verified_at: expect.anything(),
      invitation_pending: false,
    });
    expect(names(await list('/users?filter[admin]=true'), 'username')).toEqual(['admin']);
    expect((await list('/users?filter[admin]=true&included_fields[]=role')).data).toEqual([{ role: null }]);
    expect(names(await list('/users?filter[admin]=true,false&sort=username'), 'username')).toEqual([
      'admin',
      'alice',
      'bob',
    ]);
  });

  it('searches name, username and email, and sorts by each list column', async () => {
    expect(names(await list('/users?filter[search]=bob@acme'), 'username')).toEqual(['bob']);
    expect(names(await list('/users?filter[search]=anders'), 'username')).toEqual(['alice']);
    for (const sort of ['name', '-email', 'created_at', '-updated_at', 'email_verified_at']) {
      expect((await list(`/users?sort=${sort}`)).meta.total, sort).toBe(2);
    }
    expect(names(await list('/users?sort=-name'), 'username')).toEqual(['bob', 'alice']);
  });

  it('needs view-system-users, and shows each tenant its own', async () => {
    expect((await server.request('acme', '/users', { token: bob })).status).toBe(403);
    expect(names(await list('/users', carol, 'globex'), 'username')).toEqual(['carol']);
    expect((await server.request('globex', '/users', { token: alice })).status).toBe(401);
  });
});
