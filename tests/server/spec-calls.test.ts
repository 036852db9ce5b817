/**
 * Issue 31: the calls as spec 2 §7 lists them, answered as spec 2 §3 describes, on the real server.
 * - `included_fields[]` limits an answer to the fields named, list and single read alike; `excluded_fields[]`
 *   drops the fields named (server/http/list-query.ts, the CRUD show route).
 * - The user entity carries `project_count`, `abilities` and `admin` as 0/1 (server/auth/user-fields.ts).
 * - `PATCH /materials/{name} | name, archived` archives and unarchives.
 * - One library or category is deleted through its bulk endpoint.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formBody, jsonBody, tokenFor, userId } from './api-helpers';
import { startTestServer, type TestServer } from './test-server';

let server: TestServer;
let alice: string;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  [alice, admin] = await Promise.all([tokenFor(server, 'alice'), tokenFor(server, 'admin')]);
});
afterAll(() => server?.close());

const call = (path: string, init: RequestInit & { token?: string } = {}) =>
  server.request('acme', path, { token: alice, ...init });

async function body<T>(response: Response, status = 200): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
}

type Row = Record<string, unknown>;
const rows = async (path: string, token = alice) =>
  (await body<{ data: Row[] }>(await call(path, { token }))).data;
const keysOf = (record: Row) => Object.keys(record).sort();

const libraryId = async (name: string) =>
  (await server.db.selectFrom('libraries').select('id').where('name', '=', name).executeTakeFirstOrThrow())
    .id;

describe('included_fields[] and excluded_fields[] (spec 2 §7)', () => {
  it('answers one library with only its name and meta_data: GET /libraries/{id} | included_fields (name, meta_data)', async () => {
    const id = await libraryId('Office Chairs');
    for (const query of [
      'included_fields[]=name&included_fields[]=meta_data',
      'included_fields[]=libraries.name&included_fields[]=libraries.meta_data',
      'included_fields=libraries.name,libraries.meta_data',
    ]) {
      const { data } = await body<{ data: Row }>(await call(`/libraries/${id}?${query}`));
      expect(keysOf(data)).toEqual(['meta_data', 'name']);
      expect(data.name).toBe('Office Chairs');
      expect(
        (data.meta_data as { breadcrumbs: Array<{ name: string }> }).breadcrumbs.map((crumb) => crumb.name),
      ).toEqual(['Furniture', 'Chairs', 'Office Chairs']);
    }
  });

  it('drops the excluded fields of a single read, and refuses a field the record does not have', async () => {
    const id = await libraryId('Office Chairs');
    const whole = (await body<{ data: Row }>(await call(`/libraries/${id}`))).data;
    expect(whole).toHaveProperty('sub_libraries');
    const { data } = await body<{ data: Row }>(
      await call(`/libraries/${id}?excluded_fields[]=libraries.sub_libraries&excluded_fields[]=meta_data`),
    );
    expect(keysOf(data)).toEqual(
      keysOf(whole).filter((key) => key !== 'sub_libraries' && key !== 'meta_data'),
    );
    const refused = await body<{ message: string }>(
      await call(`/libraries/${id}?included_fields[]=password`),
      400,
    );
    expect(refused.message).toMatch(/^Requested field\(s\) `password` are not allowed\./);
  });

  it('lists projects, libraries and library items with only the included fields', async () => {
    const cases: Array<[string, string[]]> = [
      ['/projects', ['projects.id', 'projects.name', 'projects.is_favorited']],
      ['/libraries', ['libraries.id', 'libraries.name', 'libraries.indirect_items_count']],
      ['/libraries/items', ['items.id', 'items.name', 'items.status']],
    ];
    for (const [path, fields] of cases) {
      const query = fields.map((field) => `included_fields[]=${field}`).join('&');
      const data = await rows(`${path}?per_page=5&${query}`);
      expect(data.length, path).toBeGreaterThan(0);
      const expected = fields.map((field) => field.split('.')[1]).sort();
      for (const record of data) expect(keysOf(record), path).toEqual(expected);
    }
  });

  it('reads a comma list in one item, as spec 2 §7 writes `excluded_fields[]=users.settings,users.abilities`', async () => {
    const models = await rows('/projects/models?per_page=5&included_fields=models.id,models.name');
    expect(models.length).toBeGreaterThan(0);
    for (const model of models) expect(keysOf(model)).toEqual(['id', 'name']);
    const users = await rows('/users?per_page=5&excluded_fields[]=users.abilities,users.project_count');
    for (const user of users) {
      expect(user).not.toHaveProperty('abilities');
      expect(user).not.toHaveProperty('project_count');
    }
  });

  it('lists models, materials, categories, users, roles and admin users without the excluded fields', async () => {
    const cases: Array<[string, string[], string]> = [
      ['/projects/models', ['models.project_id', 'models.deleted_at'], alice],
      ['/materials', ['materials.viewer_texture_url', 'materials.description'], alice],
      ['/materials/categories', ['categories.meta_data', 'categories.deleted_at'], alice],
      ['/users', ['users.abilities', 'users.project_count'], alice],
      ['/roles', ['roles.abilities', 'roles.notification_settings'], alice],
      ['/admin/users', ['users.abilities', 'users.project_count'], admin],
    ];
    for (const [path, fields, token] of cases) {
      const whole = await rows(`${path}?per_page=5`, token);
      expect(whole.length, path).toBeGreaterThan(0);
      for (const field of fields) expect(whole[0], path).toHaveProperty(field.split('.')[1]);
      const query = fields.map((field) => `excluded_fields[]=${field}`).join('&');
      const data = await rows(`${path}?per_page=5&${query}`, token);
      for (const record of data) {
        for (const field of fields) expect(record, path).not.toHaveProperty(field.split('.')[1]);
        expect(record, path).toHaveProperty('id');
      }
    }
  });
});

describe('the user entity (spec 2 §3: admin (0/1), project_count, abilities)', () => {
  it("answers a member's admin flag as 0 or 1, their project count and their abilities in the company", async () => {
    const aliceId = await userId(server, 'alice');
    const [listed] = await rows('/users?filter[search]=alice@acme.test');
    const validated = await body<{ user: { abilities: string[] } }>(await call('/auth/validate'));
    const projects = await server.db
      .selectFrom('project_user')
      .innerJoin('projects', 'projects.id', 'project_user.project_id')
      .innerJoin('companies', 'companies.id', 'projects.company_id')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('project_user.user_id', '=', aliceId)
      .where('companies.sub_domain', '=', 'acme')
      .where('projects.deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(Number(projects.count)).toBeGreaterThan(0);
    const expected = {
      id: aliceId,
      admin: 0,
      project_count: Number(projects.count),
      abilities: validated.user.abilities,
    };
    expect(listed).toMatchObject(expected);
    expect(validated.user.abilities.length).toBeGreaterThan(0);
    const { data: one } = await body<{ data: Row }>(await call(`/users/${aliceId}`));
    expect(one).toMatchObject(expected);
  });

  it('answers My account with them too, and without the abilities the portal excludes', async () => {
    const whole = await body<{ data: Row }>(await call('/my-account'));
    const [listed] = await rows('/users?filter[search]=alice@acme.test');
    expect(whole.data).toMatchObject({
      admin: 0,
      project_count: listed.project_count,
      abilities: listed.abilities,
    });
    const { data } = await body<{ data: Row }>(
      await call('/my-account?excluded_fields[]=users.settings,users.abilities'),
    );
    expect(data).not.toHaveProperty('abilities');
    expect(data).toMatchObject({ project_count: listed.project_count });
  });

  it('answers an administrator as admin 1, in the company list and across companies', async () => {
    const [listed] = await rows('/users?filter[admin]=true&filter[search]=admin@portal.test');
    expect(listed.admin).toBe(1);
    const across = await rows('/admin/users?per_page=100', admin);
    expect(across.find((user) => user.email === 'admin@portal.test')?.admin).toBe(1);
    const bob = across.find((user) => user.email === 'bob@acme.test')!;
    expect(bob.admin).toBe(0);
    expect(bob.abilities).toEqual(expect.arrayContaining(['view-projects']));
    expect(typeof bob.project_count).toBe('number');
  });
});

describe('PATCH /materials/{name} | name, archived (spec 2 §7)', () => {
  it('archives and unarchives a material with its name and the flag, answering its name and status', async () => {
    const material = await server.db
      .selectFrom('materials')
      .innerJoin('companies', 'companies.id', 'materials.company_id')
      .select('materials.name')
      .where('companies.sub_domain', '=', 'acme')
      .where('materials.deleted_at', 'is', null)
      .where('materials.status', '=', 'ACTIVE')
      .executeTakeFirstOrThrow();
    const path = `/materials/${encodeURIComponent(material.name)}`;
    for (const [archived, status] of [
      [true, 'ARCHIVED'],
      [false, 'ACTIVE'],
    ] as const) {
      const { data } = await body<{ data: Row }>(
        await call(path, { method: 'PATCH', ...jsonBody({ name: material.name, archived }) }),
      );
      expect(data).toMatchObject({ name: material.name, status });
    }
  });
});

describe('one library or category deleted through its bulk endpoint (spec 2 §7)', () => {
  it('deletes one library with POST /libraries/update, answering the bulk result', async () => {
    const created = await body<{ data: { id: number; name: string } }>(
      await call('/libraries', { method: 'POST', ...jsonBody({ name: 'Issue 31 single delete' }) }),
      201,
    );
    const answer = await body<{ action: string; success: Row[]; failed: Row[] }>(
      await call('/libraries/update', {
        method: 'POST',
        ...formBody({ action: 'delete', 'libraries[0][id]': String(created.data.id) }),
      }),
    );
    expect(answer).toMatchObject({ action: 'delete', failed: [] });
    expect(answer.success.map((library) => library.name)).toEqual(['Issue 31 single delete']);
    expect((await call(`/libraries/${created.data.id}`)).status).toBe(404);
  });

  it('deletes one material category with POST /materials/categories/update', async () => {
    const created = await body<{ data: { id: number } }>(
      await call('/materials/categories', { method: 'POST', ...jsonBody({ name: 'Issue 31 category' }) }),
      201,
    );
    const answer = await body<{ action: string; success: Row[]; failed: Row[] }>(
      await call('/materials/categories/update', {
        method: 'POST',
        ...formBody({ action: 'delete', 'categories[0][id]': String(created.data.id) }),
      }),
    );
    expect(answer.success.map((category) => category.name)).toEqual(['Issue 31 category']);
    expect(answer.failed).toEqual([]);
  });
});
