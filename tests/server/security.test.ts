/**
 * Security (issue 14): users (list, show, create, update with role, groups and licence seats, remove from the
 * company), the invitation, roles and groups, with their abilities, tenant isolation, the seat accounting under two
 * concurrent assignments of the last seat, and `UserPermissionsUpdated` after role, group and membership changes.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from '../../shared/envelopes';
import type { Broadcaster } from '../../server/realtime/broadcaster';
import { companyId, jsonBody, memberWithAbilities, newMember, tokenFor, userId } from './api-helpers';
import { startTestServer, type TestServer } from './test-server';

type Body = Record<string, unknown>;
type ListBody = Page<Body>;

let server: TestServer;
let alice: string;
let bob: string;
let carol: string;
let admin: string;
let published: Array<{ channels: string[]; event: string }>;

beforeAll(async () => {
  server = await startTestServer();
  [alice, bob, carol, admin] = await Promise.all(
    ['alice', 'bob', 'carol', 'admin'].map((name) => tokenFor(server, name)),
  );
  const recorder: Broadcaster = {
    publish: async (channels, event) => void published.push({ channels, event }),
  };
  server.app.ctx.broadcaster = recorder;
});
beforeEach(() => {
  published = [];
});
afterAll(() => server?.close());

async function call(method: string, path: string, token: string, body?: unknown, subdomain = 'acme') {
  const response = await server.request(subdomain, path, {
    method,
    token,
    ...(body === undefined ? {} : jsonBody(body)),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as Body & { data: Body } };
}

const data = (response: { body: { data: Body } }) => response.body.data;
const permissionEvents = () =>
  published
    .filter((entry) => entry.event === 'App\\Events\\UserPermissionsUpdated')
    .flatMap((e) => e.channels);
let unique = 0;
const fresh = (prefix: string) => `${prefix}${++unique}${Date.now().toString(36)}`;

async function roleId(title: string, subdomain = 'acme') {
  const row = await server.db
    .selectFrom('roles')
    .select('id')
    .where('title', '=', title)
    .where('company_id', '=', await companyId(server, subdomain))
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('users', () => {
  it('lists with role, groups, licences and the verified state; 403 without view-system-users', async () => {
    const list = await call('GET', '/users?sort=email_verified_at&per_page=5', alice);
    expect(list.status).toBe(200);
    const body = list.body as unknown as ListBody;
    const bobRow = body.data.find((user) => user.username === 'bob')!;
    expect(bobRow).toMatchObject({
      role: { title: 'Viewer' },
      groups: [{ name: 'Sales team' }],
      licenses: ['design_and_sales'],
      email_verified: true,
    });
    const viewer = await roleId('Viewer');
    const filtered = (await call('GET', `/users?filter[role]=${viewer}`, alice)).body as unknown as ListBody;
    expect(filtered.data.map((user) => user.username)).toEqual(['bob']);
    expect((await call('GET', '/users', bob)).status).toBe(403);
    expect((await call('GET', '/users', alice, undefined, 'globex')).status).toBe(401);
  });

  it('shows one user of the company, 404 for another company’s user', async () => {
    const bobId = await userId(server, 'bob');
    expect(data(await call('GET', `/users/${bobId}`, alice))).toMatchObject({ username: 'bob' });
    const carolId = await userId(server, 'carol');
    expect((await call('GET', `/users/${carolId}`, alice)).status).toBe(404);
    expect((await call('GET', `/users/${bobId}`, bob)).status).toBe(403);
  });

  it('creates a user with role, groups and licences; 422 per field; 403 without create-users', async () => {
    const name = fresh('newbie');
    const { id: acmeGroup } = await server.db
      .selectFrom('groups')
      .select('id')
      .where('name', '=', 'Sales team')
      .where('company_id', '=', await companyId(server, 'acme'))
      .executeTakeFirstOrThrow();
    const created = await call('POST', '/users', alice, {
      name: 'New Bie',
      username: name,
      email: `${name}@acme.test`,
      phone_number: '+31 20 123 4567',
      role_id: await roleId('Designer'),
      groups: [acmeGroup],
      licenses: ['design_and_sales'],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(data(created)).toMatchObject({
      username: name,
      role: { title: 'Designer' },
      groups: [{ id: acmeGroup }],
      licenses: ['design_and_sales'],
      email_verified: false,
    });
    const invalid = await call('POST', '/users', alice, {
      name: '',
      username: 'bob',
      email: 'not-an-email',
      role_id: await roleId('Manager', 'globex'),
    });
    expect(invalid.status).toBe(422);
    expect(Object.keys(invalid.body.errors as Body).sort()).toEqual(['email', 'name']);
    const taken = await call('POST', '/users', alice, {
      name: 'X',
      username: 'BOB',
      email: 'fresh@acme.test',
      role_id: await roleId('Manager', 'globex'),
    });
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual({
      username: ['The username has already been taken.'],
      role_id: ['The selected role id is invalid.'],
    });
    expect((await call('POST', '/users', bob, { name: 'X', username: 'x', email: 'x@x.test' })).status).toBe(
      403,
    );
  });

  it('updates role and groups, and tells the user to re-validate', async () => {
    const member = await newMember(server, ['view-projects']);
    const updated = await call('PATCH', `/users/${member.id}`, alice, {
      role_id: await roleId('Viewer'),
      function: 'Planner',
    });
    expect(updated.status).toBe(200);
    expect(data(updated)).toMatchObject({ role: { title: 'Viewer' }, function: 'Planner' });
    const acme = await companyId(server, 'acme');
    expect(permissionEvents()).toContain(`private-Company.${acme}.User.${member.id}`);
    const ability = await call('GET', '/users', member.token);
    expect(ability.status).toBe(403);
  });

  it('removes a user from the company, never oneself; 403 without delete-users', async () => {
    const member = await newMember(server, ['view-projects']);
    expect((await call('DELETE', `/users/${member.id}`, bob)).status).toBe(403);
    const removed = await call('DELETE', `/users/${member.id}`, alice);
    expect(removed.body).toEqual({ user_name: expect.any(String), status: 'successfully deleted' });
    expect((await call('GET', `/users/${member.id}`, alice)).status).toBe(404);
    expect((await call('GET', '/projects', member.token)).status).toBe(401);
    const aliceId = await userId(server, 'alice');
    const self = await call('DELETE', `/users/${aliceId}`, alice);
    expect(self.status).toBe(422);
    expect(self.body.message).toBe('You cannot remove yourself from this company.');
  });
});

describe('licence seats', () => {
  async function seats(licence: string, bought: number) {
    const acme = await companyId(server, 'acme');
    await server.db
      .updateTable('company_licences')
      .set({ bought })
      .where('company_id', '=', acme)
      .where('licence', '=', licence)
      .execute();
    const used = await server.db
      .selectFrom('user_licences')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('company_id', '=', acme)
      .where('licence', '=', licence)
      .executeTakeFirstOrThrow();
    return Number(used.count);
  }

  it('never uses more seats than bought, even with two concurrent assignments of the last one', async () => {
    const used = await seats('realization', 0);
    await seats('realization', used + 1);
    const first = await newMember(server, []);
    const second = await newMember(server, []);
    const answers = await Promise.all(
      [first, second].map((member) =>
        call('PATCH', `/users/${member.id}`, alice, { licenses: ['realization'] }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422]);
    const refused = answers.find((answer) => answer.status === 422)!;
    expect(refused.body.errors).toEqual({
      licenses: ['No Realization licenses are available: every bought license is in use.'],
    });
    expect(await seats('realization', used + 1)).toBe(used + 1);
  });

  it('gives Converter & Optimizer only with Design & Sales, and frees a seat on removal', async () => {
    const member = await newMember(server, []);
    const alone = await call('PATCH', `/users/${member.id}`, alice, { licenses: ['hatch'] });
    expect(alone.status).toBe(422);
    expect(alone.body.errors).toEqual({
      licenses: ['Converter & Optimizer can only be assigned together with Design & Sales.'],
    });
    const both = await call('PATCH', `/users/${member.id}`, alice, {
      licenses: ['design_and_sales', 'hatch'],
    });
    expect(data(both).licenses).toEqual(['design_and_sales', 'hatch']);
    const usedBefore = await seats('hatch', 5);
    await call('DELETE', `/users/${member.id}`, alice);
    expect(await seats('hatch', 5)).toBe(usedBefore - 1);
  });

  it('refuses a licence the company bought none of', async () => {
    const member = await newMember(server, []);
    const none = await call('PATCH', `/users/${member.id}`, alice, { licenses: ['holo_helmet'] });
    expect(none.status).toBe(422);
  });
});

describe('POST /users/invite', () => {
  it('invites a new email as a pending user with the role, with a notification', async () => {
    const email = `${fresh('guest')}@elsewhere.test`;
    const invited = await call('POST', '/users/invite', alice, { email, role_id: await roleId('Viewer') });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    expect(invited.body.message).toBe('User invite successful');
    expect(data(invited)).toMatchObject({ email, role: { title: 'Viewer' }, email_verified: false });
    const notification = await server.db
      .selectFrom('notifications')
      .select('text')
      .where('user_id', '=', data(invited).id as number)
      .executeTakeFirstOrThrow();
    expect(notification.text).toMatch(
      /^Alice Anders invited you to Acme Visuals\. Accept or decline: http\S+\/invitation\?token=/,
    );
  });

  it('invites an existing account of another company by username', async () => {
    const invited = await call('POST', '/users/invite', alice, {
      email: 'dave',
      role_id: await roleId('Viewer'),
    });
    expect(invited.status).toBe(201);
    expect(data(invited)).toMatchObject({ username: 'dave' });
    const again = await call('POST', '/users/invite', alice, {
      email: 'DAVE',
      role_id: await roleId('Viewer'),
    });
    expect(again.body.errors).toEqual({ email: ['This user is already a member of this company.'] });
  });

  it('answers per field: role required, role of another company, unknown username; 403 for bob', async () => {
    const missing = await call('POST', '/users/invite', alice, { email: 'someone@acme.test' });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ role_id: ['The role id field is required.'] });
    const empty = await call('POST', '/users/invite', alice, { email: '', role_id: '' });
    expect(Object.keys(empty.body.errors as Body).sort()).toEqual(['email', 'role_id']);
    const foreign = await call('POST', '/users/invite', alice, {
      email: 'x@acme.test',
      role_id: await roleId('Manager', 'globex'),
    });
    expect(foreign.body.errors).toEqual({ role_id: ['The selected role id is invalid.'] });
    const unknown = await call('POST', '/users/invite', alice, {
      email: 'nobody',
      role_id: await roleId('Viewer'),
    });
    expect(Object.keys(unknown.body.errors as Body)).toEqual(['email']);
    expect((await call('POST', '/users/invite', bob, { email: 'y@acme.test', role_id: 1 })).status).toBe(403);
  });
});

describe('roles', () => {
  it('lists the company’s roles (Manager, Viewer, Designer) with abilities and notification settings', async () => {
    const list = (await call('GET', '/roles?sort=title', alice)).body as unknown as ListBody;
    expect(list.data.map((role) => role.title)).toEqual(
      expect.arrayContaining(['Designer', 'Manager', 'Viewer']),
    );
    const viewer = list.data.find((role) => role.title === 'Viewer')!;
    expect(viewer.abilities).toContain('view-projects');
    expect((viewer.notification_settings as Body[])[0]).toMatchObject({
      notification_type_id: 1,
      notification_type_title: 'You were added to a project',
      email: false,
      browser: true,
    });
    const globex = (await call('GET', '/roles', carol, undefined, 'globex')).body as unknown as ListBody;
    expect(globex.data.every((role) => !list.data.some((own) => own.id === role.id))).toBe(true);
    expect((await call('GET', '/roles', bob)).status).toBe(403);
  });

  it('creates, updates (abilities apply on the next request) and deletes a role', async () => {
    const title = fresh('Reviewer');
    const created = await call('POST', '/roles', alice, {
      title,
      description: 'Reviews',
      abilities: ['view-projects', 'list-labels'],
      notification_settings: [{ notification_type_id: 3, email: true, browser: false }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const role = data(created);
    expect(role.abilities).toEqual(['list-labels', 'view-projects']);
    const member = await newMember(server, []);
    await call('PATCH', `/users/${member.id}`, alice, { role_id: role.id });
    expect((await call('GET', '/labels', member.token)).status).toBe(200);
    published = [];
    const updated = await call('PATCH', `/roles/${role.id}`, alice, { abilities: ['view-projects'] });
    expect(data(updated).abilities).toEqual(['view-projects']);
    expect((await call('GET', '/labels', member.token)).status).toBe(403);
    const acme = await companyId(server, 'acme');
    expect(permissionEvents()).toEqual([`private-Company.${acme}.User.${member.id}`]);
    const duplicate = await call('POST', '/roles', alice, { title, abilities: ['nope'] });
    expect(duplicate.status).toBe(422);
    expect(Object.keys(duplicate.body.errors as Body)).toContain('abilities.0');
    expect((await call('POST', '/roles', alice, { title })).body.errors).toEqual({
      title: ['The title has already been taken.'],
    });
    const removed = await call('DELETE', `/roles/${role.id}`, alice);
    expect(removed.body).toEqual({ role_title: title, status: 'successfully deleted' });
    expect(data(await call('GET', `/users/${member.id}`, alice)).role).toBeNull();
  });

  it('refuses another company’s role and users without the ability', async () => {
    const globexRole = await roleId('Manager', 'globex');
    expect((await call('GET', `/roles/${globexRole}`, alice)).status).toBe(404);
    expect((await call('PATCH', `/roles/${globexRole}`, alice, { title: 'x' })).status).toBe(404);
    expect((await call('DELETE', `/roles/${globexRole}`, alice)).status).toBe(404);
    const viewer = await roleId('Viewer');
    expect((await call('PATCH', `/roles/${viewer}`, bob, { title: 'x' })).status).toBe(403);
    expect((await call('POST', '/roles', bob, { title: 'x' })).status).toBe(403);
  });
});

describe('groups', () => {
  it('lists the two seeded groups with role and users; 403 without view-groups', async () => {
    const list = (await call('GET', '/groups?sort=name', alice)).body as unknown as ListBody;
    expect(list.data.map((group) => group.name)).toEqual(['Design studio', 'Sales team']);
    expect(list.data[1]).toMatchObject({ role: { title: 'Viewer' } });
    expect(list.data[1].users).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'Bob Brink' })]),
    );
    expect((await call('GET', '/groups', bob)).status).toBe(403);
  });

  it('creates a group that grants its role to its members, updates and deletes it', async () => {
    const member = await newMember(server, []);
    const name = fresh('Reviewers');
    const created = await call('POST', '/groups', alice, {
      name,
      role_id: await roleId('Viewer'),
      users: [member.id],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const acme = await companyId(server, 'acme');
    expect(permissionEvents()).toEqual([`private-Company.${acme}.User.${member.id}`]);
    expect((await call('GET', '/labels', member.token)).status).toBe(200);
    const group = data(created);
    const carolId = await userId(server, 'carol');
    const foreign = await call('PATCH', `/groups/${group.id}`, alice, { users: [carolId] });
    expect(foreign.body.errors).toEqual({ 'users.0': ['The selected users.0 is invalid.'] });
    const emptied = await call('PATCH', `/groups/${group.id}`, alice, { users: [] });
    expect(data(emptied).users).toEqual([]);
    expect((await call('GET', '/labels', member.token)).status).toBe(403);
    expect((await call('DELETE', `/groups/${group.id}`, alice)).body).toEqual({
      group_name: name,
      status: 'successfully deleted',
    });
  });

  it('refuses another company’s group and users without the ability', async () => {
    const globex = await call('GET', '/groups', carol, undefined, 'globex');
    const foreignId = ((globex.body as unknown as ListBody).data[0] as Body).id;
    expect((await call('GET', `/groups/${foreignId}`, alice)).status).toBe(404);
    expect((await call('DELETE', `/groups/${foreignId}`, alice)).status).toBe(404);
    expect((await call('POST', '/groups', bob, { name: 'x' })).status).toBe(403);
    expect((await call('POST', '/groups', alice, { name: '' })).body.errors).toEqual({
      name: ['The name field is required.'],
    });
  });
});

describe('/admin/users', () => {
  it('lists users across companies for admins only', async () => {
    const list = (await call('GET', '/admin/users?sort=username&per_page=100', admin))
      .body as unknown as ListBody;
    const carolRow = list.data.find((user) => user.username === 'carol')!;
    expect(carolRow.companies).toEqual([{ id: expect.any(Number), name: 'Globex Design' }]);
    expect((await call('GET', '/admin/users', alice)).status).toBe(403);
  });

  it('creates, updates the admin flag and removes a user from the company', async () => {
    const name = fresh('ops');
    const created = await call('POST', '/admin/users', admin, {
      name: 'Ops',
      username: name,
      email: `${name}@x.test`,
      password: 'initial-secret',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = data(created).id as number;
    const login = await server.request('acme', '/login', {
      method: 'POST',
      ...jsonBody({ identity: name, password: 'initial-secret' }),
    });
    expect(login.status).toBe(200);
    const updated = await call('PATCH', `/admin/users/${id}`, admin, { admin: true });
    expect(data(updated)).toMatchObject({ admin: 1, companies: [{ name: 'Acme Visuals' }] });
    expect(
      (await call('PATCH', `/admin/users/${id}`, admin, { email: 'bob@acme.test' })).body.errors,
    ).toEqual({
      email: ['The email has already been taken.'],
    });
    expect((await call('PATCH', `/admin/users/${id}`, alice, { admin: false })).status).toBe(403);
    const removed = await call('DELETE', `/admin/users/${id}`, admin);
    expect(removed.body).toEqual({ user_name: 'Ops', status: 'successfully deleted' });
    expect(data(await call('GET', `/admin/users/${id}`, admin)).companies).toEqual([]);
    const adminId = await userId(server, 'admin');
    expect((await call('DELETE', `/admin/users/${adminId}`, admin)).status).toBe(422);
  });

  it('removes a user from this company only (the host’s): its role, groups and seats go, the rest stays', async () => {
    const name = fresh('twice');
    const id = data(
      await call('POST', '/admin/users', admin, { name: 'Twice', username: name, email: `${name}@x.test` }),
    ).id as number;
    const [acme, globex] = [await companyId(server, 'acme'), await companyId(server, 'globex')];
    const groupOf = async (company: number) =>
      (
        await server.db
          .selectFrom('groups')
          .select('id')
          .where('company_id', '=', company)
          .orderBy('id')
          .executeTakeFirstOrThrow()
      ).id;
    const [acmeGroup, globexGroup] = [await groupOf(acme), await groupOf(globex)];
    expect(
      (
        await call('PATCH', `/users/${id}`, alice, {
          role_id: await roleId('Viewer'),
          groups: [acmeGroup],
          licenses: ['design_and_sales'],
        })
      ).status,
    ).toBe(200);
    await server.db
      .insertInto('company_user')
      .values({ company_id: globex, user_id: id, role_id: await roleId('Designer', 'globex') })
      .execute();
    await server.db.insertInto('group_user').values({ group_id: globexGroup, user_id: id }).execute();
    await server.db
      .insertInto('user_licences')
      .values({ company_id: globex, user_id: id, licence: 'design_and_sales' })
      .execute();
    const listed = (await call('GET', `/admin/users?filter[search]=${name}`, admin))
      .body as unknown as ListBody;
    expect(listed.data[0]).toMatchObject({ in_current_company: true });
    const onInitech = (await call('GET', `/admin/users?filter[search]=${name}`, admin, undefined, 'initech'))
      .body as unknown as ListBody;
    expect(onInitech.data[0]).toMatchObject({ in_current_company: false });

    // Not an administrator, or not on this company's host: refused, nothing removed.
    expect((await call('DELETE', `/admin/users/${id}`, alice)).status).toBe(403);
    expect((await call('DELETE', `/admin/users/${id}`, carol, undefined, 'globex')).status).toBe(403);
    expect((await call('DELETE', `/admin/users/${id}`, alice, undefined, 'globex')).status).toBe(401);
    // On a host whose company the user does not belong to, there is nothing to remove.
    const elsewhere = await call('DELETE', `/admin/users/${id}`, admin, undefined, 'initech');
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.body.message).toBe('This user is not a member of this company.');

    published = [];
    const removed = await call('DELETE', `/admin/users/${id}`, admin);
    expect(removed.body).toEqual({ user_name: 'Twice', status: 'successfully deleted' });
    expect(permissionEvents()).toEqual([`private-Company.${acme}.User.${id}`]);
    expect(data(await call('GET', `/admin/users/${id}`, admin))).toMatchObject({
      companies: [{ id: globex, name: 'Globex Design' }],
      in_current_company: false,
    });
    const memberships = async (table: 'company_user' | 'user_licences') =>
      (await server.db.selectFrom(table).select('company_id').where('user_id', '=', id).execute()).map(
        (row) => row.company_id,
      );
    expect(await memberships('company_user')).toEqual([globex]);
    expect(await memberships('user_licences')).toEqual([globex]);
    const groups = await server.db
      .selectFrom('group_user')
      .select('group_id')
      .where('user_id', '=', id)
      .execute();
    expect(groups.map((row) => row.group_id)).toEqual([globexGroup]);
    // Still a member of globex: carol's company lists them, and they are not in acme's list any more.
    const globexUsers = (await call('GET', `/users?filter[search]=${name}`, carol, undefined, 'globex'))
      .body as unknown as ListBody;
    expect(globexUsers.data.map((user) => user.username)).toEqual([name]);
    expect((await call('GET', `/users/${id}`, alice)).status).toBe(404);
    expect((await call('DELETE', `/admin/users/${id}`, admin)).status).toBe(422);
  });
});

it('a member without abilities is refused every security endpoint', async () => {
  const token = await memberWithAbilities(server, []);
  for (const path of ['/users', '/roles', '/groups', '/admin/users']) {
    expect((await call('GET', path, token)).status, path).toBe(403);
  }
});
