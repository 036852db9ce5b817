/**
 * Every model format through the API, as a user uploads it: a real file of each (from the shared corpus,
 * tests/server/corpus.ts) created as a model is processed to FINISHED with its real figures (the format and
 * version read, the triangles its reference reader counts) and a glb the viewer loads; a damaged file ends FAILED
 * with a message that says why (every format's: damaged-files.test.ts); a file named as a format it is not is
 * refused with 422; and no run leaves a work folder behind.
 */
import { readFile, readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModelFormat } from '../../shared/model-formats';
import { loadConfig } from '../../server/config';
import { PIPELINE_ROOT } from '../../server/processing/pipeline-runner';
import { multipartBody, tokenFor } from './api-helpers';
import { corpusPath } from './corpus';
import { fileBlob, modelReaching } from './model-fixtures';
import { createModel, startProcessingServer } from './processing-helpers';
import { sendWithHost, startTestServer, type TestServer } from './test-server';

let server: TestServer;
let alice: string;

beforeAll(async () => {
  ({ server, alice } = await startProcessingServer());
});
afterAll(() => server?.close());

const formats = (name: string) => readFile(corpusPath('formats', name));

describe('a model in each format', () => {
  it.each<{
    file: string;
    format: ModelFormat;
    version: string | null;
    triangles: number;
    read: string;
  }>([
    { file: 'BoxTextured.glb', format: 'glTF', version: '2.0', triangles: 12, read: 'glTF 2.0 (binary)' },
    {
      file: 'VertexColorTest_gltf.zip',
      format: 'glTF',
      version: '2.0',
      triangles: 36,
      read: 'glTF 2.0 (ASCII)',
    },
    { file: 'regr01_obj_mtl.zip', format: 'OBJ', version: null, triangles: 2710, read: 'OBJ' },
    { file: '3DSMaxExport.STL', format: 'STL', version: null, triangles: 2000, read: 'STL (binary)' },
    { file: 'Wuson.ply', format: 'PLY', version: '1.0', triangles: 3732, read: 'PLY 1.0 (ASCII)' },
    { file: 'sphere_logo.3mf', format: '3MF', version: null, triangles: 3032, read: '3MF' },
    { file: 'rounded-cube.step', format: 'STEP', version: 'AP214', triangles: 84, read: 'STEP AP214' },
    { file: 'as1_pe_203.igs', format: 'IGES', version: '5.3', triangles: 3848, read: 'IGES 5.3' },
    { file: 'IfcOpenHouse_IFC4.ifc', format: 'IFC', version: 'IFC4', triangles: 1098, read: 'IFC IFC4' },
    { file: 'mesh.3dm', format: '3DM', version: '8', triangles: 276, read: '3DM 8' },
  ])(
    '$file is processed to FINISHED with its real figures',
    async ({ file, format, version, triangles, read }) => {
      const model = await createModel(server, alice, file, await formats(file), file);
      const finished = await modelReaching(server, alice, model.id, ['FINISHED', 'FAILED']);
      expect(finished.status, finished.latest_geometry_event?.message).toBe('FINISHED');
      expect(finished.statistics).toMatchObject({ format, version, triangles });
      const messages = finished.geometry_events.map((event) => event.message);
      const readMessage = new RegExp(`^Geometry read: ${read.replace(/[()]/g, '\\$&')}, `);
      expect(
        messages.filter((text) => readMessage.test(text)),
        messages.join('\n'),
      ).toHaveLength(1);
      const viewer = new URL(finished.viewer_model_url as string);
      const glb = await sendWithHost(server.port, viewer.host, viewer.pathname);
      expect(glb.headers.get('content-type')).toBe('model/gltf-binary');
      expect(
        Buffer.from(await glb.arrayBuffer())
          .subarray(0, 4)
          .toString('latin1'),
      ).toBe('glTF');
    },
  );

  // The reader of each format fails its damaged files in-process (damaged-files.test.ts); through the API, one of a
  // mesh format and one of a CAD format show that the failure ends the model FAILED with its message.
  it.each<{ file: string; bytes: () => Promise<Buffer>; message: string }>([
    {
      file: 'truncated.glb',
      bytes: () => formats('damaged_truncated_VertexColorTest.glb'),
      message: 'Conversion failed: the glTF file could not be read; it may be damaged or cut off',
    },
    {
      file: 'truncated.stp',
      bytes: () => formats('damaged_truncated_io1-cm-214.stp'),
      message: 'Conversion failed: the STEP file could not be read; it may be damaged or cut off',
    },
  ])('a damaged $file ends FAILED, saying why', async ({ file, bytes, message }) => {
    const model = await createModel(server, alice, file, await bytes(), file);
    const failed = await modelReaching(server, alice, model.id, ['FINISHED', 'FAILED']);
    expect(failed).toMatchObject({
      status: 'FAILED',
      preview_image_url: null,
      viewer_model_url: null,
      latest_geometry_event: { message },
    });
  });

  it('refuses with 422 a file named as a format its first bytes are not', async () => {
    for (const [name, message] of [
      ['part.step', 'The file is not a readable STEP model: its first bytes are not those of a STEP file.'],
      ['house.ifc', 'The file is not a readable IFC model: its first bytes are not those of an IFC file.'],
      ['logo.3dm', 'The file is not a readable 3DM model: its first bytes are not those of a 3DM file.'],
      ['scan.ply', 'The file is not a readable PLY model: its first bytes are not those of a PLY file.'],
      ['scene.glb', 'The file is not a readable glTF model: its first bytes are not those of a glTF file.'],
    ]) {
      const response = await server.request('acme', '/projects/models', {
        method: 'POST',
        token: alice,
        ...multipartBody({ name }, { file: [fileBlob(Buffer.from('<html>not a model</html>')), name] }),
      });
      expect(response.status, name).toBe(422);
      expect(((await response.json()) as { errors: unknown }).errors, name).toEqual({ file: [message] });
    }
  });

  it('reads models as the deployment sets it (MODEL_MAX_TRIANGLES, MODEL_TESSELLATION)', async () => {
    const config = loadConfig({ MODEL_MAX_TRIANGLES: '1000', MODEL_TESSELLATION: 'fine' });
    expect(config.processing.modelReading).toEqual({ maxTriangles: 1000, quality: 'fine' });
    expect(loadConfig({ MODEL_TESSELLATION: 'ultra' }).processing.modelReading?.quality).toBe('standard');
    // A deployment with a cap below the file's 3,732 triangles.
    const capped = await startTestServer({ processing: { ...config.processing, stepMs: 0 } });
    try {
      const token = await tokenFor(capped, 'alice');
      const model = await createModel(capped, token, 'Capped scan', await formats('Wuson.ply'), 'Wuson.ply');
      const failed = await modelReaching(capped, token, model.id, ['FINISHED', 'FAILED']);
      expect(failed).toMatchObject({
        status: 'FAILED',
        latest_geometry_event: { message: 'Conversion failed: the model has more than 1,000 triangles' },
      });
    } finally {
      await capped.close();
    }
  });

  it('leaves no work folder behind', async () => {
    await server.app.ctx.processor.idle();
    const left = (await readdir(PIPELINE_ROOT).catch(() => [] as string[])).filter((name) =>
      name.startsWith(`${process.pid}-`),
    );
    expect(left).toEqual([]);
  });
});
