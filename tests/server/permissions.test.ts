/**
 * Every endpoint built here requires what the spec names for the matching UI action: 403 without the ability,
 * 200 with it (through the role or a group), admins pass; signed-in-only endpoints need no ability; `/admin/...`
 * needs the admin flag (except reading the changelog).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ABILITIES } from '../../shared/abilities';
import { companyId, jsonBody, memberWithAbilities, newMember, tokenFor } from './api-helpers';
import { startTestServer, type TestServer } from './test-server';

let server: TestServer;
let admin: string;
let alice: string;
let nobody: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await tokenFor(server, 'admin');
  alice = await tokenFor(server, 'alice');
  nobody = await memberWithAbilities(server, []);
});
afterAll(() => server?.close());

const ABILITY_ENDPOINTS: Array<[string, string]> = [
  ['/projects', 'view-projects'],
  ['/projects?count=1&include_sub_projects=1', 'view-projects'],
  ['/projects/models', 'list-project-models'],
  ['/projects/models?count=1', 'list-project-models'],
  ['/libraries', 'list-libraries'],
  ['/libraries?count=1', 'list-libraries'],
];

describe.each(ABILITY_ENDPOINTS)('GET %s', (path, ability) => {
  it(`needs ${ability}`, async () => {
    const without = await server.request('acme', path, { token: nobody });
    expect(without.status).toBe(403);
    expect(await without.json()).toEqual({ message: 'This action is unauthorized.' });

    const allButIt = await memberWithAbilities(
      server,
      ABILITIES.filter((name) => name !== ability),
    );
    expect((await server.request('acme', path, { token: allButIt })).status).toBe(403);

    const withIt = await memberWithAbilities(server, [ability]);
    expect((await server.request('acme', path, { token: withIt })).status).toBe(200);
    expect((await server.request('acme', path, { token: admin })).status).toBe(200);
    expect((await server.request('acme', path)).status).toBe(401);
  });
});

describe('signed-in endpoints', () => {
  it.each([
    '/auth/validate',
    '/companies/my-company',
    '/companies',
    '/my-account/notifications',
    '/admin/changelog-items',
  ])('GET %s needs no ability', async (path) => {
    expect((await server.request('acme', path, { token: nobody })).status).toBe(200);
    expect((await server.request('acme', path)).status).toBe(401);
  });

  it('lets a member without abilities mark their own notifications', async () => {
    const response = await server.request('acme', '/my-account/notifications/read-all', {
      method: 'POST',
      token: nobody,
      ...jsonBody({ read: true }),
    });
    expect(response.status).toBe(200);
  });
});

describe('abilities through groups', () => {
  it('grants the abilities of a group’s role', async () => {
    const member = await newMember(server, []);
    const token = member.token;
    const acme = await companyId(server, 'acme');
    const role = await server.db
      .insertInto('roles')
      .values({ company_id: acme, title: 'Library readers', description: null, deleted_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await server.db
      .insertInto('role_abilities')
      .values({ role_id: role.id, ability: 'list-libraries' })
      .execute();
    const group = await server.db
      .insertInto('groups')
      .values({ company_id: acme, name: 'Readers', description: null, role_id: role.id, deleted_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await server.request('acme', '/libraries', { token })).status).toBe(403);
    await server.db.insertInto('group_user').values({ group_id: group.id, user_id: member.id }).execute();
    expect((await server.request('acme', '/libraries', { token })).status).toBe(200);
    expect((await server.request('acme', '/projects', { token })).status).toBe(403);
  });
});

describe('admin endpoints', () => {
  let itemId: number;
  beforeAll(async () => {
    const item = await server.db
      .selectFrom('changelog_items')
      .select('id')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    itemId = item.id;
  });

  const ADMIN_CALLS: Array<[string, string, () => RequestInit]> = [
    ['GET', '/admin/maintenance-mode', () => ({})],
    ['PATCH', '/admin/maintenance-mode', () => jsonBody({ enabled: false })],
    ['GET', '/admin/changelog-items/{id}', () => ({})],
    [
      'POST',
      '/admin/changelog-items',
      () => jsonBody({ type: 'added', description: 'By admin', environments: { development: 1 } }),
    ],
    ['PATCH', '/admin/changelog-items/{id}', () => jsonBody({ description: 'Edited by admin' })],
    ['PATCH', '/admin/changelog-items/sync', () => jsonBody({})],
    ['DELETE', '/admin/changelog-items/{id}', () => ({})],
  ];

  it.each(ADMIN_CALLS)('%s %s needs the admin flag, not abilities', async (method, template, init) => {
    const path = template.replace('{id}', String(itemId));
    const manager = await server.request('acme', path, { method, token: alice, ...init() });
    expect(manager.status).toBe(403);
    expect(await manager.json()).toEqual({ message: 'This action is unauthorized.' });
    const response = await server.request('acme', path, { method, token: admin, ...init() });
    expect(response.status).toBeLessThan(300);
    expect((await server.request('acme', path, { method, ...init() })).status).toBe(401);
  });

  it('answers 401 and 403 before validating the input', async () => {
    const invalid = jsonBody({ type: 'nonsense' });
    expect(
      (await server.request('acme', '/admin/changelog-items', { method: 'POST', ...invalid })).status,
    ).toBe(401);
    expect(
      (await server.request('acme', '/admin/changelog-items', { method: 'POST', token: alice, ...invalid }))
        .status,
    ).toBe(403);
    expect(
      (await server.request('acme', '/admin/changelog-items', { method: 'POST', token: admin, ...invalid }))
        .status,
    ).toBe(422);
  });
});

describe('the recycling bin', () => {
  const TRASHED_LISTS: Array<[string, string]> = [
    ['/projects?trashed=1', 'view-projects'],
    ['/projects/models?trashed=1', 'list-project-models'],
    ['/libraries?trashed=1', 'list-libraries'],
  ];

  it.each(TRASHED_LISTS)('%s needs access-recycling-bin besides %s', async (path, listAbility) => {
    const bob = await tokenFor(server, 'bob');
    const viewer = await server.request('acme', path, { token: bob });
    expect(viewer.status).toBe(403);
    expect(await viewer.json()).toEqual({ message: 'This action is unauthorized.' });
    const lister = await memberWithAbilities(server, [listAbility]);
    expect((await server.request('acme', path, { token: lister })).status).toBe(403);
    // The list itself stays open to them.
    expect(
      (await server.request('acme', path.replace('trashed=1', 'trashed=0'), { token: bob })).status,
    ).toBe(200);

    const binKeeper = await memberWithAbilities(server, [listAbility, 'access-recycling-bin']);
    expect((await server.request('acme', path, { token: binKeeper })).status).toBe(200);
    expect((await server.request('acme', path, { token: admin })).status).toBe(200);
  });

  it('shows a viewer none of the deleted rows, an admin all of them', async () => {
    const deleted = await server.request('acme', '/projects', {
      method: 'POST',
      token: admin,
      ...jsonBody({ name: 'Binned for the permission test' }),
    });
    const { data } = (await deleted.json()) as { data: { id: number } };
    expect(
      (await server.request('acme', `/projects/${data.id}`, { method: 'DELETE', token: admin })).ok,
    ).toBe(true);

    const bob = await tokenFor(server, 'bob');
    const viewer = await server.request('acme', '/projects?trashed=1', { token: bob });
    expect(await viewer.text()).not.toContain('Binned for the permission test');
    const bin = (await (await server.request('acme', '/projects?trashed=1', { token: admin })).json()) as {
      data: Array<{ name: string }>;
    };
    expect(bin.data.map((project) => project.name)).toContain('Binned for the permission test');
  });
});
