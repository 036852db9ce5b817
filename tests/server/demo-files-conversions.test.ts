/**
 * What the demo data's real files (server/seed/demo-files.ts) are, the same on both database engines (that
 * they are attached once per database, through the engine's queue, is demo-files.test.ts's): the seeded FINISHED
 * models and items get an FBX made from a procedural shape, picked by the record's name, are processed to FINISHED
 * again with a preview drawn from their geometry and a glb for the viewer, and no job is left unfinished; the seeded
 * materials get a sphere preview and a texture. The records seeded on their way (UPLOADING, QUEUED, PROCESSING) are
 * processed too, so no seeded job is left stuck (issue 31), while a FAILED one keeps its reason and gets a file its
 * Reprocess converts. To keep each test short (demo content is background work, processed one file at a time),
 * all but a few records are put in the bin first (the demo leaves binned records alone).
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachDemoFiles, demoKindOf } from '../../server/seed/demo-files';
import { getModel } from './model-fixtures';
import { binAllBut, startProcessingServer } from './processing-helpers';
import { sendWithHost, type TestServer } from './test-server';

let server: TestServer;
let alice: string;

beforeAll(async () => {
  ({ server, alice } = await startProcessingServer());
});
afterAll(() => server?.close());

/** The materials the demo draws: one with a slash in its name (its folder is named by id) and one with an accent. */
const KEPT_MATERIALS = ['Slate 30/60', 'Terrazzo Béton'];

async function served(url: string | null): Promise<Buffer> {
  const { host, pathname } = new URL(url!);
  const response = await sendWithHost(server.port, host, pathname);
  expect(response.status, url!).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

describe('the demo files', () => {
  it('pick a shape by the record name', () => {
    expect(demoKindOf('Aeron Task Chair', 0)).toBe('chair');
    expect(demoKindOf('Oak Dining Table', 0)).toBe('table');
    expect(demoKindOf('Globe Pendant', 0)).toBe('lamp');
    expect(demoKindOf('Harbour Tower – Facade', 0)).toBe('building');
  });

  it('give the seeded finished records real files, processed in the background, and the materials pictures', async () => {
    await binAllBut(server, 'project_models', ['Harbour Tower – Facade']);
    await binAllBut(server, 'library_items', ['Globe Pendant']);
    await binAllBut(server, 'materials', KEPT_MATERIALS);
    await attachDemoFiles(server.app);
    await server.app.ctx.processor.idle();

    const models = await server.db
      .selectFrom('project_models')
      .select(['id', 'name', 'status', 'file_key'])
      .where('deleted_at', 'is', null)
      .execute();
    const converted = models.filter((model) => model.file_key !== null);
    expect(converted.map((model) => model.name)).toEqual(['Harbour Tower – Facade']);
    for (const row of converted) {
      const model = await getModel(server, alice, row.id);
      expect(model.status, row.name).toBe('FINISHED');
      expect((model.statistics as { triangles: number }).triangles).toBeGreaterThan(12);
      const preview = await sharp(await served(model.preview_image_url)).stats();
      expect(Math.max(...preview.channels.map((channel) => channel.stdev))).toBeGreaterThan(8);
      expect((await served(model.viewer_model_url as string)).subarray(0, 4).toString('latin1')).toBe('glTF');
    }
    // Nothing is left in the queue.
    const stuck = await server.db
      .selectFrom('library_items')
      .select('name')
      .where('file_key', 'is not', null)
      .where('status', 'in', ['QUEUED', 'PROCESSING'])
      .execute();
    expect(stuck).toEqual([]);

    const materials = await server.db
      .selectFrom('materials')
      .select(['name', 'preview_image_url', 'viewer_texture_key'])
      .where('deleted_at', 'is', null)
      .execute();
    expect([...new Set(materials.map((material) => material.name))].sort()).toEqual(KEPT_MATERIALS);
    for (const material of materials) {
      expect(material.preview_image_url, material.name).toMatch(/^previews\/materials\/.+\.webp$/);
      expect(material.viewer_texture_key, material.name).toMatch(/^materials\/textures\/.+\.webp$/);
    }
    const binned = await server.db
      .selectFrom('materials')
      .select('viewer_texture_key')
      .where('deleted_at', 'is not', null)
      .execute();
    expect(binned.length).toBeGreaterThan(0);
    expect(binned.filter((material) => material.viewer_texture_key !== null)).toEqual([]);
  });
});

describe('the demo files of the records seeded on their way or FAILED', () => {
  /** One seeded model of each status on its way, and a FAILED one (server/seed/projects.ts). */
  const ON_THEIR_WAY = ['Harbour Tower – Lobby', 'Museum Quarter – Gallery', 'Riverside Lofts – Kitchen'];
  const FAILED_MODEL = 'Copper Works – Hall';

  // A database of its own, on which the demo files have not run yet.
  beforeAll(async () => {
    await server.close();
    ({ server, alice } = await startProcessingServer());
  });

  it('leave no seeded job stuck: those on their way are processed to FINISHED, a FAILED one keeps its reason', async () => {
    await binAllBut(server, 'project_models', [...ON_THEIR_WAY, FAILED_MODEL]);
    await binAllBut(server, 'library_items', ['Conference Chair Mesh', 'Bean Bag']);
    await binAllBut(server, 'materials', []);
    await attachDemoFiles(server.app);
    await server.app.ctx.processor.idle();

    for (const table of ['project_models', 'library_items'] as const) {
      const rows = await server.db
        .selectFrom(table)
        .select(['name', 'status'])
        .where('deleted_at', 'is', null)
        .orderBy('name')
        .execute();
      expect(
        rows.filter((row) => ['UPLOADING', 'QUEUED', 'PROCESSING'].includes(row.status)),
        table,
      ).toEqual([]);
    }
    const models = await server.db
      .selectFrom('project_models')
      .select(['id', 'name', 'file_key'])
      .where('deleted_at', 'is', null)
      .execute();
    for (const row of models.filter((model) => model.name !== FAILED_MODEL)) {
      const model = await getModel(server, alice, row.id);
      expect(model.status, row.name).toBe('FINISHED');
      expect((model.statistics as { triangles: number }).triangles, row.name).toBeGreaterThan(12);
    }
    const item = await server.db
      .selectFrom('library_items')
      .select(['name', 'status'])
      .where('deleted_at', 'is', null)
      .orderBy('name')
      .execute();
    expect(item).toEqual([
      { name: 'Bean Bag', status: 'CANCELLED' },
      { name: 'Conference Chair Mesh', status: 'FINISHED' },
    ]);
    const failedRow = models.find((model) => model.name === FAILED_MODEL)!;
    expect(failedRow.file_key).not.toBeNull();
    expect(await getModel(server, alice, failedRow.id)).toMatchObject({
      status: 'FAILED',
      latest_geometry_event: { message: 'Conversion failed: the file contains no geometry' },
    });
  });

  it('convert the file of the FAILED one on its Reprocess: its way out', async () => {
    const failed = await server.db
      .selectFrom('project_models')
      .select('id')
      .where('name', '=', FAILED_MODEL)
      .executeTakeFirstOrThrow();
    const reprocess = await server.request('acme', `/projects/models/${failed.id}/reprocess`, {
      method: 'POST',
      token: alice,
    });
    expect(reprocess.status, await reprocess.clone().text()).toBe(200);
    await server.app.ctx.processor.idle();
    const model = await getModel(server, alice, failed.id);
    expect(model.status).toBe('FINISHED');
    expect((model.statistics as { triangles: number }).triangles).toBeGreaterThan(12);
  });
});
