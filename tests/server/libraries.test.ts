/**
 * Libraries from their declaration (server/api/libraries.entity.ts): the list with breadcrumbs, counts, labels and
 * sub-libraries; show, create under a parent, update and archive; delete of a whole tree into the recycling bin
 * (refused while connected to a model) and restore; the bulk archive/activate/delete with mixed results; the
 * 403s of the library abilities and tenant isolation.
 */
import type { Library } from '../../shared/entities/libraries';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formBody, jsonBody, memberWithAbilities, tokenFor } from './api-helpers';
import { startTestServer, type TestServer } from './test-server';

let server: TestServer;
let alice: string;
let bob: string;
let carol: string;

beforeAll(async () => {
  server = await startTestServer();
  [alice, bob, carol] = await Promise.all(['alice', 'bob', 'carol'].map((name) => tokenFor(server, name)));
});
afterAll(() => server?.close());

const call = (path: string, init: RequestInit & { token?: string } = {}, subdomain = 'acme') =>
  server.request(subdomain, path, { token: alice, ...init });

async function body<T>(response: Response, status = 200): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
}

const idOf = async (name: string) =>
  (await server.db.selectFrom('libraries').select('id').where('name', '=', name).executeTakeFirstOrThrow())
    .id;

const create = (values: Record<string, unknown>, token = alice) =>
  call('/libraries', { method: 'POST', token, ...jsonBody(values) });

describe('GET /libraries', () => {
  it('lists the top level, newest change first, with counts, labels, sub-libraries and breadcrumbs', async () => {
    const { data, meta } = await body<{ data: Library[]; meta: { total: number } }>(
      await call('/libraries?filter[parent_id]=null&per_page=10'),
    );
    expect(meta.total).toBeGreaterThanOrEqual(4);
    expect(data.every((library) => library.parent_id === null)).toBe(true);
    const furniture = data.find((library) => library.name === 'Furniture')!;
    expect(furniture.sub_libraries.map((child) => child.name)).toEqual(['Chairs', 'Tables']);
    expect(furniture.meta_data.breadcrumbs).toEqual([{ id: furniture.id, name: 'Furniture' }]);
    expect(furniture.indirect_items_count).toBeGreaterThanOrEqual(20);
    expect(furniture.labels.length).toBe(1);
    // Lighting holds Pendant Lights, which is connected to a model.
    expect(data.find((library) => library.name === 'Lighting')!.is_deletable).toBe(false);
    expect(furniture.is_deletable).toBe(true);
    expect(data.some((library) => library.name.startsWith('Retired'))).toBe(false);
  });

  it('answers a nested library with its breadcrumb chain from the root', async () => {
    const office = await idOf('Office Chairs');
    const { data } = await body<{ data: Library }>(await call(`/libraries/${office}`));
    expect(data.meta_data.breadcrumbs.map((crumb) => crumb.name)).toEqual([
      'Furniture',
      'Chairs',
      'Office Chairs',
    ]);
    const chairs = await idOf('Chairs');
    const children = await body<{ data: Library[] }>(await call(`/libraries?filter[parent_id]=${chairs}`));
    expect(children.data.map((library) => library.name).sort()).toEqual(['Lounge Chairs', 'Office Chairs']);
  });

  it('lists the recycling bin with trashed=1 (within the retention)', async () => {
    const { data } = await body<{ data: Library[] }>(await call('/libraries?trashed=1&per_page=25'));
    expect(data.map((library) => library.name).sort()).toEqual([
      'Retired Library (15 days)',
      'Retired Library (2 days)',
      'Retired Library (29 days)',
    ]);
  });

  it('is refused without list-libraries, and shows no other company', async () => {
    const token = await memberWithAbilities(server, ['list-labels']);
    expect((await call('/libraries', { token })).status).toBe(403);
    expect((await call(`/libraries/${await idOf('Furniture')}`, { token: carol }, 'globex')).status).toBe(
      404,
    );
  });
});

describe('create, update, archive', () => {
  it('creates a library under a parent with labels and answers it', async () => {
    const parent = await idOf('Outdoor');
    const label = await server.db
      .selectFrom('labels')
      .select('id')
      .where('name', '=', 'Flagship')
      .executeTakeFirst();
    const acmeLabel = await server.db
      .selectFrom('labels')
      .innerJoin('companies', 'companies.id', 'labels.company_id')
      .select('labels.id')
      .where('companies.sub_domain', '=', 'acme')
      .executeTakeFirstOrThrow();
    const { data } = await body<{ data: Library }>(
      await create({ name: 'Planters', description: 'Pots', parent_id: parent, labels: [acmeLabel.id] }),
      201,
    );
    expect(data).toMatchObject({
      name: 'Planters',
      parent_id: parent,
      status: 'ACTIVE',
      indirect_items_count: 0,
    });
    expect(data.labels.map((item) => item.id)).toEqual([acmeLabel.id]);
    expect(data.meta_data.breadcrumbs.map((crumb) => crumb.name)).toEqual(['Outdoor', 'Planters']);
    // Another company's label and an unknown parent: one 422 naming each.
    const refused = await body<{ errors: Record<string, string[]> }>(
      await create({ name: 'Valid', parent_id: 999999, labels: [label!.id] }),
      422,
    );
    expect(Object.keys(refused.errors).sort()).toEqual(['labels.0', 'parent_id']);
  });

  it('refuses a parent inside the library itself', async () => {
    const furniture = await idOf('Furniture');
    const office = await idOf('Office Chairs');
    const refused = await body<{ errors: Record<string, string[]> }>(
      await call(`/libraries/${furniture}`, { method: 'PATCH', ...jsonBody({ parent_id: office }) }),
      422,
    );
    expect(refused.errors).toEqual({ parent_id: ['The selected parent id is invalid.'] });
  });

  it('archives and activates with the archived flag (JSON and multipart spoofing)', async () => {
    const { data: created } = await body<{ data: Library }>(await create({ name: 'Archivable' }), 201);
    const archived = await body<{ data: Library }>(
      await call(`/libraries/${created.id}`, { method: 'PATCH', ...jsonBody({ archived: true }) }),
    );
    expect(archived.data.status).toBe('ARCHIVED');
    const activated = await body<{ data: Library }>(
      await call(`/libraries/${created.id}`, {
        method: 'POST',
        ...formBody({ _method: 'PATCH', archived: '0' }),
      }),
    );
    expect(activated.data.status).toBe('ACTIVE');
  });

  it('needs update-libraries to create or edit (bob may only list)', async () => {
    expect((await create({ name: 'Nope' }, bob)).status).toBe(403);
    const furniture = await idOf('Furniture');
    expect(
      (await call(`/libraries/${furniture}`, { method: 'PATCH', token: bob, ...jsonBody({ name: 'x' }) }))
        .status,
    ).toBe(403);
    expect((await call(`/libraries/${furniture}`, { method: 'DELETE', token: bob })).status).toBe(403);
  });
});

describe('delete, restore and bulk', () => {
  it('moves a library and everything below it to the recycling bin, and brings them back together', async () => {
    const { data: top } = await body<{ data: Library }>(await create({ name: 'Tree Top' }), 201);
    const { data: child } = await body<{ data: Library }>(
      await create({ name: 'Tree Child', parent_id: top.id }),
      201,
    );
    expect(await body(await call(`/libraries/${top.id}`, { method: 'DELETE' }))).toEqual({
      library_name: 'Tree Top',
      status: expect.any(String),
      undo_token: expect.any(String),
    });
    expect((await call(`/libraries/${child.id}`)).status).toBe(404);
    const restored = await body<{ data: Library }>(await call(`/libraries/${top.id}/restore`));
    expect(restored.data.sub_libraries.map((library) => library.id)).toEqual([child.id]);
  });

  it('refuses to delete a library connected to a model (or above one)', async () => {
    const lighting = await idOf('Lighting');
    const refused = await call(`/libraries/${lighting}`, { method: 'DELETE' });
    expect(refused.status).toBe(422);
    expect((await refused.json()) as { message: string }).toMatchObject({
      message: 'The library is still connected to a model.',
    });
  });

  it('bulk: deletes what it may and names what it may not; archives and activates', async () => {
    const { data: spare } = await body<{ data: Library }>(await create({ name: 'Spare Shelf' }), 201);
    const lighting = await idOf('Lighting');
    const deleted = await body<{ action: string; success: unknown[]; failed: Array<{ name: string }> }>(
      await call('/libraries/update', {
        method: 'POST',
        ...formBody({
          action: 'delete',
          'libraries[0][id]': String(spare.id),
          'libraries[1][id]': String(lighting),
        }),
      }),
    );
    expect(deleted.action).toBe('delete');
    expect(deleted.success).toEqual([{ id: spare.id, name: 'Spare Shelf' }]);
    expect(deleted.failed).toEqual([
      { id: lighting, name: 'Lighting', message: 'The library is still connected to a model.' },
    ]);
    expect((await call(`/libraries/${lighting}`)).status).toBe(200);

    const outdoor = await idOf('Outdoor');
    const archived = await body<{ success: unknown[]; failed: unknown[] }>(
      await call('/libraries/update', {
        method: 'POST',
        ...jsonBody({ action: 'archive', libraries: [{ id: outdoor }] }),
      }),
    );
    expect(archived).toMatchObject({ success: [{ id: outdoor, name: 'Outdoor' }], failed: [] });
    await call('/libraries/update', {
      method: 'POST',
      ...jsonBody({ action: 'activate', libraries: [{ id: outdoor }] }),
    });
    expect((await body<{ data: Library }>(await call(`/libraries/${outdoor}`))).data.status).toBe('ACTIVE');
  });

  it("bulk: another company's library fails as not found; bob is refused", async () => {
    const globex = await server.db
      .selectFrom('libraries')
      .select('id')
      .where('name', '=', 'Globex Fixtures')
      .executeTakeFirstOrThrow();
    const answer = await body<{ success: unknown[]; failed: Array<{ id: number }> }>(
      await call('/libraries/update', {
        method: 'POST',
        ...jsonBody({ action: 'archive', libraries: [{ id: globex.id }] }),
      }),
    );
    expect(answer.success).toEqual([]);
    expect(answer.failed.map((entry) => entry.id)).toEqual([globex.id]);
    const refused = await call('/libraries/update', {
      method: 'POST',
      token: bob,
      ...jsonBody({ action: 'archive', libraries: [{ id: globex.id }] }),
    });
    expect(refused.status).toBe(403);
  });
});
