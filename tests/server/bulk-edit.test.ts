/**
 * The bulk edit (issue 46): `POST /{collection}/update` with `action=edit` and `values`, declared by an entity's
 * `bulk.edit` (server/http/crud/bulk.ts). Each row goes through the entity's update with the update ability, checked
 * as the form's update is: a row the checks refuse fails with their message and is left as it was, the others are
 * changed. Each success names the values it replaced, and sending those back undoes the edit. Labels (colour),
 * projects (status, labels) and users (role).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyId, formBody, jsonBody, memberWithAbilities, newMember, tokenFor } from './api-helpers';
import { startTestServer, type TestServer } from './test-server';

let server: TestServer;
let alice: string;
let acme: number;

beforeAll(async () => {
  server = await startTestServer();
  alice = await tokenFor(server, 'alice');
  acme = await companyId(server, 'acme');
});
afterAll(() => server?.close());

const call = (path: string, init: RequestInit & { token?: string } = {}) =>
  server.request('acme', path, { token: alice, ...init });

interface BulkAnswer {
  action: string;
  success: Array<{ id: number; name: string; previous?: Record<string, unknown> }>;
  failed: Array<{ id: number; name: string; message: string }>;
}

async function bulk(path: string, body: Record<string, unknown>, token = alice): Promise<BulkAnswer> {
  const response = await call(path, { method: 'POST', token, ...jsonBody(body) });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as BulkAnswer;
}

async function created(path: string, body: Record<string, unknown>): Promise<{ id: number }> {
  const response = await call(path, { method: 'POST', ...jsonBody(body) });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { data: { id: number } }).data;
}

const colorOf = async (id: number) =>
  (await server.db.selectFrom('labels').select('color').where('id', '=', id).executeTakeFirstOrThrow()).color;

describe('the bulk edit of labels', () => {
  it("sets the colour of every row, names each one's previous colour, and sending those back undoes it", async () => {
    const red = await created('/labels', { name: 'Bulk red', color: '#f00' });
    const blue = await created('/labels', { name: 'Bulk blue', color: '#0000ff' });
    // A form body, as the portal sends it.
    const response = await call('/labels/update', {
      method: 'POST',
      ...formBody({
        action: 'edit',
        'labels[0][id]': String(red.id),
        'labels[1][id]': String(blue.id),
        'values[color]': '#00ff00',
      }),
    });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toEqual({
      action: 'edit',
      success: [
        { id: red.id, name: 'Bulk red', previous: { color: '#f00' } },
        { id: blue.id, name: 'Bulk blue', previous: { color: '#0000ff' } },
      ],
      failed: [],
    });
    expect([await colorOf(red.id), await colorOf(blue.id)]).toEqual(['#00ff00', '#00ff00']);

    const undo = await bulk('/labels/update', {
      action: 'edit',
      labels: [{ id: red.id }],
      values: { color: '#f00' },
    });
    expect(undo.success).toEqual([{ id: red.id, name: 'Bulk red', previous: { color: '#00ff00' } }]);
    expect(await colorOf(red.id)).toBe('#f00');
  });

  it('refuses a value the schema refuses for every row (422 under values.field), and fails rows of another company', async () => {
    const label = await created('/labels', { name: 'Bulk kept', color: '#123' });
    const globexLabel = await server.db
      .selectFrom('labels')
      .innerJoin('companies', 'companies.id', 'labels.company_id')
      .select('labels.id')
      .where('companies.sub_domain', '=', 'globex')
      .executeTakeFirstOrThrow();
    const refused = await call('/labels/update', {
      method: 'POST',
      ...jsonBody({ action: 'edit', labels: [{ id: label.id }], values: { color: 'red' } }),
    });
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { errors: unknown }).errors).toEqual({
      'values.color': ['The values.color field format is invalid.'],
    });
    const other = await bulk('/labels/update', {
      action: 'edit',
      labels: [{ id: label.id }, { id: globexLabel.id }],
      values: { color: '#fff' },
    });
    expect(other.success).toEqual([{ id: label.id, name: 'Bulk kept', previous: { color: '#123' } }]);
    expect(other.failed).toEqual([expect.objectContaining({ id: globexLabel.id })]);
    expect(await colorOf(label.id)).toBe('#fff');
    expect(await colorOf(globexLabel.id)).not.toBe('#fff');
  });

  it('answers 422 without values, or with none of the declared fields, and 403 without the update ability', async () => {
    const label = await created('/labels', { name: 'Bulk guarded', color: '#456' });
    for (const values of [undefined, {}, { name: 'Renamed' }]) {
      const response = await call('/labels/update', {
        method: 'POST',
        ...jsonBody({ action: 'edit', labels: [{ id: label.id }], values }),
      });
      expect(response.status, JSON.stringify(values)).toBe(422);
      expect(((await response.json()) as { errors: unknown }).errors).toEqual({
        values: ['The values field is required.'],
      });
    }
    const deleter = await memberWithAbilities(server, ['list-labels', 'delete-labels']);
    const refused = await call('/labels/update', {
      method: 'POST',
      token: deleter,
      ...jsonBody({ action: 'edit', labels: [{ id: label.id }], values: { color: '#000' } }),
    });
    expect(refused.status).toBe(403);
    expect(await colorOf(label.id)).toBe('#456');
  });
});

describe('the bulk edit of projects', () => {
  const labelsOf = async (project: number) =>
    (
      await server.db
        .selectFrom('project_labels')
        .select('label_id')
        .where('project_id', '=', project)
        .orderBy('label_id')
        .execute()
    ).map((row) => row.label_id);

  it('sets the status and the labels together, and names what each project had', async () => {
    const [first, second] = await Promise.all(
      ['#a00', '#0a0'].map((color, index) => created('/labels', { name: `Project bulk ${index}`, color })),
    );
    const one = await created('/projects', { name: 'Bulk project one', labels: [first.id] });
    const two = await created('/projects', { name: 'Bulk project two', status: 'inactive' });
    const answer = await bulk('/projects/update', {
      action: 'edit',
      projects: [{ id: one.id }, { id: two.id }],
      values: { status: 'inactive', labels: [first.id, second.id] },
    });
    expect(answer.success).toEqual([
      { id: one.id, name: 'Bulk project one', previous: { status: 'active', labels: [first.id] } },
      { id: two.id, name: 'Bulk project two', previous: { status: 'inactive', labels: [] } },
    ]);
    expect(await labelsOf(one.id)).toEqual([first.id, second.id].sort((a, b) => a - b));
    const statuses = await server.db
      .selectFrom('projects')
      .select('status')
      .where('id', 'in', [one.id, two.id])
      .execute();
    expect(statuses.map((row) => row.status)).toEqual(['inactive', 'inactive']);

    // No labels at all (a form sends an empty value, which is null).
    const cleared = await call('/projects/update', {
      method: 'POST',
      ...formBody({ action: 'edit', 'projects[0][id]': String(one.id), 'values[labels]': '' }),
    });
    expect(cleared.status, await cleared.clone().text()).toBe(200);
    expect(await labelsOf(one.id)).toEqual([]);
  });

  it("fails a project whose new labels are not the company's, leaving its labels as they were", async () => {
    const label = await created('/labels', { name: 'Project bulk kept', color: '#00a' });
    const project = await created('/projects', { name: 'Bulk project kept', labels: [label.id] });
    const answer = await bulk('/projects/update', {
      action: 'edit',
      projects: [{ id: project.id }],
      values: { labels: [999999] },
    });
    expect(answer.success).toEqual([]);
    expect(answer.failed).toEqual([
      expect.objectContaining({ id: project.id, name: 'Bulk project kept', message: expect.any(String) }),
    ]);
    expect(await labelsOf(project.id)).toEqual([label.id]);
  });
});

describe('the bulk edit of users', () => {
  it("sets several users' role in the company, and undoing gives each its own back", async () => {
    const roles = await server.db
      .selectFrom('roles')
      .select(['id', 'title'])
      .where('company_id', '=', acme)
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .execute();
    const viewer = roles.find((role) => role.title === 'Viewer')!;
    const one = await newMember(server, ['list-users'], 'acme');
    const two = await newMember(server, ['list-users'], 'acme');
    const roleOf = async (user: number) =>
      (
        await server.db
          .selectFrom('company_user')
          .select('role_id')
          .where('company_id', '=', acme)
          .where('user_id', '=', user)
          .executeTakeFirstOrThrow()
      ).role_id;
    const before = [await roleOf(one.id), await roleOf(two.id)];
    const answer = await bulk('/users/update', {
      action: 'edit',
      users: [{ id: one.id }, { id: two.id }],
      values: { role_id: viewer.id },
    });
    expect(answer.success.map((entry) => entry.previous)).toEqual(before.map((role_id) => ({ role_id })));
    expect([await roleOf(one.id), await roleOf(two.id)]).toEqual([viewer.id, viewer.id]);

    for (const [index, entry] of answer.success.entries()) {
      await bulk('/users/update', { action: 'edit', users: [{ id: entry.id }], values: entry.previous });
      expect(await roleOf(entry.id)).toBe(before[index]);
    }
    const refused = await bulk('/users/update', {
      action: 'edit',
      users: [{ id: one.id }],
      values: { role_id: 999999 },
    });
    expect(refused.failed).toHaveLength(1);
    expect(await roleOf(one.id)).toBe(before[0]);
  });
});
