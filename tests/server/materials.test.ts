/**
 * Materials and material categories (server/api/materials.ts, material-categories.entity.ts): every endpoint with
 * its happy path, 422s (a duplicate name included), 403s and tenant isolation; names with spaces, slashes and
 * non-ASCII characters round-trip through URLs; renaming keeps the variants' parent_name; duplicate; archive;
 * bulk move and delete; the recycling bin by name; the import of an uploaded archive through the worker.
 */
import type { Material, MaterialImport } from '../../shared/entities/materials';
import type { MaterialCategory } from '../../shared/entities/material-categories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyId, jsonBody, memberWithAbilities, tokenFor } from './api-helpers';
import sharp from 'sharp';
import yazl from 'yazl';
import { checkerPng } from './fbx-fixtures';
import { zipOf } from './materials-zip';
import { sendWithHost, startTestServer, TEST_DOMAIN, type TestServer } from './test-server';

let server: TestServer;
let alice: string;
let carol: string;
let bob: string;
let admin: string;

beforeAll(async () => {
  server = await startTestServer({ processing: { stepMs: 0, concurrency: 1 } });
  [alice, carol, bob, admin] = await Promise.all(
    ['alice', 'carol', 'bob', 'admin'].map((name) => tokenFor(server, name)),
  );
  // Initech buys the authoring licence here, so it stands for another company that may use materials (its
  // answers are 404s for acme's rows); globex, without it, is refused every material call.
  await server.db
    .insertInto('company_licences')
    .values({ company_id: await companyId(server, 'initech'), licence: 'hatch', bought: 1 })
    .onConflict((conflict) => conflict.columns(['company_id', 'licence']).doUpdateSet({ bought: 1 }))
    .execute();
});
afterAll(() => server?.close());

const call = (path: string, init: RequestInit & { token?: string } = {}, subdomain = 'acme') =>
  server.request(subdomain, path, { token: alice, ...init });
const at = (name: string) => `/materials/${encodeURIComponent(name)}`;

async function data<T>(response: Response, status = 200): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return ((await response.json()) as { data: T }).data;
}
async function errors(response: Response): Promise<Record<string, string[]>> {
  expect(response.status, await response.clone().text()).toBe(422);
  return ((await response.json()) as { errors: Record<string, string[]> }).errors;
}
const list = async <T>(path: string, token = alice) => {
  const response = await call(path, { token });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as { data: T[]; meta: { total: number } };
};
const createMaterial = (body: Record<string, unknown>, token = alice) =>
  call('/materials', { method: 'POST', token, ...jsonBody(body) });
const createCategory = (body: Record<string, unknown>, token = alice) =>
  call('/materials/categories', { method: 'POST', token, ...jsonBody(body) });

describe('material categories', () => {
  it('lists the top level and a parent’s children with counts, sub-categories and ancestors', async () => {
    const top = await list<MaterialCategory>('/materials/categories?filter[parent_id]=null&per_page=25');
    const names = top.data.map((category) => category.name);
    expect(names).toEqual(expect.arrayContaining(['Woods', 'Metals', 'Stone', 'Fabrics']));
    expect(names.some((name) => name.startsWith('Old Category'))).toBe(false);
    const woods = top.data.find((category) => category.name === 'Woods')!;
    expect(woods.sub_categories.map((sub) => sub.name)).toEqual(['Oak', 'Walnut']);
    expect(woods.indirect_materials_count).toBeGreaterThanOrEqual(8);
    expect(woods.deletable).toBe(false);
    const children = await list<MaterialCategory>(`/materials/categories?filter[parent_id]=${woods.id}`);
    const oak = children.data.find((category) => category.name === 'Oak')!;
    expect(oak.meta_data.ancestors).toEqual([{ id: woods.id, name: 'Woods' }]);
    expect(await data<MaterialCategory>(await call(`/materials/categories/${oak.id}`))).toEqual(oak);
  });

  it('creates under a parent, edits, archives, refuses a cycle, and answers 422 under the fields', async () => {
    const parent = await data<MaterialCategory>(await createCategory({ name: 'Ceramics' }), 201);
    const child = await data<MaterialCategory>(
      await createCategory({ name: 'Tiles', parent_id: parent.id }),
      201,
    );
    expect(child.parent_id).toBe(parent.id);
    expect(await errors(await createCategory({ name: '' }))).toEqual({
      name: ['The name field is required.'],
    });
    expect(await errors(await createCategory({ name: 'X', parent_id: 999999 }))).toEqual({
      parent_id: ['The selected parent id is invalid.'],
    });
    expect(
      Object.keys(
        await errors(
          await call(`/materials/categories/${parent.id}`, {
            method: 'PATCH',
            ...jsonBody({ parent_id: child.id }),
          }),
        ),
      ),
    ).toEqual(['parent_id']);
    const archived = await data<MaterialCategory>(
      await call(`/materials/categories/${child.id}`, {
        method: 'PATCH',
        ...jsonBody({ status: 'ARCHIVED' }),
      }),
    );
    expect(archived).toMatchObject({ status: 'ARCHIVED', status_color: expect.any(String) });
    const archivedList = await list<MaterialCategory>(
      `/materials/categories?filter[parent_id]=${parent.id}&filter[status]=archived`,
    );
    expect(archivedList.data.map((category) => category.id)).toEqual([child.id]);
  });

  it('bulk deletes into the bin, refuses a category connected to a model, and restores', async () => {
    const a = await data<MaterialCategory>(await createCategory({ name: 'Bulk A' }), 201);
    const woods = (await list<MaterialCategory>('/materials/categories?filter[search]=Woods')).data[0];
    const answer = await call('/materials/categories/update', {
      method: 'POST',
      ...jsonBody({ action: 'delete', categories: [{ id: a.id }, { id: woods.id }] }),
    });
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as {
      success: Array<{ name: string }>;
      failed: Array<{ name: string }>;
    };
    expect(body.success.map((row) => row.name)).toEqual(['Bulk A']);
    expect(body.failed.map((row) => row.name)).toEqual(['Woods']);
    expect((await call(`/materials/categories/${a.id}`)).status).toBe(404);
    const trashed = await list<MaterialCategory>('/materials/categories?trashed=1&per_page=50');
    expect(trashed.data.map((row) => row.name)).toEqual(
      expect.arrayContaining(['Bulk A', 'Old Category 2', 'Old Category 29']),
    );
    expect(trashed.data.map((row) => row.name)).not.toContain('Old Category 31');
    expect((await data<MaterialCategory>(await call(`/materials/categories/${a.id}/restore`))).name).toBe(
      'Bulk A',
    );
    expect((await call(`/materials/categories/${woods.id}`, { method: 'DELETE' })).status).toBe(422);
  });

  it('refuses without the ability (403) and across tenants (404)', async () => {
    const woods = (await list<MaterialCategory>('/materials/categories?filter[search]=Woods')).data[0];
    expect((await call('/materials/categories', { token: bob })).status).toBe(403);
    expect((await createCategory({ name: 'Nope' }, bob)).status).toBe(403);
    const lister = await memberWithAbilities(server, ['list-material-categories']);
    expect((await createCategory({ name: 'Nope' }, lister)).status).toBe(403);
    expect(
      (await call(`/materials/categories/${woods.id}`, { method: 'DELETE', token: lister })).status,
    ).toBe(403);
    const other = await memberWithAbilities(server, ['list-material-categories'], 'initech');
    expect((await call(`/materials/categories/${woods.id}`, { token: other }, 'initech')).status).toBe(404);
    const initechList = await call('/materials/categories', { token: other }, 'initech');
    expect(((await initechList.json()) as { data: unknown[] }).data).toEqual([]);
  });
});

describe('materials', () => {
  it('lists with category, status and search filters', async () => {
    const oak = (await list<MaterialCategory>('/materials/categories?filter[search]=Oak')).data[0];
    const inOak = await list<Material>(`/materials?filter[category]=${oak.id}&sort=name`);
    expect(inOak.data.map((material) => material.name)).toEqual([
      'Oak Natural',
      'Oak Natural Matte',
      'Oak Smoked',
      'Oak White Oiled',
    ]);
    expect(inOak.data[1]).toMatchObject({
      parent_name: 'Oak Natural',
      categories: [{ id: oak.id, name: 'Oak' }],
    });
    expect(inOak.data[2].deletable).toBe(false);
    const archived = await list<Material>('/materials?filter[status]=archived');
    expect(archived.data.map((material) => material.name)).toEqual(['Vinyl Retro']);
    const searched = await list<Material>('/materials?filter[search]=walnut');
    expect(searched.meta.total).toBe(2);
  });

  it('round-trips names with spaces, slashes and non-ASCII characters through URLs', async () => {
    for (const name of ['Slate 30/60', 'Terrazzo Béton', 'Glass / Frosted ü 2', 'Mármol ✓ #1 ?x=1']) {
      const exists = await call(at(name));
      if (exists.status === 404) await data<Material>(await createMaterial({ name }), 201);
      const material = await data<Material>(await call(at(name)));
      expect(material.name).toBe(name);
      const patched = await data<Material>(
        await call(at(name), { method: 'PATCH', ...jsonBody({ description: 'Round trip' }) }),
      );
      expect(patched).toMatchObject({ name, description: 'Round trip' });
    }
    expect((await call(at('No such material'))).status).toBe(404);
  });

  it('creates in a category and as a variant; 422 for a duplicate name, an unknown base or category', async () => {
    const stone = (await list<MaterialCategory>('/materials/categories?filter[search]=Stone')).data[0];
    const base = await data<Material>(
      await createMaterial({ name: 'Basalt', description: 'Dark', category_ids: [stone.id] }),
      201,
    );
    expect(base).toMatchObject({
      name: 'Basalt',
      status: 'ACTIVE',
      categories: [{ id: stone.id, name: 'Stone' }],
      parent_name: null,
      deletable: true,
      active_version_creator_name: expect.any(String),
    });
    const variant = await data<Material>(
      await createMaterial({ name: 'Basalt Honed', parent_name: 'Basalt' }),
      201,
    );
    expect(variant.parent_name).toBe('Basalt');
    expect(await errors(await createMaterial({ name: 'Basalt' }))).toEqual({
      name: ['The name has already been taken.'],
    });
    expect(
      await errors(await createMaterial({ name: 'X1', parent_name: 'Nope', category_ids: [999999] })),
    ).toEqual({
      parent_name: ['The selected parent name is invalid.'],
      category_ids: ['The selected category ids is invalid.'],
    });
    expect(await errors(await createMaterial({}))).toEqual({ name: ['The name field is required.'] });
  });

  it('renaming a base keeps its variants’ parent_name; archive and unarchive by PATCH', async () => {
    await data<Material>(await createMaterial({ name: 'Cork/Base' }), 201);
    await data<Material>(await createMaterial({ name: 'Cork Variant', parent_name: 'Cork/Base' }), 201);
    const renamed = await data<Material>(
      await call(at('Cork/Base'), { method: 'PATCH', ...jsonBody({ name: 'Cork Ünique' }) }),
    );
    expect(renamed.name).toBe('Cork Ünique');
    expect((await data<Material>(await call(at('Cork Variant')))).parent_name).toBe('Cork Ünique');
    expect((await call(at('Cork/Base'))).status).toBe(404);
    const archived = await data<Material>(
      await call(at('Cork Ünique'), { method: 'PATCH', ...jsonBody({ archived: true }) }),
    );
    expect(archived.status).toBe('ARCHIVED');
    const unarchived = await data<Material>(
      await call(at('Cork Ünique'), { method: 'PATCH', ...jsonBody({ archived: false }) }),
    );
    expect(unarchived.status).toBe('ACTIVE');
    expect(
      await errors(await call(at('Cork Variant'), { method: 'PATCH', ...jsonBody({ name: 'Oak Natural' }) })),
    ).toEqual({ name: ['The name has already been taken.'] });
  });

  it('duplicates with its categories', async () => {
    const copy = await data<Material>(await call(`${at('Oak Natural')}/duplicate`, { method: 'POST' }), 201);
    expect(copy).toMatchObject({ name: 'Oak Natural (copy)', categories: [{ name: 'Oak' }] });
    const second = await data<Material>(
      await call(`${at('Oak Natural')}/duplicate`, { method: 'POST' }),
      201,
    );
    expect(second.name).toBe('Oak Natural (copy) (2)');
  });

  it('deletes into the bin by name, refuses a connected one, restores by name', async () => {
    await data<Material>(await createMaterial({ name: 'Bin Me/Now' }), 201);
    const deleted = await call(at('Bin Me/Now'), { method: 'DELETE' });
    expect(await deleted.json()).toEqual({
      material_name: 'Bin Me/Now',
      status: 'successfully deleted',
      undo_token: expect.any(String),
    });
    expect((await call(at('Bin Me/Now'))).status).toBe(404);
    const trashed = await list<Material>('/materials?trashed=1&per_page=50');
    expect(trashed.data.map((row) => row.name)).toEqual(
      expect.arrayContaining(['Bin Me/Now', 'Discarded Swatch 2', 'Discarded Swatch 29']),
    );
    expect(trashed.data.map((row) => row.name)).not.toContain('Discarded Swatch 31');
    expect((await data<Material>(await call(`${at('Bin Me/Now')}/restore`))).name).toBe('Bin Me/Now');
    expect((await call(at('Oak Smoked'), { method: 'DELETE' })).status).toBe(422);
  });

  it('bulk moves with and without removal from the current categories, and bulk deletes', async () => {
    const [metals, fabrics] = await Promise.all(
      ['Metals', 'Fabrics'].map(
        async (name) =>
          (await list<MaterialCategory>(`/materials/categories?filter[search]=${name}`)).data[0],
      ),
    );
    await data<Material>(await createMaterial({ name: 'Mover 1', category_ids: [metals.id] }), 201);
    await data<Material>(await createMaterial({ name: 'Mover/2', category_ids: [metals.id] }), 201);
    const move = (remove: number) =>
      call('/materials/update', {
        method: 'POST',
        ...jsonBody({
          action: 'move',
          materials: [{ name: 'Mover 1' }, { name: 'Mover/2' }],
          categories: [{ id: fabrics.id }],
          remove_from_current_categories: remove,
        }),
      });
    const kept = (await (await move(0)).json()) as { success: unknown[]; failed: unknown[] };
    expect(kept.success).toHaveLength(2);
    expect((await data<Material>(await call(at('Mover 1')))).categories.map((c) => c.name).sort()).toEqual([
      'Fabrics',
      'Metals',
    ]);
    await move(1);
    expect((await data<Material>(await call(at('Mover/2')))).categories.map((c) => c.name)).toEqual([
      'Fabrics',
    ]);
    const bulkDelete = await call('/materials/update', {
      method: 'POST',
      ...jsonBody({ action: 'delete', materials: [{ name: 'Mover 1' }, { name: 'Oak Smoked' }] }),
    });
    const result = (await bulkDelete.json()) as {
      success: Array<{ name: string }>;
      failed: Array<{ name: string }>;
    };
    expect(result.success.map((row) => row.name)).toEqual(['Mover 1']);
    expect(result.failed.map((row) => row.name)).toEqual(['Oak Smoked']);
  });

  it('refuses without the ability (403) and across tenants (404)', async () => {
    expect((await call('/materials', { token: bob })).status).toBe(403);
    const lister = await memberWithAbilities(server, ['list-materials']);
    expect((await call(at('Oak Natural'), { token: lister })).status).toBe(200);
    expect((await createMaterial({ name: 'Nope' }, lister)).status).toBe(403);
    expect((await call(at('Oak Natural'), { method: 'DELETE', token: lister })).status).toBe(403);
    expect((await call(`${at('Oak Natural')}/duplicate`, { method: 'POST', token: lister })).status).toBe(
      403,
    );
    const otherLister = await memberWithAbilities(server, ['list-materials', 'update-materials'], 'initech');
    expect((await call(at('Oak Natural'), { token: otherLister }, 'initech')).status).toBe(404);
    expect(
      (
        await call(
          at('Oak Natural'),
          { method: 'PATCH', token: otherLister, ...jsonBody({ archived: true }) },
          'initech',
        )
      ).status,
    ).toBe(404);
  });
});

describe('material import', () => {
  const host = () => `acme.${TEST_DOMAIN}:${server.port}`;
  const metadata = (fields: Record<string, string>) =>
    Object.entries(fields)
      .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
      .join(',');

  async function upload(bytes: Buffer, filename: string): Promise<string> {
    const headers = { 'Tus-Resumable': '1.0.0', Authorization: `Bearer ${alice}` };
    const created = await sendWithHost(server.port, host(), '/api/v2/uploads', {
      method: 'POST',
      headers: {
        ...headers,
        'Upload-Length': String(bytes.length),
        'Upload-Metadata': metadata({ filename, kind: 'material-archive' }),
      },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const location = created.headers.get('location')!;
    const sent = await sendWithHost(server.port, host(), location, {
      method: 'PATCH',
      headers: { ...headers, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
      body: new Uint8Array(bytes),
    });
    expect(sent.status).toBe(204);
    return location.split('/').at(-1)!;
  }

  async function finished(id: number): Promise<MaterialImport> {
    await server.app.ctx.processor.idle();
    return data<MaterialImport>(await call(`/materials/import/${id}`));
  }

  it('imports one material per top-level folder or file of a zip into a category', async () => {
    const stone = (await list<MaterialCategory>('/materials/categories?filter[search]=Stone')).data[0];
    const uploadId = await upload(
      zipOf([
        'Onyx Gold/',
        'Onyx Gold/albedo.png',
        'Quartz White.sbsar',
        '__MACOSX/x',
        'Marble Carrara/a.png',
      ]),
      'stones.zip',
    );
    const started = await data<MaterialImport>(
      await call('/materials/import', {
        method: 'POST',
        ...jsonBody({ upload_id: uploadId, category_id: stone.id }),
      }),
      201,
    );
    expect(started).toMatchObject({ file_name: 'stones.zip', category: { id: stone.id, name: 'Stone' } });
    const done = await finished(started.id);
    expect(done).toMatchObject({ status: 'FINISHED', progress: 100, message: '3 materials imported' });
    // The result is a stored message: a Dutch reader reads it in Dutch.
    const dutch = await data<MaterialImport>(
      await call(`/materials/import/${started.id}`, { headers: { 'Accept-Language': 'nl' } }),
    );
    expect(dutch.message).toBe('3 materialen geïmporteerd');
    expect(done.imported).toEqual(['Onyx Gold', 'Quartz White', 'Marble Carrara (2)']);
    expect((await data<Material>(await call(at('Onyx Gold')))).categories).toEqual([
      { id: stone.id, name: 'Stone' },
    ]);
  });

  it('gives each imported material its pictures from its base-colour map: a sphere preview and the texture', async () => {
    const archive = new yazl.ZipFile();
    archive.addBuffer(await checkerPng(256, 8), 'Brick Red/brick_basecolor.png');
    archive.addBuffer(Buffer.from('not an image'), 'Brick Red/notes.txt');
    archive.addBuffer(await checkerPng(64, 2), 'Tile Blue.png');
    archive.end();
    const chunks: Buffer[] = [];
    for await (const chunk of archive.outputStream) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    const started = await data<MaterialImport>(
      await call('/materials/import', {
        method: 'POST',
        ...jsonBody({ upload_id: await upload(bytes, 'maps.zip') }),
      }),
      201,
    );
    expect(await finished(started.id)).toMatchObject({
      status: 'FINISHED',
      imported: ['Brick Red', 'Tile Blue'],
    });
    for (const name of ['Brick Red', 'Tile Blue']) {
      const material = await data<Material>(await call(at(name)));
      for (const url of [material.preview_image_url, material.viewer_texture_url]) {
        const { host: fileHost, pathname } = new URL(url!);
        const file = await sendWithHost(server.port, fileHost, pathname);
        expect(file.headers.get('content-type'), `${name}: ${url}`).toBe('image/webp');
        const image = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
        expect(image.width).toBeGreaterThan(0);
      }
      expect(material.preview_image_url).not.toBe(material.viewer_texture_url);
    }
  });

  it('fails a damaged archive, and answers 422 for an unknown upload or category', async () => {
    const uploadId = await upload(Buffer.from('not a zip at all'), 'broken.zip');
    const started = await data<MaterialImport>(
      await call('/materials/import', { method: 'POST', ...jsonBody({ upload_id: uploadId }) }),
      201,
    );
    expect(await finished(started.id)).toMatchObject({
      status: 'FAILED',
      message: 'Import failed: the archive is damaged (its list of files is missing)',
    });
    const dutch = await data<MaterialImport>(
      await call(`/materials/import/${started.id}`, { headers: { 'Accept-Language': 'nl' } }),
    );
    expect(dutch.message).toBe(
      'Importeren mislukt: het archief is beschadigd (de lijst met bestanden ontbreekt)',
    );
    expect(
      await errors(
        await call('/materials/import', {
          method: 'POST',
          ...jsonBody({ upload_id: 'f'.repeat(32), category_id: 999999 }),
        }),
      ),
    ).toEqual({
      upload_id: ['The selected upload id is invalid.'],
      category_id: ['The selected category id is invalid.'],
    });
    expect(
      (await call('/materials/import', { method: 'POST', token: bob, ...jsonBody({ upload_id: 'x' }) }))
        .status,
    ).toBe(403);
  });
});

describe('material preview images', () => {
  const PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]);

  /** A finished resumable upload of the kind `image`; answers its id. */
  async function imageUpload(bytes: Buffer, filename: string, token = alice): Promise<string> {
    const host = `acme.${TEST_DOMAIN}:${server.port}`;
    const headers = { 'Tus-Resumable': '1.0.0', Authorization: `Bearer ${token}` };
    const meta = [
      `filename ${Buffer.from(filename).toString('base64')}`,
      `kind ${Buffer.from('image').toString('base64')}`,
    ];
    const created = await sendWithHost(server.port, host, '/api/v2/uploads', {
      method: 'POST',
      headers: { ...headers, 'Upload-Length': String(bytes.length), 'Upload-Metadata': meta.join(',') },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const location = created.headers.get('location')!;
    const sent = await sendWithHost(server.port, host, location, {
      method: 'PATCH',
      headers: { ...headers, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
      body: new Uint8Array(bytes),
    });
    expect(sent.status).toBe(204);
    return location.split('/').at(-1)!;
  }
  async function fileStatus(url: string) {
    const { host, pathname } = new URL(url);
    return (await sendWithHost(server.port, host, pathname)).status;
  }

  it('creates with a preview, replaces it, removes it, and a duplicate keeps the file it shares', async () => {
    const name = 'Preview Slate';
    const created = await data<Material>(
      await createMaterial({ name, preview_upload_id: await imageUpload(PNG, 'slate.png') }),
      201,
    );
    expect(created.preview_image_url).toMatch(/\/api\/v2\/files\/materials\/previews\/[\w-]+\.png$/);
    expect(await fileStatus(created.preview_image_url!)).toBe(200);

    const replaced = await data<Material>(
      await call(at(name), {
        method: 'PATCH',
        ...jsonBody({ preview_upload_id: await imageUpload(JPEG, 'slate.jpg') }),
      }),
    );
    expect(replaced.preview_image_url).toMatch(/\.jpeg$/);
    expect(await fileStatus(created.preview_image_url!)).toBe(404);
    expect(await fileStatus(replaced.preview_image_url!)).toBe(200);

    // Other fields leave the preview as it is.
    const described = await data<Material>(
      await call(at(name), { method: 'PATCH', ...jsonBody({ description: 'Grey' }) }),
    );
    expect(described.preview_image_url).toBe(replaced.preview_image_url);

    const copy = await data<Material>(await call(`${at(name)}/duplicate`, { method: 'POST' }), 201);
    expect(copy.preview_image_url).toBe(replaced.preview_image_url);
    const removed = await data<Material>(
      await call(at(name), { method: 'PATCH', ...jsonBody({ preview_upload_id: null }) }),
    );
    expect(removed.preview_image_url).toBeNull();
    expect(await fileStatus(copy.preview_image_url!)).toBe(200);
  });

  it('a variant takes its base’s preview and categories unless it is given its own (issue 31)', async () => {
    const [stone, wood] = await Promise.all(
      ['Stone', 'Wood'].map(
        async (search) =>
          (await list<MaterialCategory>(`/materials/categories?filter[search]=${search}`)).data[0],
      ),
    );
    const base = await data<Material>(
      await createMaterial({
        name: 'Travertine',
        category_ids: [stone.id, wood.id],
        preview_upload_id: await imageUpload(PNG, 'travertine.png'),
      }),
      201,
    );
    expect(base.categories).toEqual([
      { id: stone.id, name: stone.name },
      { id: wood.id, name: wood.name },
    ]);

    // Given neither: both come from the base, its very file.
    const inherited = await data<Material>(
      await createMaterial({ name: 'Travertine Honed', parent_name: 'Travertine' }),
      201,
    );
    expect(inherited.preview_image_url).toBe(base.preview_image_url);
    expect(inherited.categories).toEqual(base.categories);
    const shown = await data<Material>(await call(at('Travertine Honed')));
    expect(shown.preview_image_url).toBe(base.preview_image_url);
    expect(await fileStatus(shown.preview_image_url!)).toBe(200);

    // Its own: a preview of its own, categories changed, a preview removed and no categories are kept as given.
    const own = await data<Material>(
      await createMaterial({
        name: 'Travertine Filled',
        parent_name: 'Travertine',
        category_ids: [wood.id],
        preview_upload_id: await imageUpload(JPEG, 'filled.jpg'),
      }),
      201,
    );
    expect(own.categories).toEqual([{ id: wood.id, name: wood.name }]);
    expect(own.preview_image_url).toMatch(/\.jpeg$/);
    const bare = await data<Material>(
      await createMaterial({
        name: 'Travertine Bare',
        parent_name: 'Travertine',
        category_ids: [],
        preview_upload_id: null,
      }),
      201,
    );
    expect(bare).toMatchObject({ categories: [], preview_image_url: null });

    // A material that is no variant inherits nothing.
    const plain = await data<Material>(await createMaterial({ name: 'Travertine Plain' }), 201);
    expect(plain).toMatchObject({ categories: [], preview_image_url: null, parent_name: null });

    // Removing the variant's inherited preview leaves the base's file.
    await data<Material>(
      await call(at('Travertine Honed'), { method: 'PATCH', ...jsonBody({ preview_upload_id: null }) }),
    );
    expect(await fileStatus(base.preview_image_url!)).toBe(200);
  });

  it('gives a category a preview on create, replaces it and removes it, each file gone once replaced', async () => {
    const created = await data<MaterialCategory>(
      await createCategory({ name: 'Preview Tiles', preview_upload_id: await imageUpload(PNG, 'tiles.png') }),
      201,
    );
    expect(created.preview_image_url).toMatch(/\/materials\/categories\/previews\/[\w-]+\.png$/);
    expect(await fileStatus(created.preview_image_url!)).toBe(200);
    const path = `/materials/categories/${created.id}`;
    const renamed = await data<MaterialCategory>(
      await call(path, { method: 'PATCH', ...jsonBody({ name: 'Preview Tiles 2' }) }),
    );
    expect(renamed.preview_image_url).toBe(created.preview_image_url);
    const replaced = await data<MaterialCategory>(
      await call(path, {
        method: 'PATCH',
        ...jsonBody({ preview_upload_id: await imageUpload(JPEG, 'tiles.jpg') }),
      }),
    );
    expect(replaced.preview_image_url).toMatch(/\.jpeg$/);
    expect(await fileStatus(created.preview_image_url!)).toBe(404);
    const removed = await data<MaterialCategory>(
      await call(path, { method: 'PATCH', ...jsonBody({ preview_upload_id: null }) }),
    );
    expect(removed.preview_image_url).toBeNull();
    expect(await fileStatus(replaced.preview_image_url!)).toBe(404);
    const refused = await createCategory({ name: 'Preview Refused', preview_upload_id: 'f'.repeat(32) });
    expect(await errors(refused)).toEqual({
      preview_upload_id: ['The selected preview upload id is invalid.'],
    });
  });

  it('answers 422 under preview_upload_id for an unknown upload, one of another user, and bytes that are no image', async () => {
    const cases: Array<[string, string]> = [
      ['f'.repeat(32), 'The selected preview upload id is invalid.'],
      [
        await imageUpload(PNG, 'bob.png', await memberWithAbilities(server, [])),
        'The selected preview upload id is invalid.',
      ],
      [
        await imageUpload(Buffer.from('plain text, no picture'), 'fake.png'),
        'The preview upload id field must be a file of type: jpeg, png, bmp.',
      ],
    ];
    for (const [uploadId, message] of cases) {
      const response = await createMaterial({ name: 'Preview Refused', preview_upload_id: uploadId });
      expect(await errors(response)).toEqual({ preview_upload_id: [message] });
    }
    expect((await call(at('Preview Refused'))).status).toBe(404);
  });
});

describe('the hatch licence', () => {
  const refused = async (response: Response) => {
    expect(response.status, await response.clone().text()).toBe(403);
    expect(await response.json()).toEqual({ message: 'This action is unauthorized.' });
  };

  it('refuses every material and category call of a company without it (403), but to administrators', async () => {
    // Carol is globex's Manager (every ability); globex has bought no hatch licence.
    expect((await call('/materials', { token: admin }, 'globex')).status).toBe(200);
    {
      const token = carol;
      const globex = (path: string, init: RequestInit = {}) => call(path, { token, ...init }, 'globex');
      await refused(await globex('/materials'));
      await refused(await globex('/materials/categories'));
      await refused(await globex('/materials/categories/1'));
      await refused(await globex(at('Oak Natural')));
      await refused(await globex('/materials', { method: 'POST', ...jsonBody({ name: 'Nope' }) }));
      await refused(await globex('/materials/categories', { method: 'POST', ...jsonBody({ name: 'Nope' }) }));
      await refused(await globex(`${at('Oak Natural')}/duplicate`, { method: 'POST' }));
      await refused(await globex(`${at('Oak Natural')}/restore`));
      await refused(await globex('/materials?trashed=1'));
      await refused(
        await globex('/materials/update', {
          method: 'POST',
          ...jsonBody({ action: 'delete', materials: [{ name: 'Oak Natural' }] }),
        }),
      );
      await refused(
        await globex('/materials/categories/update', {
          method: 'POST',
          ...jsonBody({ action: 'delete', categories: [{ id: 1 }] }),
        }),
      );
      await refused(await globex('/materials/import', { method: 'POST', ...jsonBody({ upload_id: 'x' }) }));
      await refused(await globex('/materials/import/1'));
      await refused(
        await sendWithHost(server.port, `globex.${TEST_DOMAIN}:${server.port}`, '/api/v2/uploads', {
          method: 'POST',
          headers: {
            'Tus-Resumable': '1.0.0',
            Authorization: `Bearer ${token}`,
            'Upload-Length': '10',
            'Upload-Metadata': `filename ${Buffer.from('a.zip').toString('base64')},kind ${Buffer.from('material-archive').toString('base64')}`,
          },
        }),
      );
    }
  });

  it('lets a company that has bought it in (the ability still applies)', async () => {
    const initech = await memberWithAbilities(server, ['list-materials'], 'initech');
    expect((await call('/materials', { token: initech }, 'initech')).status).toBe(200);
    const none = await memberWithAbilities(server, [], 'initech');
    await refused(await call('/materials', { token: none }, 'initech'));
  });
});
