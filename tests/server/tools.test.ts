/**
 * Tools (issue 15): property maps through the CRUD helper, downloads (list and show for list-downloads, the file
 * as an attachment named name.extension, create, update and delete for administrators only, the file as a
 * resumable upload of the kind download-file), and the recycling bin (trashed lists and restore of projects and
 * models, the purge after 30 days with an injected clock): happy paths, 422s, 403s and tenant isolation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Download } from '../../shared/entities/downloads';
import type { PropertyMap } from '../../shared/entities/property-maps';
import { purgeExpiredTrash } from '../../server/domain/trash-purge';
import { jsonBody, memberWithAbilities, tokenFor } from './api-helpers';
import { startTestServer, type TestServer } from './test-server';

let server: TestServer;
let admin: string;
let alice: string;
let bob: string;
let carol: string;

beforeAll(async () => {
  server = await startTestServer();
  [admin, alice, bob, carol] = await Promise.all(
    ['admin', 'alice', 'bob', 'carol'].map((name) => tokenFor(server, name)),
  );
});
afterAll(() => server?.close());

const call = (path: string, init: RequestInit & { token?: string } = {}, subdomain = 'acme') =>
  server.request(subdomain, path, { token: alice, ...init });

async function data<T>(response: Response, status = 200): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return ((await response.json()) as { data: T }).data;
}

async function errors(response: Response): Promise<Record<string, string[]>> {
  expect(response.status, await response.clone().text()).toBe(422);
  return ((await response.json()) as { errors: Record<string, string[]> }).errors;
}

const names = async (response: Response) =>
  (await data<Array<{ name: string }>>(response)).map((row) => row.name);

describe('property maps', () => {
  it('lists the company’s maps sorted by -name by default, searchable', async () => {
    expect(await names(await call('/property-maps'))).toEqual([
      'Window frames',
      'Kitchen fronts',
      'Door hardware',
    ]);
    expect(await names(await call('/property-maps?filter[search]=KITCHEN'))).toEqual(['Kitchen fronts']);
    expect(await names(await call('/property-maps', { token: carol }, 'globex'))).toEqual([
      'Globex fixtures',
    ]);
  });

  it('creates, shows, updates and deletes a map', async () => {
    const created = await data<PropertyMap>(
      await call('/property-maps', { method: 'POST', ...jsonBody({ name: 'Stair railings' }) }),
      201,
    );
    expect(created).toEqual({
      id: expect.any(Number),
      name: 'Stair railings',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(await data(await call(`/property-maps/${created.id}`))).toEqual(created);
    const updated = await data<PropertyMap>(
      await call(`/property-maps/${created.id}`, { method: 'PATCH', ...jsonBody({ name: 'Balustrades' }) }),
    );
    expect(updated.name).toBe('Balustrades');
    const deleted = await call(`/property-maps/${created.id}`, { method: 'DELETE' });
    expect(await deleted.json()).toEqual({
      property_map_name: 'Balustrades',
      status: 'successfully deleted',
    });
    expect((await call(`/property-maps/${created.id}`)).status).toBe(404);
  });

  it('answers 422 under the name: required, too long, taken', async () => {
    const create = (body: object) => call('/property-maps', { method: 'POST', ...jsonBody(body) });
    expect(await errors(await create({}))).toEqual({ name: ['The name field is required.'] });
    expect(await errors(await create({ name: 'x'.repeat(256) }))).toEqual({
      name: ['The name field must not be greater than 255 characters.'],
    });
    expect(await errors(await create({ name: 'Door hardware' }))).toEqual({
      name: ['The name has already been taken.'],
    });
  });

  it('needs its abilities (403) and never reaches another company’s maps (404)', async () => {
    expect((await call('/property-maps', { token: bob })).status).toBe(403);
    const lister = await memberWithAbilities(server, ['list-property-maps']);
    expect((await call('/property-maps', { token: lister })).status).toBe(200);
    expect(
      (await call('/property-maps', { method: 'POST', token: lister, ...jsonBody({ name: 'No' }) })).status,
    ).toBe(403);
    const globexMap = await server.db
      .selectFrom('property_maps')
      .select('id')
      .where('name', '=', 'Globex fixtures')
      .executeTakeFirstOrThrow();
    expect((await call(`/property-maps/${globexMap.id}`)).status).toBe(404);
    expect((await call(`/property-maps/${globexMap.id}`, { method: 'DELETE' })).status).toBe(404);
  });
});

/** A finished resumable upload of the kind download-file; answers its id. */
async function uploadFile(content: string, filename: string, token = admin): Promise<string> {
  const metadata = Object.entries({ filename, kind: 'download-file' })
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
  const bytes = Buffer.from(content);
  const created = await call('/uploads', {
    method: 'POST',
    token,
    headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': String(bytes.length), 'Upload-Metadata': metadata },
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const id = created.headers.get('location')!.split('/').at(-1)!;
  const sent = await call(`/uploads/${id}`, {
    method: 'PATCH',
    token,
    headers: {
      'Tus-Resumable': '1.0.0',
      'Upload-Offset': '0',
      'Content-Type': 'application/offset+octet-stream',
    },
    body: new Uint8Array(bytes),
  });
  expect(sent.status, await sent.clone().text()).toBe(204);
  return id;
}

describe('downloads', () => {
  it('lists the seeded downloads for list-downloads and saves a file as name.extension', async () => {
    const list = await data<Download[]>(await call('/downloads?sort=name', { token: bob }));
    expect(list.map((row) => `${row.name}.${row.extension}`)).toEqual([
      'Brand colours.css',
      'Exporter settings.json',
      'Material price list.csv',
      'Portal quick start.txt',
    ]);
    const prices = list.find((row) => row.name === 'Material price list')!;
    const file = await call(`/downloads/${prices.id}/download`, { token: bob });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toBe(
      `attachment; filename="Material price list.csv"; filename*=UTF-8''Material%20price%20list.csv`,
    );
    expect(await file.text()).toContain('Oak parquet,m2,64.50');
  });

  it('lets an administrator create, update (replacing the file) and delete a download', async () => {
    const upload = await uploadFile('first version', 'notes.txt');
    const created = await data<Download>(
      await call('/admin/downloads', {
        method: 'POST',
        token: admin,
        ...jsonBody({ name: 'Release notes', extension: 'md', upload_id: upload }),
      }),
      201,
    );
    expect(created).toEqual({
      id: expect.any(Number),
      name: 'Release notes',
      extension: 'md',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(await data(await call(`/downloads/${created.id}`, { token: bob }))).toEqual(created);
    const first = await call(`/downloads/${created.id}/download`, { token: bob });
    expect(await first.text()).toBe('first version');

    const replacement = await uploadFile('second version, ünïcode', 'notes-2.txt');
    const updated = await data<Download>(
      await call(`/admin/downloads/${created.id}`, {
        method: 'PATCH',
        token: admin,
        ...jsonBody({ name: 'Release notes ü', upload_id: replacement }),
      }),
    );
    expect(updated).toMatchObject({ name: 'Release notes ü', extension: 'md' });
    const second = await call(`/downloads/${created.id}/download`, { token: bob });
    expect(second.headers.get('content-disposition')).toBe(
      `attachment; filename="Release notes _.md"; filename*=UTF-8''Release%20notes%20%C3%BC.md`,
    );
    expect(await second.text()).toBe('second version, ünïcode');

    const deleted = await call(`/admin/downloads/${created.id}`, { method: 'DELETE', token: admin });
    expect(await deleted.json()).toEqual({
      download_name: 'Release notes ü',
      status: 'successfully deleted',
    });
    expect((await call(`/downloads/${created.id}`, { token: bob })).status).toBe(404);
    expect((await call(`/downloads/${created.id}/download`, { token: bob })).status).toBe(404);
  });

  it('answers 422 under each field', async () => {
    const create = (body: object) =>
      call('/admin/downloads', { method: 'POST', token: admin, ...jsonBody(body) });
    expect(await errors(await create({}))).toEqual({
      name: ['The name field is required.'],
      extension: ['The extension field is required.'],
      upload_id: ['The upload id field is required.'],
    });
    expect(
      await errors(await create({ name: 'x'.repeat(256), extension: '.exe!', upload_id: 'nope' })),
    ).toEqual({
      name: ['The name field must not be greater than 255 characters.'],
      extension: ['The extension field format is invalid.'],
    });
    expect(
      await errors(await create({ name: 'Portal quick start', extension: 'txt', upload_id: 'nope' })),
    ).toEqual({
      name: ['The name has already been taken.'],
      upload_id: ['The selected upload id is invalid.'],
    });
    expect(
      await errors(await create({ name: 'Fresh', extension: 'pdf', upload_id: 'f'.repeat(32) })),
    ).toEqual({
      upload_id: ['The selected upload id is invalid.'],
    });
  });

  it('keeps create, edit, delete and their uploads to administrators (403) and the list to list-downloads', async () => {
    const [first] = await data<Download[]>(await call('/downloads'));
    expect((await call('/admin/downloads', { method: 'POST', ...jsonBody({ name: 'x' }) })).status).toBe(403);
    expect(
      (await call(`/admin/downloads/${first.id}`, { method: 'PATCH', ...jsonBody({ name: 'x' }) })).status,
    ).toBe(403);
    expect((await call(`/admin/downloads/${first.id}`, { method: 'DELETE' })).status).toBe(403);
    const upload = await call('/uploads', {
      method: 'POST',
      headers: {
        'Tus-Resumable': '1.0.0',
        'Upload-Length': '3',
        'Upload-Metadata': `filename ${btoa('a.txt')},kind ${btoa('download-file')}`,
      },
    });
    expect(upload.status).toBe(403);
    const nobody = await memberWithAbilities(server, ['list-labels']);
    expect((await call('/downloads', { token: nobody })).status).toBe(403);
    expect((await call(`/downloads/${first.id}/download`, { token: nobody })).status).toBe(403);
  });

  it('never serves another company’s download, nor its file as a public file', async () => {
    const [first] = await data<Download[]>(await call('/downloads'));
    expect((await call(`/downloads/${first.id}`, { token: carol }, 'globex')).status).toBe(404);
    expect((await call(`/downloads/${first.id}/download`, { token: carol }, 'globex')).status).toBe(404);
    expect(
      (await call(`/admin/downloads/${first.id}`, { method: 'DELETE', token: admin }, 'globex')).status,
    ).toBe(404);
    const row = await server.db
      .selectFrom('downloads')
      .select('file_key')
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow();
    expect((await call(`/files/${row.file_key}`)).status).toBe(404);
  });
});

describe('recycling bin', () => {
  const DAY = 24 * 60 * 60 * 1000;
  const trashed = async (collection: string, token = alice) =>
    names(await call(`/${collection}?trashed=1&per_page=10&sort=-deleted_at`, { token }));

  it('lists trashed projects and models newest first, within 30 days, for access-recycling-bin', async () => {
    expect(await trashed('projects')).toEqual([
      'Temporary Pop-up Store',
      'Old Harbour Study',
      'Cancelled Parking Garage',
    ]);
    expect(await trashed('projects/models')).toEqual([
      'Canal House – Roof Study',
      'Dune Pavilion – Early Massing',
      'Copper Works – Lighting Test',
    ]);
    expect((await call('/projects?trashed=1', { token: bob })).status).toBe(403);
    expect(await names(await call('/projects?trashed=1', { token: carol }, 'globex'))).not.toContain(
      'Old Harbour Study',
    );
  });

  it('restores a project and a model into their lists, only with restore-deleted-entities', async () => {
    const binOnly = await memberWithAbilities(server, ['access-recycling-bin', 'view-projects']);
    const model = await server.db
      .selectFrom('project_models')
      .select('id')
      .where('name', '=', 'Dune Pavilion – Early Massing')
      .executeTakeFirstOrThrow();
    const project = await server.db
      .selectFrom('projects')
      .select('id')
      .where('name', '=', 'Old Harbour Study')
      .executeTakeFirstOrThrow();
    expect((await call(`/projects/${project.id}/restore`, { token: binOnly })).status).toBe(403);
    expect((await call(`/projects/${project.id}/restore`, { token: carol }, 'globex')).status).toBe(404);
    const restored = await data<{ name: string; deleted_at: string | null }>(
      await call(`/projects/${project.id}/restore`),
    );
    expect(restored).toMatchObject({ name: 'Old Harbour Study', deleted_at: null });
    expect(await names(await call('/projects?filter[search]=Old Harbour Study'))).toEqual([
      'Old Harbour Study',
    ]);
    expect(await trashed('projects')).not.toContain('Old Harbour Study');

    const restoredModel = await data<{ name: string }>(await call(`/projects/models/${model.id}/restore`));
    expect(restoredModel.name).toBe('Dune Pavilion – Early Massing');
    expect(await names(await call('/projects/models?filter[search]=Early Massing'))).toEqual([
      'Dune Pavilion – Early Massing',
    ]);
    expect(await trashed('projects/models')).not.toContain('Dune Pavilion – Early Massing');
  });

  it('purges rows deleted more than 30 days before the clock, and only those', async () => {
    const copper = () =>
      server.db
        .selectFrom('project_models')
        .select('id')
        .where('name', '=', 'Copper Works – Lighting Test')
        .executeTakeFirst();
    // Deleted 29 days ago: kept today, gone by a clock two days later.
    expect((await purgeExpiredTrash(server.db, server.app.ctx.entities, new Date())).project_models).toBe(0);
    expect(await copper()).toBeDefined();
    const purged = await purgeExpiredTrash(
      server.db,
      server.app.ctx.entities,
      new Date(Date.now() + 2 * DAY),
    );
    expect(purged.project_models).toBe(1);
    expect(purged.projects).toBe(1);
    expect(await copper()).toBeUndefined();
    expect(await trashed('projects/models')).toEqual(['Canal House – Roof Study']);
  });
});
