/**
 * Cover images (issue 42, server/domain/cover-images.ts): a project, library or material category without its own
 * preview answers, in its list and single answers, the render of its newest live model, item or material as
 * `cover_image` (`cover_image_url` for a category), the nearest level first; with its own preview that one; never
 * a trashed record's picture, nor another company's. `preview_image` stays the uploaded one.
 */
import { randomUUID } from 'node:crypto';
import type { Library } from '../../shared/entities/libraries';
import type { MaterialCategory } from '../../shared/entities/material-categories';
import type { Project } from '../../shared/entities/projects';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyId, finishedImageUpload, jsonBody, multipartBody, tokenFor } from './api-helpers';
import { fileBlob } from './model-fixtures';
import { startTestServer, type TestServer } from './test-server';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let server: TestServer;
let alice: string;
let acme: number;
let globex: number;

beforeAll(async () => {
  server = await startTestServer();
  alice = await tokenFor(server, 'alice');
  [acme, globex] = await Promise.all([companyId(server, 'acme'), companyId(server, 'globex')]);
});
afterAll(() => server?.close());

const call = (path: string, init: RequestInit = {}) =>
  server.request('acme', path, { token: alice, ...init });

async function data<T>(response: Response, status = 200): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return ((await response.json()) as { data: T }).data;
}

/** A stored render's key, as the processor names one. */
const renderKey = (folder: string) => `previews/${folder}/${randomUUID()}.webp`;
/** A time `minutes` ago, to order the records' updates. */
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

/** The record as the list answers it (searched by its unique name) and as its single answer does. */
async function listedAndShown<T extends { id: number; name: string }>(collection: string, name: string) {
  const page = await data<T[]>(await call(`${collection}?filter[search]=${encodeURIComponent(name)}`));
  const listed = page.find((record) => record.name === name)!;
  expect(listed, `${name} listed`).toBeDefined();
  return { listed, shown: await data<T>(await call(`${collection}/${listed.id}`)) };
}

describe('projects', () => {
  async function createProject(name: string, fields: Record<string, string> = {}, preview = false) {
    const files: Record<string, [Blob, string]> = preview
      ? { preview_image: [fileBlob(PNG), 'own.png'] }
      : {};
    const project = await data<Project>(
      await call('/projects', { method: 'POST', ...multipartBody({ name, ...fields }, files) }),
      201,
    );
    return project.id;
  }

  async function insertModel(projectId: number, minutes: number, company = acme) {
    const row = await server.db
      .insertInto('project_models')
      .values({
        company_id: company,
        project_id: projectId,
        name: `Model ${randomUUID()}`,
        description: null,
        status: 'FINISHED',
        preview_image_url: renderKey('project_models'),
        started_at: null,
        finished_at: null,
        uploader_id: null,
        deleted_at: null,
        updated_at: minutesAgo(minutes),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  const renderOf = async (modelId: number) =>
    (await data<{ preview_image_url: string | null }>(await call(`/projects/models/${modelId}`)))
      .preview_image_url;

  const cover = (name: string) => listedAndShown<Project>('/projects', name);

  it('answers the render of its most recently updated model when it has no preview of its own', async () => {
    const id = await createProject('Cover Quay');
    await insertModel(id, 30);
    const newest = await insertModel(id, 5);
    const { listed, shown } = await cover('Cover Quay');
    expect(listed.cover_image).toMatch(/\/api\/v2\/files\/previews\/project_models\//);
    expect(listed.cover_image).toBe(await renderOf(newest));
    expect(shown.cover_image).toBe(listed.cover_image);
    expect(listed.preview_image).toBeNull();
  });

  it('answers its own preview when it has one', async () => {
    const id = await createProject('Cover Own', {}, true);
    await insertModel(id, 1);
    const { listed, shown } = await cover('Cover Own');
    expect(listed.preview_image).toMatch(/\/api\/v2\/files\//);
    expect(listed.cover_image).toBe(listed.preview_image);
    expect(shown.cover_image).toBe(shown.preview_image);
  });

  it('never uses a trashed model, and answers null without any render', async () => {
    const id = await createProject('Cover Trashed');
    const older = await insertModel(id, 30);
    const newer = await insertModel(id, 5);
    expect((await call(`/projects/models/${newer}`, { method: 'DELETE' })).status).toBe(200);
    expect((await cover('Cover Trashed')).listed.cover_image).toBe(await renderOf(older));
    expect((await call(`/projects/models/${older}`, { method: 'DELETE' })).status).toBe(200);
    const { listed, shown } = await cover('Cover Trashed');
    expect(listed.cover_image).toBeNull();
    expect(shown.cover_image).toBeNull();
  });

  it("uses a sub-project's model when it has none of its own, but not another company's", async () => {
    const parent = await createProject('Cover Parent');
    const child = await createProject('Cover Child', { parent_id: String(parent) });
    await insertModel(parent, 0, globex);
    const childModel = await insertModel(child, 10);
    expect((await cover('Cover Parent')).listed.cover_image).toBe(await renderOf(childModel));
    const ownModel = await insertModel(parent, 60);
    expect((await cover('Cover Parent')).listed.cover_image).toBe(await renderOf(ownModel));
  });
});

describe('libraries', () => {
  async function createLibrary(name: string, fields: Record<string, string> = {}, preview = false) {
    const files: Record<string, [Blob, string]> = preview
      ? { preview_image: [fileBlob(PNG), 'own.png'] }
      : {};
    const library = await data<Library>(
      await call('/libraries', { method: 'POST', ...multipartBody({ name, ...fields }, files) }),
      201,
    );
    return library.id;
  }

  async function insertItem(libraryId: number, minutes: number) {
    const item = await server.db
      .insertInto('library_items')
      .values({
        company_id: acme,
        name: `Item ${randomUUID()}`,
        description: null,
        status: 'FINISHED',
        preview_image_url: renderKey('library_items'),
        started_at: null,
        finished_at: null,
        uploader_id: null,
        deleted_at: null,
        updated_at: minutesAgo(minutes),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await server.db
      .insertInto('library_item_libraries')
      .values({ item_id: item.id, library_id: libraryId })
      .execute();
    return item.id;
  }

  const renderOf = async (itemId: number) =>
    (await data<{ preview_image_url: string | null }>(await call(`/libraries/items/${itemId}`)))
      .preview_image_url;

  const cover = (name: string) => listedAndShown<Library>('/libraries', name);

  it("answers its newest live item's render, a sub-library's without any of its own, and never a trashed one", async () => {
    const id = await createLibrary('Cover Shelf');
    const below = await createLibrary('Cover Shelf Below', { parent_id: String(id) });
    const belowItem = await insertItem(below, 1);
    expect((await cover('Cover Shelf')).listed.cover_image).toBe(await renderOf(belowItem));
    const older = await insertItem(id, 30);
    const newer = await insertItem(id, 5);
    const { listed, shown } = await cover('Cover Shelf');
    expect(listed.cover_image).toBe(await renderOf(newer));
    expect(shown.cover_image).toBe(listed.cover_image);
    expect(listed.preview_image).toBeNull();
    expect((await call(`/libraries/items/${newer}`, { method: 'DELETE' })).status).toBe(200);
    expect((await cover('Cover Shelf')).listed.cover_image).toBe(await renderOf(older));
  });

  it('answers its own preview when it has one', async () => {
    const id = await createLibrary('Cover Own Shelf', {}, true);
    await insertItem(id, 1);
    const { listed } = await cover('Cover Own Shelf');
    expect(listed.preview_image).toMatch(/\/api\/v2\/files\//);
    expect(listed.cover_image).toBe(listed.preview_image);
  });
});

describe('material categories', () => {
  async function createCategory(name: string, previewUploadId?: string) {
    const category = await data<MaterialCategory>(
      await call('/materials/categories', {
        method: 'POST',
        ...jsonBody({ name, ...(previewUploadId ? { preview_upload_id: previewUploadId } : {}) }),
      }),
      201,
    );
    return category.id;
  }

  async function insertMaterial(categoryId: number, minutes: number) {
    const material = await server.db
      .insertInto('materials')
      .values({
        company_id: acme,
        name: `Material ${randomUUID()}`,
        description: null,
        parent_name: null,
        preview_image_url: renderKey('materials'),
        model_id: null,
        creator_id: null,
        deleted_at: null,
        updated_at: minutesAgo(minutes),
      })
      .returning(['id', 'name'])
      .executeTakeFirstOrThrow();
    await server.db
      .insertInto('material_category')
      .values({ material_id: material.id, category_id: categoryId })
      .execute();
    return material.name;
  }

  const previewOf = async (name: string) =>
    (await data<{ preview_image_url: string | null }>(await call(`/materials/${encodeURIComponent(name)}`)))
      .preview_image_url;

  const cover = (name: string) => listedAndShown<MaterialCategory>('/materials/categories', name);

  it("answers its newest live material's preview, never a trashed one's, and its own preview first", async () => {
    const id = await createCategory('Cover Swatches');
    const older = await insertMaterial(id, 30);
    const newer = await insertMaterial(id, 5);
    const { listed, shown } = await cover('Cover Swatches');
    expect(listed.cover_image_url).toBe(await previewOf(newer));
    expect(shown.cover_image_url).toBe(listed.cover_image_url);
    expect(listed.preview_image_url).toBeNull();
    expect((await call(`/materials/${encodeURIComponent(newer)}`, { method: 'DELETE' })).status).toBe(200);
    expect((await cover('Cover Swatches')).listed.cover_image_url).toBe(await previewOf(older));

    const own = await createCategory(
      'Cover Own Swatches',
      await finishedImageUpload(server, alice, PNG, 'own.png'),
    );
    await insertMaterial(own, 1);
    const withOwn = (await cover('Cover Own Swatches')).listed;
    expect(withOwn.preview_image_url).toMatch(/\/api\/v2\/files\//);
    expect(withOwn.cover_image_url).toBe(withOwn.preview_image_url);
  });
});
