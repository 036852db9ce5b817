/**
 * Labels from their declaration (server/api/labels.entity.ts) through the CRUD helper: show, create, update (JSON
 * and multipart POST + _method=PATCH), delete (for good, detached from projects) and the bulk delete, with the
 * helper's 404s, 403s, 422s and tenant isolation.
 */
import type { Label } from '../../shared/entities/labels';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyId, formBody, jsonBody, memberWithAbilities, multipartBody, tokenFor } from './api-helpers';
import { startTestServer, type TestServer } from './test-server';

let server: TestServer;
let alice: string;
let carol: string;
let flagship: number;

beforeAll(async () => {
  server = await startTestServer();
  [alice, carol] = await Promise.all(['alice', 'carol'].map((name) => tokenFor(server, name)));
  const globex = await companyId(server, 'globex');
  const row = await server.db
    .selectFrom('labels')
    .select('id')
    .where('company_id', '=', globex)
    .where('name', '=', 'Flagship')
    .executeTakeFirstOrThrow();
  flagship = row.id;
});
afterAll(() => server?.close());

const call = (path: string, init: RequestInit & { token?: string } = {}, subdomain = 'acme') =>
  server.request(subdomain, path, { token: alice, ...init });

async function data(response: Response, status = 200): Promise<Label> {
  expect(response.status, await response.clone().text()).toBe(status);
  return ((await response.json()) as { data: Label }).data;
}

async function errors(response: Response): Promise<Record<string, string[]>> {
  expect(response.status, await response.clone().text()).toBe(422);
  return ((await response.json()) as { errors: Record<string, string[]> }).errors;
}

const create = (body: Record<string, unknown>, token = alice) =>
  call('/labels', { method: 'POST', token, ...jsonBody(body) });

const labelRow = (id: number) =>
  server.db.selectFrom('labels').selectAll().where('id', '=', id).executeTakeFirst();

describe('labels: create, show, update', () => {
  it('creates a label and answers it as the list does', async () => {
    const label = await data(await create({ name: 'Landscape', color: '#13c2c2' }), 201);
    expect(label).toEqual({
      id: expect.any(Number),
      name: 'Landscape',
      color: '#13c2c2',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(await data(await call(`/labels/${label.id}`))).toEqual(label);
    const list = (await (await call('/labels?filter[search]=landscape')).json()) as { data: Label[] };
    expect(list.data).toEqual([label]);
  });

  it('answers 422 under each field: required, too long, not a colour, a name the company has', async () => {
    expect(await errors(await create({}))).toEqual({
      name: ['The name field is required.'],
      color: ['The color field is required.'],
    });
    expect(await errors(await create({ name: '', color: '' }))).toEqual({
      name: ['The name field is required.'],
      color: ['The color field is required.'],
    });
    expect(await errors(await create({ name: 'x'.repeat(256), color: 'red' }))).toEqual({
      name: ['The name field must not be greater than 255 characters.'],
      color: ['The color field format is invalid.'],
    });
    for (const color of ['#12', '#1234', '13c2c2', '#gggggg', '#13c2c2 '.repeat(2)]) {
      expect(await errors(await create({ name: 'Valid name', color })), color).toEqual({
        color: ['The color field format is invalid.'],
      });
    }
    expect(await errors(await create({ name: 'Urgent', color: '#fff' }))).toEqual({
      name: ['The name has already been taken.'],
    });
    // Another company's label name is free here.
    await data(await create({ name: 'Flagship', color: '#FFF' }), 201);
  });

  it('updates by JSON PATCH and by multipart POST + _method=PATCH, keeping absent fields', async () => {
    const label = await data(await create({ name: 'Interior', color: '#aabbcc' }), 201);
    const renamed = await data(
      await call(`/labels/${label.id}`, { method: 'PATCH', ...jsonBody({ name: 'Interiors' }) }),
    );
    expect(renamed).toMatchObject({ id: label.id, name: 'Interiors', color: '#aabbcc' });
    const recoloured = await data(
      await call(`/labels/${label.id}`, {
        method: 'POST',
        ...multipartBody({ _method: 'PATCH', color: '#123' }),
      }),
    );
    expect(recoloured).toMatchObject({ name: 'Interiors', color: '#123' });
    // Its own name is no duplicate; another label's is, and so is emptying a required field.
    await data(await call(`/labels/${label.id}`, { method: 'PATCH', ...jsonBody({ name: 'Interiors' }) }));
    const taken = await call(`/labels/${label.id}`, { method: 'PATCH', ...jsonBody({ name: 'Urgent' }) });
    expect(await errors(taken)).toEqual({ name: ['The name has already been taken.'] });
    const emptied = await call(`/labels/${label.id}`, { method: 'PATCH', ...formBody({ name: '' }) });
    expect(await errors(emptied)).toEqual({ name: ['The name field is required.'] });
    const miscoloured = await call(`/labels/${label.id}`, {
      method: 'PATCH',
      ...formBody({ color: '#zzz' }),
    });
    expect(await errors(miscoloured)).toEqual({ color: ['The color field format is invalid.'] });
    expect(await labelRow(label.id)).toMatchObject({ name: 'Interiors', color: '#123' });
  });
});

describe('labels: 404, 403 and tenants', () => {
  it('answers 404 for a missing id, an id outside the integer range and a malformed one', async () => {
    const missing = await call('/labels/999999');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({
      message: 'No query results for model [App\\Models\\Label] 999999',
    });
    for (const id of ['2147483648', '99999999999999999999', '0', '-1', 'abc']) {
      expect((await call(`/labels/${id}`)).status, id).toBe(404);
      expect((await call(`/labels/${id}`, { method: 'PATCH', ...jsonBody({ name: 'x' }) })).status, id).toBe(
        404,
      );
      expect((await call(`/labels/${id}`, { method: 'DELETE' })).status, id).toBe(404);
    }
    // Labels are deleted for good: there is no recycling bin to restore from.
    expect((await call('/labels/1/restore')).status).toBe(404);
  });

  it('needs the ability of each action, before looking at the body', async () => {
    const reader = await memberWithAbilities(server, ['list-labels']);
    const label = await data(await create({ name: 'Guarded', color: '#000' }), 201);
    expect((await call(`/labels/${label.id}`, { token: reader })).status).toBe(200);
    expect((await create({}, reader)).status).toBe(403);
    const patch = await call(`/labels/${label.id}`, {
      token: reader,
      method: 'PATCH',
      ...jsonBody({ color: 'x' }),
    });
    expect(patch.status).toBe(403);
    expect((await call(`/labels/${label.id}`, { token: reader, method: 'DELETE' })).status).toBe(403);
    const bulk = await call('/labels/update', {
      token: reader,
      method: 'POST',
      ...jsonBody({ action: 'delete', labels: [{ id: label.id }] }),
    });
    expect(bulk.status).toBe(403);
    const nobody = await memberWithAbilities(server, ['view-projects']);
    expect((await call(`/labels/${label.id}`, { token: nobody })).status).toBe(403);
    expect((await call(`/labels/${label.id}`, { token: undefined })).status).toBe(401);
    expect(await labelRow(label.id)).toMatchObject({ name: 'Guarded', color: '#000' });
  });

  it("refuses another company's label (404) and another company's token (401)", async () => {
    expect((await call(`/labels/${flagship}`)).status).toBe(404);
    const patch = await call(`/labels/${flagship}`, { method: 'PATCH', ...jsonBody({ name: 'Mine' }) });
    expect(patch.status).toBe(404);
    expect((await call(`/labels/${flagship}`, { method: 'DELETE' })).status).toBe(404);
    expect((await call(`/labels/${flagship}`, { token: alice }, 'globex')).status).toBe(401);
    expect(await data(await call(`/labels/${flagship}`, { token: carol }, 'globex'))).toMatchObject({
      name: 'Flagship',
    });
  });
});

describe('labels: delete and bulk delete', () => {
  it("deletes a label for good and takes it off the company's projects", async () => {
    const label = await data(await create({ name: 'Temporary', color: '#f0f' }), 201);
    const project = await call('/projects', {
      method: 'POST',
      ...jsonBody({ name: 'Labelled project', labels: [label.id] }),
    });
    const { data: created } = (await project.json()) as { data: { id: number; labels: Label[] } };
    expect(created.labels.map((item) => item.name)).toEqual(['Temporary']);
    const filters = (await (await call('/projects')).json()) as {
      meta_data: { filters: { labels: Array<{ name: string }> } };
    };
    expect(filters.meta_data.filters.labels.map((item) => item.name)).toContain('Temporary');

    const deleted = await call(`/labels/${label.id}`, { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ label_name: 'Temporary', status: 'successfully deleted' });
    expect((await call(`/labels/${label.id}`)).status).toBe(404);
    expect(await labelRow(label.id)).toBeUndefined();
    const after = await call(`/projects/${created.id}`);
    expect(((await after.json()) as { data: { labels: Label[] } }).data.labels).toEqual([]);
  });

  it('deletes each row on its own and lists what failed, leaving those rows as they were', async () => {
    const first = await data(await create({ name: 'Bulk one', color: '#111' }), 201);
    const second = await data(await create({ name: 'Bulk two', color: '#222' }), 201);
    const response = await call('/labels/update', {
      method: 'POST',
      ...formBody({
        action: 'delete',
        'labels[0][id]': String(first.id),
        'labels[1][id]': String(flagship),
        'labels[2][id]': String(second.id),
        'labels[3][id]': '999999',
      }),
    });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toEqual({
      action: 'delete',
      success: [
        { id: first.id, name: 'Bulk one' },
        { id: second.id, name: 'Bulk two' },
      ],
      failed: [
        {
          id: flagship,
          name: String(flagship),
          message: `No query results for model [App\\Models\\Label] ${flagship}`,
        },
        { id: 999999, name: '999999', message: 'No query results for model [App\\Models\\Label] 999999' },
      ],
    });
    expect(await labelRow(first.id)).toBeUndefined();
    expect(await labelRow(flagship)).toMatchObject({ name: 'Flagship' });
  });

  it('answers 422 for an unknown action or no rows', async () => {
    const unknown = await call('/labels/update', {
      method: 'POST',
      ...jsonBody({ action: 'archive', labels: [{ id: 1 }] }),
    });
    expect(await errors(unknown)).toEqual({ action: ['The selected action is invalid.'] });
    const none = await call('/labels/update', { method: 'POST', ...jsonBody({ action: 'delete' }) });
    expect(await errors(none)).toEqual({ labels: ['The labels field is required.'] });
  });
});

describe('labels: the OpenAPI document', () => {
  it('documents every label endpoint once, under the labels tag, with bearer security', async () => {
    const response = await fetch(`http://127.0.0.1:${server.port}/api/v2/docs/json`);
    const document = (await response.json()) as {
      paths: Record<string, Record<string, { tags: string[]; security: unknown[] }>>;
    };
    const operations = {
      '/api/v2/labels': ['get', 'post'],
      '/api/v2/labels/{id}': ['get', 'patch', 'post', 'delete'],
      '/api/v2/labels/update': ['post'],
    };
    for (const [path, methods] of Object.entries(operations)) {
      expect(Object.keys(document.paths[path]).sort(), path).toEqual([...methods].sort());
      for (const method of methods) {
        expect(document.paths[path][method], `${method} ${path}`).toMatchObject({
          tags: ['labels'],
          security: [{ bearer: [] }],
        });
      }
    }
    expect(document.paths['/api/v2/labels/{id}/restore']).toBeUndefined();
  });
});
