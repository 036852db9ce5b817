/**
 * Versions of processed files (issue 45), against the real server and worker: replacing a model's file makes its
 * next version and keeps the one it replaces with its original, optimized glb, figures and events (the new run
 * deletes none of them); the versions' downloads are named with their version; restoring a kept version makes a new
 * one (history immutable), at once FINISHED with its files when it was processed, processed again when it was not;
 * two replacements at once each get their own number; abilities, tenancy, the activity log; a library item the same.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileVersion } from '../../shared/file-versions';
import { purgeExpiredTrash } from '../../server/domain/trash-purge';
import { jsonBody, multipartBody, tokenFor } from './api-helpers';
import {
  FBX_ASCII,
  fbxBinary,
  fileBlob,
  getModel,
  type ModelBody,
  modelReaching,
  processingEvent,
  untilPublished,
} from './model-fixtures';
import { startTestServer, type TestServer } from './test-server';

let server: TestServer;
let alice: string;
let bob: string;

beforeAll(async () => {
  server = await startTestServer({ processing: { stepMs: 0, concurrency: 2 } });
  [alice, bob] = await Promise.all(['alice', 'bob'].map((name) => tokenFor(server, name)));
});
afterAll(() => server?.close());

type VersionedModel = ModelBody & { version: number; versions: FileVersion[] };

const call = (path: string, init: RequestInit & { token?: string } = {}, subdomain = 'acme') =>
  server.request(subdomain, path, { token: alice, ...init });

async function json<T>(response: Response, status = 200): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
}

const model = async (id: number) => (await getModel(server, alice, id)) as VersionedModel;

async function createModel(name: string, bytes: Buffer, fileName: string) {
  const created = await json<{ data: ModelBody }>(
    await call('/projects/models', {
      method: 'POST',
      ...multipartBody({ name }, { file: [fileBlob(bytes), fileName] }),
    }),
    201,
  );
  return created.data.id;
}

/** Replaces the model's file (POST + _method=PATCH, as the portal's form sends it) with a note. */
const replaceFile = (id: number, bytes: Buffer, fileName: string, note?: string) =>
  call(`/projects/models/${id}`, {
    method: 'POST',
    ...multipartBody(
      { _method: 'PATCH', ...(note ? { version_note: note } : {}) },
      { file: [fileBlob(bytes), fileName] },
    ),
  });

async function download(path: string) {
  const response = await call(path);
  expect(response.status, path).toBe(200);
  const name = /filename\*=UTF-8''(.+)$/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  return { name: decodeURIComponent(name ?? ''), bytes: Buffer.from(await response.arrayBuffer()) };
}

const restore = (id: number, number: number, token = alice, subdomain = 'acme') =>
  call(`/projects/models/${id}/versions/${number}/restore`, { method: 'POST', token }, subdomain);

describe('model versions', () => {
  let id: number;
  const first = FBX_ASCII;
  const second = fbxBinary(7500);

  it('a new model is version 1, uploaded by its uploader', async () => {
    id = await createModel('Versioned chair', first, 'chair.fbx');
    const done = (await modelReaching(server, alice, id, ['FINISHED'])) as VersionedModel;
    expect(done.version).toBe(1);
    expect(done.versions).toHaveLength(1);
    expect(done.versions[0]).toMatchObject({
      number: 1,
      current: true,
      status: 'FINISHED',
      file: { name: 'chair.fbx', size: first.length },
      uploader_name: 'Alice Anders',
      note: null,
      restored_from: null,
      viewer_model_url: done.viewer_model_url,
    });
    expect(done.versions[0].statistics?.triangles).toBeGreaterThan(0);
  });

  it('replacing the file makes version 2 and keeps version 1 with every file it had', async () => {
    const before = await model(id);
    const replaced = await replaceFile(id, second, 'chair-longer.fbx', '  Longer legs  ');
    expect(replaced.status, await replaced.clone().text()).toBe(200);
    const done = (await modelReaching(server, alice, id, ['FINISHED'])) as VersionedModel;
    expect(done.version).toBe(2);
    expect(done.versions.map((version) => [version.number, version.current])).toEqual([
      [2, true],
      [1, false],
    ]);
    expect(done.versions[0]).toMatchObject({ note: 'Longer legs', file: { name: 'chair-longer.fbx' } });
    expect(done.versions[1]).toMatchObject({
      status: 'FINISHED',
      file: { name: 'chair.fbx', size: first.length },
      viewer_model_url: before.viewer_model_url,
      ar_model_url: before.ar_model_url,
      preview_image_url: before.preview_image_url,
      statistics: before.versions[0].statistics,
    });
    expect(done.viewer_model_url).not.toBe(before.viewer_model_url);
    // Each version has its own USDZ for AR, beside its glb.
    expect(done.ar_model_url).toBe(done.viewer_model_url!.replace(/\.glb$/, '.usdz'));
    expect(done.ar_model_url).not.toBe(before.ar_model_url);

    // The new run deleted none of version 1's files; the downloads name their version.
    const original = await download(`/projects/models/${id}/versions/1/download/original`);
    expect(original).toEqual({ name: 'chair v1.fbx', bytes: first });
    const glb = await download(`/projects/models/${id}/versions/1/download/optimized`);
    expect(glb.name).toBe('Versioned chair v1.glb');
    expect(glb.bytes.subarray(0, 4).toString('latin1')).toBe('glTF');
    const viewerFile = await call(new URL(before.viewer_model_url as string).pathname.replace('/api/v2', ''));
    expect(viewerFile.status).toBe(200);
    const arFile = await call(new URL(before.ar_model_url as string).pathname.replace('/api/v2', ''));
    expect(arFile.headers.get('content-type')).toBe('model/vnd.usdz+zip');
    expect((await download(`/projects/models/${id}/download/original`)).name).toBe('chair-longer v2.fbx');
  });

  it('restoring version 1 makes version 3 with its files, FINISHED at once, history kept', async () => {
    const before = await model(id);
    const answer = await json<{ data: { id: number; version: number } }>(await restore(id, 1));
    expect(answer.data).toMatchObject({ id, version: 3 });
    const restored = await model(id);
    expect(restored).toMatchObject({
      status: 'FINISHED',
      version: 3,
      file: { name: 'chair.fbx', size: first.length },
      viewer_model_url: before.versions[1].viewer_model_url,
      statistics: before.versions[1].statistics,
    });
    expect(restored.versions.map((version) => version.number)).toEqual([3, 2, 1]);
    expect(restored.versions[0]).toMatchObject({ restored_from: 1, uploader_name: 'Alice Anders' });
    expect(restored.versions[1]).toMatchObject({
      note: 'Longer legs',
      viewer_model_url: before.viewer_model_url,
    });
    expect(restored.versions[2]).toEqual(before.versions[1]);
    expect(restored.geometry_events[0].message).toBe('Version 1 restored');
    expect(restored.geometry_events.map((event) => event.message)).toContain('Processing finished');
    expect((await download(`/projects/models/${id}/download/original`)).bytes).toEqual(first);
  });

  it('answers 404 for a version never kept (the current one included), 403 without the update ability', async () => {
    expect((await restore(id, 3)).status).toBe(404);
    expect((await restore(id, 99)).status).toBe(404);
    expect((await call(`/projects/models/${id}/versions/99/download/original`)).status).toBe(404);
    expect((await restore(id, 2, bob)).status).toBe(403);
    expect((await call(`/projects/models/${id}/versions/1/download/original`, { token: bob })).status).toBe(
      200,
    );
    const globex = await tokenFor(server, 'carol');
    expect((await restore(id, 1, globex, 'globex')).status).toBe(404);
    expect((await model(id)).version).toBe(3);
  });

  it('names the restore in the activity log, in the reader language', async () => {
    const entries = async (language: string) =>
      (
        await json<{ data: Array<{ message: string }> }>(
          await call('/my-account/activity?per_page=20', { headers: { 'Accept-Language': language } }),
        )
      ).data.map((entry) => entry.message);
    expect(await entries('en')).toContain('Restored an earlier version of model Versioned chair');
    expect(await entries('nl')).toContain('Een eerdere versie van model Versioned chair teruggezet');
  });

  it('two replacements at once each make a version of their own', async () => {
    const [a, b] = await Promise.all([
      replaceFile(id, first, 'a.fbx', 'A'),
      replaceFile(id, second, 'b.fbx', 'B'),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const now = await model(id);
    expect(now.version).toBe(5);
    expect(now.versions.map((version) => version.number)).toEqual([5, 4, 3, 2, 1]);
    expect(new Set(now.versions.slice(0, 2).map((version) => version.note))).toEqual(new Set(['A', 'B']));
    await modelReaching(server, alice, id, ['FINISHED']);
  });

  it('a version never processed comes back to be processed again', async () => {
    const failing = await createModel('Empty shell', fbxBinary(7400, false), 'empty.fbx');
    await modelReaching(server, alice, failing, ['FAILED']);
    expect((await replaceFile(failing, first, 'shell.fbx')).status).toBe(200);
    const done = (await modelReaching(server, alice, failing, ['FINISHED'])) as VersionedModel;
    expect(done.versions[1]).toMatchObject({
      number: 1,
      status: 'FAILED',
      viewer_model_url: null,
      statistics: null,
    });
    expect((await restore(failing, 1)).status).toBe(200);
    const queued = await model(failing);
    expect(queued).toMatchObject({ version: 3, file: { name: 'empty.fbx' }, viewer_model_url: null });
    expect(['QUEUED', 'PROCESSING', 'FAILED']).toContain(queued.status);
    await modelReaching(server, alice, failing, ['FAILED']);
  });

  it('a seeded model without a file has nothing to restore', async () => {
    const seeded = await server.db
      .selectFrom('project_models')
      .select('project_models.id')
      .where('file_key', 'is', null)
      .where('project_models.deleted_at', 'is', null)
      .innerJoin('companies', 'companies.id', 'project_models.company_id')
      .where('companies.sub_domain', '=', 'acme')
      .executeTakeFirst();
    expect(seeded).toBeDefined();
    const replaced = await replaceFile(seeded!.id, first, 'new.fbx');
    expect(replaced.status).toBe(200);
    const answer = await json<{ errors: Record<string, string[]> }>(await restore(seeded!.id, 1), 422);
    expect(answer.errors).toEqual({ version: ['This version has no file to restore.'] });
  });
});

describe('the purge', () => {
  it("takes a purged model's files and its kept versions' from the storage, keeping one another row names", async () => {
    const id = await createModel('Purged chair', FBX_ASCII, 'purged.fbx');
    await modelReaching(server, alice, id, ['FINISHED']);
    expect((await replaceFile(id, fbxBinary(7500), 'purged-2.fbx')).status).toBe(200);
    await modelReaching(server, alice, id, ['FINISHED']);
    const columns = ['file_key', 'viewer_model_key', 'preview_image_url'] as const;
    const row = await server.db
      .selectFrom('project_models')
      .select(columns)
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const kept = await server.db
      .selectFrom('model_versions')
      .select(columns)
      .where('model_id', '=', id)
      .execute();
    const keys = [row, ...kept]
      .flatMap((each) => columns.map((column) => each[column]))
      .filter((key) => key !== null);
    expect(keys).toHaveLength(6);
    // Each version's USDZ for AR goes with its glb.
    keys.push(...[row, ...kept].map((each) => each.viewer_model_key!.replace(/\.glb$/, '.usdz')));
    const { storage } = server.app.ctx;
    for (const key of keys) expect(await storage.read(key), key).not.toBeNull();
    // Another model shows version 1's preview: that file stays.
    const other = await server.db
      .selectFrom('project_models')
      .select(['id', 'preview_image_url'])
      .where('id', '!=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    await server.db
      .updateTable('project_models')
      .set({ preview_image_url: kept[0].preview_image_url })
      .where('id', '=', other.id)
      .execute();

    expect((await call(`/projects/models/${id}`, { method: 'DELETE' })).status).toBe(200);
    await server.db
      .updateTable('project_models')
      .set({ deleted_at: new Date(Date.now() - 31 * 24 * 60 * 60 * 1000) })
      .where('id', '=', id)
      .execute();
    const purged = await purgeExpiredTrash(server.db, server.app.ctx.entities, new Date(), storage);
    expect(purged.project_models).toBeGreaterThanOrEqual(1);
    expect(
      await server.db.selectFrom('model_versions').select('id').where('model_id', '=', id).execute(),
    ).toEqual([]);
    for (const key of keys)
      if (key === kept[0].preview_image_url) expect(await storage.read(key), key).not.toBeNull();
      else expect(await storage.read(key), key).toBeNull();
    await server.db
      .updateTable('project_models')
      .set({ preview_image_url: other.preview_image_url })
      .where('id', '=', other.id)
      .execute();
  });
});

describe('library item versions', () => {
  it('replacing an item file keeps version 1; restoring it brings it back', async () => {
    const created = await json<{ data: { id: number } }>(
      await call('/libraries/items', {
        method: 'POST',
        ...multipartBody({ name: 'Versioned lamp' }, { file: [fileBlob(FBX_ASCII), 'lamp.fbx'] }),
      }),
      201,
    );
    const itemId = created.data.id;
    const finished = () =>
      untilPublished(
        server,
        `library item ${itemId} FINISHED`,
        async () => {
          const row = await server.db
            .selectFrom('library_items')
            .select(['status', 'version'])
            .where('id', '=', itemId)
            .executeTakeFirstOrThrow();
          return row.status === 'FINISHED' ? row : null;
        },
        (published) => {
          const update = processingEvent(published, 'LibraryItem');
          return update?.owner_id === itemId && update.status === 'FINISHED';
        },
      );
    await finished();
    const replaced = await call(`/libraries/items/${itemId}`, {
      method: 'POST',
      ...multipartBody(
        { _method: 'PATCH', version_note: 'Brass' },
        { file: [fileBlob(fbxBinary()), 'lamp2.fbx'] },
      ),
    });
    expect(replaced.status, await replaced.clone().text()).toBe(200);
    await finished();
    const item = async () =>
      (
        await json<{ data: { version: number; versions: FileVersion[] } }>(
          await call(`/libraries/items/${itemId}`),
        )
      ).data;
    expect((await item()).versions.map((version) => [version.number, version.note])).toEqual([
      [2, 'Brass'],
      [1, null],
    ]);
    expect(
      (await call(`/libraries/items/${itemId}/versions/1/restore`, { method: 'POST', token: bob })).status,
    ).toBe(403);
    expect((await call(`/libraries/items/${itemId}/versions/1/restore`, { method: 'POST' })).status).toBe(
      200,
    );
    const back = await item();
    expect(back.version).toBe(3);
    expect(back.versions[0]).toMatchObject({
      restored_from: 1,
      file: { name: 'lamp.fbx' },
      status: 'FINISHED',
    });
    expect(
      (await call(`/libraries/items/${itemId}/versions/2/download/original`)).headers.get(
        'content-disposition',
      ),
    ).toContain('lamp2 v2.fbx');
  });

  it('leaves the item unchanged when the version note is too long or comes without a file', async () => {
    const id = (
      await server.db
        .selectFrom('library_items')
        .select('id')
        .where('name', '=', 'Versioned lamp')
        .executeTakeFirstOrThrow()
    ).id;
    const answer = await call(`/libraries/items/${id}`, {
      method: 'PATCH',
      ...jsonBody({ version_note: 'x'.repeat(1001) }),
    });
    expect(answer.status).toBe(422);
    expect(Object.keys(((await answer.json()) as { errors: object }).errors)).toEqual(['version_note']);
    // A note without a new file would be lost: it is refused, in the reader's language, and nothing changes.
    const errors = async (language: string) =>
      (
        await json<{ errors: Record<string, string[]> }>(
          await call(`/libraries/items/${id}`, {
            method: 'PATCH',
            body: JSON.stringify({ name: 'Renamed lamp', version_note: 'Brass again' }),
            headers: { 'Content-Type': 'application/json', 'Accept-Language': language },
          }),
          422,
        )
      ).errors;
    expect(await errors('en')).toEqual({
      version_note: ['A version note goes with a new file: choose the file too.'],
    });
    expect(await errors('nl')).toEqual({
      version_note: ['Een versienotitie hoort bij een nieuw bestand: kies ook het bestand.'],
    });
    const unchanged = await server.db
      .selectFrom('library_items')
      .select(['name', 'version'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(unchanged).toEqual({ name: 'Versioned lamp', version: 3 });
  });
});
