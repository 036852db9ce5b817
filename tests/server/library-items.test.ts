/**
 * Library items (server/api/library-items.ts): the list by library and status, one item with its file and events,
 * create from a multipart file into libraries (processed to FINISHED by the worker), archive and unarchive,
 * reprocess only when FINISHED, delete refused while connected to a model, restore, the bulk move (with and
 * without removal), archive, activate and delete with mixed results; the 403s and tenant isolation.
 */
import type { LibraryItem, LibraryItemDetail } from '../../shared/entities/library-items';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonBody, multipartBody, tokenFor } from './api-helpers';
import { FBX_ASCII, fileBlob, processingEvent, untilPublished } from './model-fixtures';
import { startTestServer, type TestServer } from './test-server';

let server: TestServer;
let alice: string;
let bob: string;
let carol: string;

beforeAll(async () => {
  server = await startTestServer({ processing: { stepMs: 0, concurrency: 2 } });
  [alice, bob, carol] = await Promise.all(['alice', 'bob', 'carol'].map((name) => tokenFor(server, name)));
});
afterAll(() => server?.close());

const call = (path: string, init: RequestInit & { token?: string } = {}, subdomain = 'acme') =>
  server.request(subdomain, path, { token: alice, ...init });

async function body<T>(response: Response, status = 200): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
}

const libraryId = async (name: string) =>
  (await server.db.selectFrom('libraries').select('id').where('name', '=', name).executeTakeFirstOrThrow())
    .id;
const itemId = async (name: string) =>
  (
    await server.db
      .selectFrom('library_items')
      .select('id')
      .where('name', '=', name)
      .executeTakeFirstOrThrow()
  ).id;
const item = async (id: number) =>
  (await body<{ data: LibraryItemDetail }>(await call(`/libraries/items/${id}`))).data;
const bulk = (values: Record<string, unknown>, token = alice) =>
  call('/libraries/items/update', { method: 'POST', token, ...jsonBody(values) });

/** Resolves once the item has the status (now, or once its processing run has published that status). */
const untilStatus = (id: number, status: string) =>
  untilPublished(
    server,
    `GeometryEventsUpdated ${status} of library item ${id}`,
    async () => {
      const row = await server.db
        .selectFrom('library_items')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return row.status === status ? row : null;
    },
    (published) => {
      const update = processingEvent(published, 'LibraryItem');
      return update?.owner_id === id && update.status === status;
    },
  );

describe('GET /libraries/items', () => {
  it('lists the items of a library, newest change first, with their libraries and latest event', async () => {
    const office = await libraryId('Office Chairs');
    const { data, meta } = await body<{ data: LibraryItem[]; meta: { total: number } }>(
      await call(`/libraries/items?filter[library]=${office}&per_page=10`),
    );
    expect(meta.total).toBe(8);
    expect(data.every((entry) => entry.libraries.some((library) => library.id === office))).toBe(true);
    const updated = data.map((entry) => entry.updated_at);
    expect([...updated].sort().reverse()).toEqual(updated);
    expect(data.find((entry) => entry.name === 'Conference Chair Mesh')).toMatchObject({
      status: 'PROCESSING',
      latest_geometry_event: { message: 'Optimizing meshes' },
    });
  });

  it('filters by status, covers every status, and lists the recycling bin', async () => {
    const finished = await body<{ data: LibraryItem[] }>(
      await call('/libraries/items?filter[status]=FINISHED&per_page=100'),
    );
    expect(finished.data.every((entry) => entry.status === 'FINISHED')).toBe(true);
    const all = await body<{ data: LibraryItem[]; meta: { total: number } }>(
      await call('/libraries/items?per_page=100'),
    );
    expect(all.meta.total).toBeGreaterThanOrEqual(40);
    expect(new Set(all.data.map((entry) => entry.status))).toEqual(
      new Set(['FINISHED', 'PROCESSING', 'QUEUED', 'UPLOADING', 'FAILED', 'CANCELLED', 'ARCHIVED']),
    );
    const trashed = await body<{ data: LibraryItem[] }>(await call('/libraries/items?trashed=1'));
    expect(trashed.data.map((entry) => entry.name).sort()).toEqual([
      'Retired Item (15 days)',
      'Retired Item (2 days)',
      'Retired Item (29 days)',
    ]);
  });

  it('needs list-library-items; another company sees none of them', async () => {
    const token = await tokenFor(server, 'dave');
    expect((await call('/libraries/items', { token }, 'initech')).status).toBe(200);
    expect(
      (await call(`/libraries/items/${await itemId('Egg Chair')}`, { token: carol }, 'globex')).status,
    ).toBe(404);
  });
});

describe('create, update, archive, reprocess, delete', () => {
  it('creates an item from a file in a library; the worker takes it to FINISHED', async () => {
    const tables = await libraryId('Tables');
    const created = await body<{ data: LibraryItemDetail }>(
      await call('/libraries/items', {
        method: 'POST',
        ...multipartBody(
          { name: 'Cube Table', 'libraries[0]': String(tables) },
          { file: [fileBlob(FBX_ASCII), 'cube.fbx'] },
        ),
      }),
      201,
    );
    expect(created.data).toMatchObject({
      name: 'Cube Table',
      libraries: [{ id: tables, name: 'Tables' }],
      uploader_name: expect.any(String),
    });
    expect(created.data.file).toEqual({ name: 'cube.fbx', size: FBX_ASCII.length });
    await untilStatus(created.data.id, 'FINISHED');
    const done = await item(created.data.id);
    expect(done.finished_at).not.toBeNull();
    expect(done.geometry_events[0].message).toBe('Processing finished');
  });

  it('answers 422 without a file or with a wrong one, and 403 for bob', async () => {
    const missing = await body<{ errors: Record<string, string[]> }>(
      await call('/libraries/items', { method: 'POST', ...multipartBody({ name: 'No file' }) }),
      422,
    );
    expect(missing.errors).toEqual({ file: ['The file field is required.'] });
    const wrong = await call('/libraries/items', {
      method: 'POST',
      ...multipartBody({ name: 'Wrong' }, { file: [fileBlob(Buffer.from('hello')), 'notes.txt'] }),
    });
    expect(wrong.status).toBe(422);
    const refused = await call('/libraries/items', {
      method: 'POST',
      token: bob,
      ...multipartBody({ name: 'Bob' }, { file: [fileBlob(FBX_ASCII), 'cube.fbx'] }),
    });
    expect(refused.status).toBe(403);
  });

  it('archives and unarchives back to the status it had', async () => {
    const id = await itemId('Windsor Chair');
    const archived = await body<{ data: LibraryItem }>(
      await call(`/libraries/items/${id}`, { method: 'PATCH', ...jsonBody({ archived: true }) }),
    );
    expect(archived.data.status).toBe('ARCHIVED');
    const back = await body<{ data: LibraryItem }>(
      await call(`/libraries/items/${id}`, { method: 'PATCH', ...jsonBody({ archived: false }) }),
    );
    expect(back.data.status).toBe('FINISHED');
  });

  it('reprocesses only a FINISHED or FAILED item', async () => {
    const refused = await body<{ errors: Record<string, string[]> }>(
      await call(`/libraries/items/${await itemId('Ergo Stool')}/reprocess`, { method: 'POST' }),
      422,
    );
    expect(refused.errors).toEqual({ status: ['Only finished or failed items can be reprocessed.'] });
    const id = await itemId('Trestle Table');
    expect(await body(await call(`/libraries/items/${id}/reprocess`, { method: 'POST' }))).toEqual({
      message: 'Reprocessing started...',
    });
    await untilStatus(id, 'FINISHED');
    expect((await call(`/libraries/items/${id}/reprocess`, { method: 'POST', token: bob })).status).toBe(403);
  });

  it('deletes into the recycling bin and restores; refuses an item connected to a model', async () => {
    const id = await itemId('Parasol');
    expect(await body(await call(`/libraries/items/${id}`, { method: 'DELETE' }))).toMatchObject({
      library_item_name: 'Parasol',
    });
    expect((await call(`/libraries/items/${id}`)).status).toBe(404);
    expect((await body<{ data: LibraryItem }>(await call(`/libraries/items/${id}/restore`))).data.name).toBe(
      'Parasol',
    );
    const connected = await itemId('Globe Pendant');
    expect((await item(connected)).deletable).toBe(false);
    expect((await call(`/libraries/items/${connected}`, { method: 'DELETE' })).status).toBe(422);
    expect((await call(`/libraries/items/${id}`, { method: 'DELETE', token: bob })).status).toBe(403);
  });
});

describe('POST /libraries/items/update', () => {
  it('moves items into more libraries, keeping the ones they are in', async () => {
    const [a, b] = [await itemId('Teak Bench'), await itemId('Fire Pit')];
    const [outdoor, tables, lighting] = [
      await libraryId('Outdoor'),
      await libraryId('Tables'),
      await libraryId('Lighting'),
    ];
    const answer = await body<{ action: string; success: unknown[]; failed: unknown[] }>(
      await bulk({
        action: 'move',
        items: [{ id: a }, { id: b }],
        libraries: [{ id: tables }, { id: lighting }],
        remove_from_current_libraries: 0,
      }),
    );
    expect(answer).toMatchObject({ action: 'move', failed: [] });
    expect(answer.success).toHaveLength(2);
    expect((await item(a)).libraries.map((library) => library.id).sort()).toEqual(
      [outdoor, tables, lighting].sort(),
    );
  });

  it('moves with removal from the current libraries, and without a target takes them out of all', async () => {
    const id = await itemId('Planter Corten');
    const tables = await libraryId('Tables');
    await body(
      await bulk({
        action: 'move',
        items: [{ id }],
        libraries: [{ id: tables }],
        remove_from_current_libraries: 1,
      }),
    );
    expect((await item(id)).libraries).toEqual([{ id: tables, name: 'Tables' }]);
    await body(await bulk({ action: 'move', items: [{ id }], remove_from_current_libraries: 1 }));
    expect((await item(id)).libraries).toEqual([]);
  });

  it('archives, activates and deletes, each item on its own (a connected item fails, named)', async () => {
    const [a, b] = [await itemId('Garden Lounger'), await itemId('Cluster Pendant')];
    const archived = await body<{ success: unknown[] }>(
      await bulk({ action: 'archive', items: [{ id: a }, { id: b }] }),
    );
    expect(archived.success).toHaveLength(2);
    expect((await item(a)).status).toBe('ARCHIVED');
    await body(await bulk({ action: 'activate', items: [{ id: a }, { id: b }] }));
    expect((await item(b)).status).toBe('FINISHED');
    const connected = await itemId('Globe Pendant');
    const deleted = await body<{
      success: Array<{ id: number }>;
      failed: Array<{ name: string; message: string }>;
    }>(await bulk({ action: 'delete', items: [{ id: a }, { id: connected }] }));
    expect(deleted.success.map((entry) => entry.id)).toEqual([a]);
    expect(deleted.failed).toEqual([
      { id: connected, name: 'Globe Pendant', message: 'The item is still connected to a model.' },
    ]);
  });

  it('answers 422 for an unknown action or target, and 403 for bob', async () => {
    const id = await itemId('Hammock');
    expect((await bulk({ action: 'explode', items: [{ id }] })).status).toBe(422);
    const unknown = await body<{ failed: Array<{ message: string }> }>(
      await bulk({ action: 'move', items: [{ id }], libraries: [{ id: 999999 }] }),
    );
    expect(unknown.failed[0].message).toContain('invalid');
    expect((await bulk({ action: 'archive', items: [{ id }] }, bob)).status).toBe(403);
  });
});
