/**
 * What a processing run makes of a model's file, the same on both database engines (the queue that runs it is
 * processing.test.ts's, engine-specific): a model created through the API is converted to FINISHED with its
 * geometry events, which a real laravel-echo client on `private-Company.{id}.ProjectModel` receives with the
 * RefreshProcessorIndex of creation and finish, its preview (webp), its glb for the viewer, its statistics and its
 * downloads; files whose content is unusable end FAILED with the reason; a zipped scene in a folder is read, and no
 * run leaves a work folder behind; a failed model is converted once its file is replaced.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdir } from 'node:fs/promises';
import { unzipSync } from 'fflate';
import { PIPELINE_ROOT } from '../../server/processing/pipeline-runner';
import { multipartBody } from './api-helpers';
import {
  FBX_ASCII,
  fbxBinary,
  fileBlob,
  getModel,
  modelReaching,
  truncatedZip,
  zipArchive,
} from './model-fixtures';
import { createModel, listenToModels, startProcessingServer } from './processing-helpers';
import { sendWithHost, type TestServer } from './test-server';

let server: TestServer;
let alice: string;
let acme: number;

beforeAll(async () => {
  ({ server, alice, acme } = await startProcessingServer());
});
afterAll(() => server?.close());

describe('a model created through the API', () => {
  it('is processed to FINISHED, and every step reaches the echo client on the ProjectModel channel', async () => {
    const listener = await listenToModels(server, alice, acme);
    try {
      const model = await createModel(server, alice, 'Processed tower', fbxBinary(7400), 'tower.fbx');
      await listener.reaching(model.id, ['FINISHED', 'FAILED']);
      const updates = listener.of(model.id);
      expect(updates.map((update) => [update.status, update.event.message])).toEqual([
        ['PROCESSING', 'Processing started'],
        ['PROCESSING', 'Reading geometry'],
        ['PROCESSING', 'Geometry read: FBX 7.4 (binary), 1 mesh, 1 material, 0 textures'],
        ['PROCESSING', 'Converted to glTF: 12 triangles, 24 vertices, 0.5 × 0.5 × 0.5 m'],
        ['PROCESSING', expect.stringMatching(/^Optimized: [\d.,]+ kB/)],
        ['PROCESSING', 'Preview rendered from the geometry (480 × 270 px and 2×)'],
        ['PROCESSING', expect.stringMatching(/^AR model written for iPhone and iPad \(USDZ, [\d.,]+ kB\)$/)],
        ['FINISHED', 'Processing finished'],
      ]);
      expect(updates[3].event).toEqual({
        message: 'Converted to glTF: 12 triangles, 24 vertices, 0.5 × 0.5 × 0.5 m',
        message_key: 'models:processing.converted',
        message_params: { triangles: 12, vertices: 24, width: 0.5, height: 0.5, depth: 0.5 },
      });
      expect(updates.every((update) => update.started_at !== null)).toBe(true);
      expect(updates.slice(0, -1).every((update) => update.finished_at === null)).toBe(true);
      expect(updates.at(-1)).toEqual({
        owner_id: model.id,
        status: 'FINISHED',
        status_color: '#52c41a',
        started_at: expect.any(String),
        finished_at: expect.any(String),
        event: {
          message: 'Processing finished',
          message_key: 'models:processing.finished',
          message_params: {},
        },
      });
      expect(updates[0].status_color).toBe('#1677ff');
      // RefreshProcessorIndex of the creation and of the finish.
      await listener.until('the refresh of the finish', () => listener.refreshesOf(model.id).length >= 2);
      expect(listener.refreshesOf(model.id)).toEqual([{ owner_id: model.id }, { owner_id: model.id }]);

      const finished = await getModel(server, alice, model.id);
      expect(finished).toMatchObject({
        status: 'FINISHED',
        started_at: updates.at(-1)!.started_at,
        finished_at: updates.at(-1)!.finished_at,
        latest_geometry_event: { message: 'Processing finished' },
      });
      expect(finished.geometry_events.map((event) => event.message)).toEqual(
        ['Upload received', ...updates.map((update) => update.event.message)].reverse(),
      );
      const { host, pathname } = new URL(finished.preview_image_url!);
      const preview = await sendWithHost(server.port, host, pathname);
      expect(preview.status).toBe(200);
      expect(preview.headers.get('content-type')).toBe('image/webp');
      const at2x = await sendWithHost(server.port, host, pathname.replace('.webp', '@2x.webp'));
      expect(at2x.headers.get('content-type')).toBe('image/webp');
      expect(finished.statistics).toMatchObject({
        format: 'FBX',
        version: '7.4',
        encoding: 'binary',
        triangles: 12,
      });
      const viewer = new URL(finished.viewer_model_url as string);
      const glb = await sendWithHost(server.port, viewer.host, viewer.pathname);
      expect(glb.headers.get('content-type')).toBe('model/gltf-binary');
      expect(
        Buffer.from(await glb.arrayBuffer())
          .subarray(0, 4)
          .toString('latin1'),
      ).toBe('glTF');
      // The USDZ for AR lies beside the glb, public like it (Quick Look fetches it without the session).
      expect(finished.ar_model_url).toBe(finished.viewer_model_url!.replace(/\.glb$/, '.usdz'));
      const ar = await sendWithHost(server.port, viewer.host, new URL(finished.ar_model_url!).pathname);
      expect(ar.headers.get('content-type')).toBe('model/vnd.usdz+zip');
      expect(Object.keys(unzipSync(new Uint8Array(await ar.arrayBuffer())))[0]).toBe('model.usda');
      expect(finished.statistics!.usdz_bytes).toBe(Number(ar.headers.get('content-length')));
      for (const [variant, type, start] of [
        ['original', 'application/octet-stream', 'Kaydara FBX Binary'],
        ['optimized', 'model/gltf-binary', 'glTF'],
      ]) {
        const download = await server.request('acme', `/projects/models/${model.id}/download/${variant}`, {
          token: alice,
        });
        expect(download.status, variant).toBe(200);
        expect(download.headers.get('content-type')).toBe(type);
        expect(download.headers.get('content-disposition')).toContain(
          // Named with their version (issue 45).
          variant === 'original' ? 'tower v1.fbx' : 'Processed tower v1.glb',
        );
        expect(
          Buffer.from(await download.arrayBuffer())
            .subarray(0, start.length)
            .toString('latin1'),
        ).toBe(start);
      }
    } finally {
      listener.echo.disconnect();
    }
  });

  // Each unusable file is a test of its own: a run is a Node process of its own, and on a busy machine (a full
  // `npm test` on two cores) several runs in a row took longer than one test's time limit.
  it.each([
    {
      bytes: truncatedZip(),
      filename: 'cut-off.zip',
      message: 'Conversion failed: the archive is damaged: its central directory is missing',
    },
    {
      bytes: fbxBinary(7400, false),
      filename: 'no-geometry.fbx',
      message: 'Conversion failed: the file contains no geometry',
    },
    {
      bytes: fbxBinary(4000),
      filename: 'old.fbx',
      message: 'Conversion failed: FBX version 4.0 is not supported',
    },
    {
      bytes: fbxBinary(7400).subarray(0, 400),
      filename: 'cut.fbx',
      message: 'Conversion failed: the FBX file is damaged or cut off',
    },
    {
      bytes: zipArchive({ '../outside.fbx': FBX_ASCII.toString('latin1') }),
      filename: 'escape.zip',
      message: 'Conversion failed: the archive names a file outside its own folder (../outside.fbx)',
    },
  ])(
    'ends FAILED, saying why, when the content is of no use ($filename)',
    async ({ bytes, filename, message }) => {
      const listener = await listenToModels(server, alice, acme);
      try {
        const model = await createModel(server, alice, filename, bytes, filename);
        const failed = await modelReaching(server, alice, model.id, ['FAILED', 'FINISHED']);
        expect(failed).toMatchObject({
          status: 'FAILED',
          status_color: '#f5222d',
          finished_at: expect.any(String),
          latest_geometry_event: { message },
        });
        await listener.reaching(model.id, ['FAILED']);
        expect(listener.of(model.id).at(-1)).toMatchObject({ status: 'FAILED', event: { message } });
      } finally {
        listener.echo.disconnect();
      }
    },
  );

  it('reads a zipped scene in a folder, and leaves no work folder of the runs before behind', async () => {
    const valid = await createModel(
      server,
      alice,
      'Zipped scene',
      zipArchive({ 'scene/scene.fbx': FBX_ASCII.toString('latin1'), 'readme.txt': 'y' }),
      'scene.zip',
    );
    const finished = await modelReaching(server, alice, valid.id, ['FAILED', 'FINISHED']);
    expect(finished.geometry_events.map((event) => event.message)).toContain(
      'Geometry read: FBX 7.4 (ASCII), 1 mesh, 1 material, 0 textures',
    );
    expect(finished.status).toBe('FINISHED');
    // No run, failed or finished, leaves a work folder behind.
    await server.app.ctx.processor.idle();
    const left = (await readdir(PIPELINE_ROOT).catch(() => [] as string[])).filter((name) =>
      name.startsWith(`${process.pid}-`),
    );
    expect(left).toEqual([]);
  });

  it('a model that failed is converted once its file is replaced, and can then be reprocessed', async () => {
    const model = await createModel(
      server,
      alice,
      'Broken then fixed',
      fbxBinary(7400).subarray(0, 400),
      'broken.fbx',
    );
    const failed = await modelReaching(server, alice, model.id, ['FAILED', 'FINISHED']);
    expect(failed).toMatchObject({
      status: 'FAILED',
      preview_image_url: null,
      viewer_model_url: null,
      statistics: null,
    });
    const replaced = await server.request('acme', `/projects/models/${model.id}`, {
      method: 'POST',
      token: alice,
      ...multipartBody({ _method: 'PATCH' }, { file: [fileBlob(fbxBinary(7500)), 'fixed.fbx'] }),
    });
    expect(replaced.status).toBe(200);
    const fixed = await modelReaching(server, alice, model.id, ['FINISHED', 'FAILED']);
    expect(fixed).toMatchObject({ status: 'FINISHED', statistics: { version: '7.5', triangles: 12 } });
    const again = await server.request('acme', `/projects/models/${model.id}/reprocess`, {
      method: 'POST',
      token: alice,
    });
    expect(again.status).toBe(200);
    await server.app.ctx.processor.idle();
    const reprocessed = await getModel(server, alice, model.id);
    expect(reprocessed.status).toBe('FINISHED');
    expect(reprocessed.viewer_model_url).not.toBe(fixed.viewer_model_url);
  });
});
