/**
 * The 3D pipeline on real files (issue 28): FBX fixtures written by server/seed/fbx-writer.ts (binary and
 * ASCII; a cube, a textured plane zipped with its texture, a node hierarchy, a mesh past 65,536 vertices) are
 * converted by FBX2glTF, measured, optimized and drawn. Each conversion must give what was written: its
 * triangles, textures and bounds; the optimized glb reads back and is smaller; the preview is a WebP at card size
 * and 2× that is not one flat colour and differs between two models. Hostile files (cut off, an unsupported
 * version, no geometry, a zip bomb, names leaving the folder, an archive without a model) each end with their
 * GeometryFailure. Runs in a process of its own (pipeline-runner.ts) report their steps in order, are held to
 * their time limit and leave no work folder behind.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Document } from '@gltf-transform/core';
import { strFromU8 } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeometryFailureCode } from '../../server/geometry/failures';
import { GeometryFailure } from '../../server/geometry/failures';
import {
  checkerPng,
  cube,
  denseMesh,
  emptyMesh,
  type FbxFixture,
  nodeHierarchy,
  texturedPlane,
} from './fbx-fixtures';
import { writeFbxAscii, writeFbxBinary } from '../../server/seed/fbx-writer';
import { gltfIO } from '../../server/geometry/gltf-io';
import { zipOf } from '../../server/geometry/zip-writer';
import {
  type ModelPipelineInput,
  type ModelPipelineResult,
  type PipelineReport,
  runModelPipeline,
} from '../../server/geometry/model-pipeline';
import {
  makeWorkFolder,
  PIPELINE_LIMITS,
  PIPELINE_ROOT,
  runPipeline,
} from '../../server/processing/pipeline-runner';
import {
  endWaitingPipelineProcesses,
  keepSparePipelineProcess,
  waitingPipelineProcessIds,
} from '../../server/processing/pipeline-processes';
import { exportUsdz } from '../../server/geometry/usdz-export';
import { zipArchive } from './model-fixtures';
import { usdzLayout, usdzProblems } from './usdz-check';

/** The dense mesh's triangles: a grid of 257 × 257 quads, whose 258 × 258 vertices need 32-bit indices. */
const DENSE_TRIANGLES = 2 * 257 * 257;

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'pipeline-test-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

let counter = 0;
async function place(name: string, bytes: Buffer): Promise<string> {
  const path = join(folder, `${(counter += 1)}-${name}`);
  await writeFile(path, bytes);
  return path;
}

/** The fixture as an FBX, or as a zip with its textures when it names some. */
async function fileOf(fixture: FbxFixture, encoding: 'binary' | 'ascii' | 'binary7500') {
  const fbx =
    encoding === 'ascii'
      ? writeFbxAscii(fixture.scene)
      : writeFbxBinary(fixture.scene, { version: encoding === 'binary' ? 7400 : 7500 });
  if (!fixture.textureFiles.length)
    return { kind: 'fbx' as const, path: await place(`${fixture.name}.fbx`, fbx) };
  // The FBX names its textures by file name, beside itself in the archive.
  const textures: Record<string, Buffer> = {};
  for (const name of fixture.textureFiles) textures[name] = await checkerPng();
  return {
    kind: 'zip' as const,
    path: await place(`${fixture.name}.zip`, await zipOf({ [`${fixture.name}.fbx`]: fbx, ...textures })),
  };
}

async function run(
  source: string,
  kind: ModelPipelineInput['kind'],
  limits?: ModelPipelineInput['limits'],
): Promise<{ result: ModelPipelineResult; reports: PipelineReport[] }> {
  const workFolder = await mkdtemp(join(folder, 'work-'));
  const reports: PipelineReport[] = [];
  const result = await runModelPipeline({ source, kind, workFolder, limits }, (found) => {
    reports.push(found);
  });
  return { result, reports };
}

async function failureOf(promise: Promise<unknown>): Promise<{ code: GeometryFailureCode; params: object }> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(GeometryFailure);
  const failure = error as GeometryFailure;
  return { code: failure.code, params: failure.params };
}

function expectFixture(fixture: FbxFixture, result: ModelPipelineResult) {
  const { statistics } = result;
  expect(statistics.triangles).toBe(fixture.expected.triangles);
  expect(statistics.textures).toBe(fixture.expected.textures);
  const bounds = fixture.expected.boundsMetres!;
  statistics.size_m.forEach((size, axis) => expect(size).toBeCloseTo(bounds.max[axis] - bounds.min[axis], 2));
}

describe('converting the fixtures', () => {
  it.each(['binary', 'ascii', 'binary7500'] as const)(
    'a %s FBX cube gives its 12 triangles, bounds in metres and every step in order',
    async (encoding) => {
      const fixture = cube();
      const file = await fileOf(fixture, encoding);
      const { result, reports } = await run(file.path, file.kind);
      expectFixture(fixture, result);
      expect(reports.map((report) => report.step)).toEqual([
        'read',
        'converted',
        'optimized',
        'preview',
        'ar',
      ]);
      expect(reports[0]).toMatchObject({
        step: 'read',
        encoding: encoding === 'ascii' ? 'ascii' : 'binary',
        version: encoding === 'binary7500' ? '7.5' : '7.4',
        meshes: 1,
        materials: 1,
        textures: 0,
      });
      expect(reports[1]).toMatchObject({ step: 'converted', triangles: 12 });
    },
  );

  it('a textured plane in a zip keeps its texture; the optimized glb reads back with it', async () => {
    const fixture = texturedPlane();
    const file = await fileOf(fixture, 'binary');
    const { result } = await run(file.path, file.kind);
    expectFixture(fixture, result);
    expect(result.statistics.textures).toBe(1);
    const optimized = await (await gltfIO()).read(result.files.glb);
    expect(optimized.getRoot().listTextures()).toHaveLength(1);
    expect(optimized.getRoot().listMeshes().length).toBeGreaterThan(0);
  });

  it('several nodes keep their transforms', async () => {
    const fixture = nodeHierarchy();
    const file = await fileOf(fixture, 'ascii');
    const { result } = await run(file.path, file.kind);
    expectFixture(fixture, result);
    expect(result.statistics.nodes).toBe(fixture.expected.nodes);
  });

  it('a mesh of over 65,536 vertices (32-bit indices) converts whole and the optimization makes it smaller', async () => {
    // 257 × 257 quads: 66,564 vertices, just past what 16-bit indices can address, and 132,098 triangles.
    const fixture = denseMesh(DENSE_TRIANGLES);
    const file = await fileOf(fixture, 'binary');
    const { result, reports } = await run(file.path, file.kind);
    expectFixture(fixture, result);
    expect(result.statistics.triangles).toBeGreaterThanOrEqual(DENSE_TRIANGLES);
    const optimized = reports.find((report) => report.step === 'optimized');
    expect(optimized).toMatchObject({ step: 'optimized' });
    expect(result.statistics.optimized_bytes).toBeLessThan(result.statistics.converted_bytes);
    const document = await (await gltfIO()).read(result.files.glb);
    expect(document.getRoot().listMeshes().length).toBeGreaterThan(0);
    const primitives = document
      .getRoot()
      .listMeshes()
      .flatMap((mesh) => mesh.listPrimitives());
    expect(primitives.map((primitive) => primitive.getAttribute('POSITION')?.getCount())).toEqual([
      258 * 258,
    ]);
    expect(primitives[0].getIndices()?.getArray()).toBeInstanceOf(Uint32Array);
  });
});

describe('the USDZ for AR', () => {
  it('carries the textured plane with its texture, in metres with Y up, anchored on a floor', async () => {
    const fixture = texturedPlane();
    const file = await fileOf(fixture, 'binary');
    const { result, reports } = await run(file.path, file.kind);
    expect(reports.at(-1)).toEqual({ step: 'ar', bytes: result.statistics.usdz_bytes });
    const usdz = new Uint8Array(await readFile(result.files.usdz!));
    expect(usdz.byteLength).toBe(result.statistics.usdz_bytes);
    expect(usdzProblems(usdz, await (await gltfIO()).read(result.files.glb))).toEqual([]);
    const layout = usdzLayout(usdz);
    expect(layout.names.filter((name) => name.startsWith('textures/'))).toHaveLength(1);
    const model = strFromU8(layout.files['model.usda']!);
    for (const line of ['metersPerUnit = 1', 'upAxis = "Y"', 'token preliminary:anchoring:type = "plane"'])
      expect(model).toContain(line);
    expect(model).toMatch(/asset inputs:file = @textures\/Texture_\w+\.png@/);
  });

  it('is not written for a model over the AR limit, and the run says so', async () => {
    const file = await fileOf(cube(), 'binary');
    const { result, reports } = await run(file.path, file.kind, { arTriangles: 11 });
    expect(reports.at(-1)).toEqual({ step: 'arSkipped', reason: 'tooLarge', triangles: 12, limit: 11 });
    expect(result.files.usdz).toBeNull();
    expect(result.statistics).not.toHaveProperty('usdz_bytes');
  });

  it('bakes a mirrored placement into its geometry, turned to face outwards: USD takes no negative scale', async () => {
    const document = new Document();
    const buffer = document.createBuffer();
    const triangle = document
      .createPrimitive()
      .setAttribute(
        'POSITION',
        document
          .createAccessor()
          .setType('VEC3')
          .setBuffer(buffer)
          .setArray(new Float32Array([1, 0, 0, 2, 0, 0, 1, 1, 0])),
      )
      .setIndices(
        document
          .createAccessor()
          .setType('SCALAR')
          .setBuffer(buffer)
          .setArray(new Uint16Array([0, 1, 2])),
      );
    const mesh = document.createMesh('Leg').addPrimitive(triangle);
    document
      .createScene()
      .addChild(document.createNode('Left').setMesh(mesh))
      .addChild(document.createNode('Right').setMesh(mesh).setScale([-1, 1, 1]));
    const layout = usdzLayout(await exportUsdz(document));
    expect(layout.meshes).toBe(2);
    const layers = Object.entries(layout.files)
      .filter(([name]) => name.startsWith('geometries/'))
      .map(([, file]) => strFromU8(file));
    const points = layers.map((layer) =>
      /point3f\[\] points = \[([^\]]*)\]/
        .exec(layer)![1]
        .match(/-?[\d.]+/g)!
        .map(Number),
    );
    expect(points).toEqual([
      [1, 0, 0, 2, 0, 0, 1, 1, 0],
      [-1, 0, 0, -2, 0, 0, -1, 1, 0],
    ]);
    // Mirrored, the same corners in the same order would face away: the second two are swapped.
    expect(layers.map((layer) => /int\[\] faceVertexIndices = \[([^\]]*)\]/.exec(layer)![1])).toEqual([
      '0, 1, 2',
      '0, 2, 1',
    ]);
    expect(strFromU8(layout.files['model.usda']!)).not.toContain('-1, 0, 0, 0');
  });
});

describe('the preview', () => {
  it('is a WebP at card size and at 2×, not one flat colour, and differs between two models', async () => {
    const first = await run((await fileOf(cube(), 'binary')).path, 'fbx');
    const second = await run((await fileOf(nodeHierarchy(), 'binary')).path, 'fbx');
    for (const { result } of [first, second]) {
      const card = await sharp(result.files.preview).metadata();
      const double = await sharp(result.files.preview2x).metadata();
      expect(card.format).toBe('webp');
      expect(double.format).toBe('webp');
      expect([double.width, double.height]).toEqual([card.width! * 2, card.height! * 2]);
      const { channels } = await sharp(result.files.preview).stats();
      expect(Math.max(...channels.map((channel) => channel.stdev))).toBeGreaterThan(8);
    }
    const pixels = async (path: string) => sharp(path).resize(32, 18).removeAlpha().raw().toBuffer();
    const [a, b] = await Promise.all([
      pixels(first.result.files.preview),
      pixels(second.result.files.preview),
    ]);
    let difference = 0;
    for (let index = 0; index < a.length; index += 1) difference += Math.abs(a[index] - b[index]);
    expect(difference / a.length).toBeGreaterThan(4);
  });
});

describe('hostile files', () => {
  it('a binary FBX cut off midway is damaged', async () => {
    const whole = writeFbxBinary(cube().scene, { version: 7400 });
    const path = await place('cut.fbx', whole.subarray(0, Math.floor(whole.length / 2)));
    expect(await failureOf(run(path, 'fbx'))).toEqual({ code: 'fbxDamaged', params: {} });
  });

  it('an ASCII FBX cut off midway is damaged', async () => {
    const whole = writeFbxAscii(cube().scene);
    const path = await place('cut-ascii.fbx', whole.subarray(0, Math.floor(whole.length / 2)));
    expect(await failureOf(run(path, 'fbx'))).toEqual({ code: 'fbxDamaged', params: {} });
  });

  it('a binary FBX of version 8.1 or 4.0 is not supported; one cut off after its header is cut off', async () => {
    const bytes = Buffer.from(writeFbxBinary(cube().scene, { version: 7400 }));
    for (const [version, text] of [
      [8100, '8.1'],
      [4000, '4.0'],
    ] as const) {
      bytes.writeUInt32LE(version, 23);
      expect(await failureOf(run(await place('v.fbx', bytes), 'fbx'))).toEqual({
        code: 'fbxVersion',
        params: { version: text },
      });
    }
    expect((await failureOf(run(await place('head.fbx', bytes.subarray(0, 30)), 'fbx'))).code).toBe(
      'fbxCutOff',
    );
  });

  it('an empty file, a mesh without polygons and a file that is no FBX', async () => {
    expect((await failureOf(run(await place('empty.fbx', Buffer.alloc(0)), 'fbx'))).code).toBe('fileEmpty');
    const empty = await place('nomesh.fbx', writeFbxBinary(emptyMesh().scene, { version: 7400 }));
    expect((await failureOf(run(empty, 'fbx'))).code).toBe('noGeometry');
    const text = await place('notes.fbx', Buffer.from('<html>not a model</html>'));
    expect((await failureOf(run(text, 'fbx'))).code).toBe('wrongType');
  });

  it('archives: damaged, empty, without a model, names leaving the folder, too many entries, too large', async () => {
    const fbx = writeFbxAscii(cube().scene).toString('latin1');
    const cases: Array<[Buffer, GeometryFailureCode]> = [
      [zipArchive({ 'model.fbx': fbx }).subarray(0, 120), 'archiveDamaged'],
      [zipArchive({}), 'archiveEmpty'],
      [zipArchive({ 'readme.txt': 'no model here', 'texture.png': 'x' }), 'archiveNoModel'],
      [zipArchive({ '../escape.fbx': fbx }), 'archiveUnsafePath'],
      [zipArchive({ '/etc/escape.fbx': fbx }), 'archiveUnsafePath'],
    ];
    for (const [bytes, code] of cases) {
      expect((await failureOf(run(await place('case.zip', bytes), 'zip'))).code, code).toBe(code);
    }
    const many = zipArchive(Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`part-${i}.fbx`, fbx])));
    expect(
      await failureOf(run(await place('many.zip', many), 'zip', { archive: { entries: 10, bytes: 1e9 } })),
    ).toEqual({
      code: 'archiveTooManyEntries',
      params: { limit: 10 },
    });
    const large = zipArchive({ 'model.fbx': fbx });
    expect(
      (await failureOf(run(await place('large.zip', large), 'zip', { archive: { entries: 10, bytes: 100 } })))
        .code,
    ).toBe('archiveTooLarge');
  });

  it('a zip bomb that lies about its size is stopped while it inflates', async () => {
    // 64 MB of zeros deflate to about 64 kB; the directory then claims 100 bytes.
    const bomb = Buffer.from(await zipOf({ 'model.fbx': Buffer.alloc(64 * 1024 * 1024) }));
    const central = bomb.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    bomb.writeUInt32LE(100, central + 24);
    bomb.writeUInt32LE(100, 22);
    expect((await failureOf(run(await place('bomb.zip', bomb), 'zip'))).code).toBe('archiveDamaged');
  });
});

describe('a run in a process of its own', () => {
  const ours = async () =>
    (await readdir(PIPELINE_ROOT).catch(() => [])).filter((name) => name.startsWith(`${process.pid}-`));

  it('reports its steps in order, answers the result, and keeps the work folder for the caller', async () => {
    const workFolder = await makeWorkFolder();
    const source = join(workFolder, 'cube.fbx');
    await writeFile(source, writeFbxBinary(cube().scene, { version: 7400 }));
    const steps: string[] = [];
    const result = await runPipeline<ModelPipelineResult>(
      { kind: 'model', input: { source, kind: 'fbx', workFolder } },
      {
        signal: new AbortController().signal,
        onReport: async (found) => {
          steps.push(found.step);
        },
      },
    );
    expect(steps).toEqual(['read', 'converted', 'optimized', 'preview', 'ar']);
    expect(result.statistics.triangles).toBe(12);
    await rm(workFolder, { recursive: true, force: true });
    expect(await ours()).toEqual([]);
  });

  it('keeps a process that answered for the next run, and never one whose run failed', async () => {
    // From no waiting process: a run takes the oldest one waiting, which an earlier run may have left.
    endWaitingPipelineProcesses();
    const workFolder = await makeWorkFolder();
    const source = join(workFolder, 'cube.fbx');
    await writeFile(source, writeFbxBinary(cube().scene, { version: 7400 }));
    const job = { kind: 'model', input: { source, kind: 'fbx', workFolder } } as const;
    /** The process each run ran in, and what the run answered. */
    const runIn = async (limits?: { timeMs: number; heapMb: number }) => {
      let pid = 0;
      const outcome = await runPipeline<ModelPipelineResult>(job, {
        signal: new AbortController().signal,
        limits,
        onStart: (started) => (pid = started),
      }).then(
        (result) => result.statistics.triangles,
        (error: unknown) => error,
      );
      return { pid, outcome };
    };
    const first = await runIn();
    const second = await runIn();
    expect([first.outcome, second.outcome]).toEqual([12, 12]);
    expect(second.pid).toBe(first.pid);
    // Another heap limit needs a process started with it.
    const otherHeap = await runIn({ timeMs: 180_000, heapMb: 1024 });
    expect(otherHeap.outcome).toBe(12);
    expect(otherHeap.pid).not.toBe(first.pid);

    await writeFile(source, writeFbxBinary(cube().scene, { version: 7400 }).subarray(0, 200));
    const refused = await runIn();
    expect(refused.outcome).toBeInstanceOf(GeometryFailure);
    expect(refused.pid).toBe(first.pid);
    await writeFile(source, writeFbxBinary(cube().scene, { version: 7400 }));
    const afterFailure = await runIn();
    expect(afterFailure.outcome).toBe(12);
    expect(afterFailure.pid).not.toBe(first.pid);
    await rm(workFolder, { recursive: true, force: true });
  });

  it('a kept spare is started before any run, takes the first run and is replaced when its run failed', async () => {
    endWaitingPipelineProcesses();
    const workFolder = await makeWorkFolder();
    const source = join(workFolder, 'cube.fbx');
    const job = { kind: 'model', input: { source, kind: 'fbx', workFolder } } as const;
    const runIn = async () => {
      let pid = 0;
      const outcome = await runPipeline<ModelPipelineResult>(job, {
        signal: new AbortController().signal,
        onStart: (started) => (pid = started),
      }).then(
        (result) => result.statistics.triangles,
        (error: unknown) => error,
      );
      return { pid, outcome };
    };
    const release = keepSparePipelineProcess(PIPELINE_LIMITS.heapMb);
    try {
      const [spare] = waitingPipelineProcessIds();
      expect(spare).toBeGreaterThan(0);
      await writeFile(source, writeFbxBinary(cube().scene, { version: 7400 }));
      const first = await runIn();
      expect(first).toEqual({ pid: spare, outcome: 12 });
      // It answered: it waits again, as the spare.
      expect(waitingPipelineProcessIds()).toEqual([spare]);

      await writeFile(source, writeFbxBinary(cube().scene, { version: 7400 }).subarray(0, 200));
      const refused = await runIn();
      expect(refused.pid).toBe(spare);
      expect(refused.outcome).toBeInstanceOf(GeometryFailure);
      // Its run failed: it is ended, and a fresh spare waits in its place.
      const [fresh] = waitingPipelineProcessIds();
      expect(fresh).toBeGreaterThan(0);
      expect(fresh).not.toBe(spare);
    } finally {
      release();
      endWaitingPipelineProcesses();
      await rm(workFolder, { recursive: true, force: true });
    }
  });

  it('a process killed midway (a crash, the OOM killer) ends the run with an error for the queue to retry', async () => {
    const workFolder = await makeWorkFolder();
    const source = join(workFolder, 'cube.fbx');
    await writeFile(source, writeFbxBinary(cube().scene, { version: 7400 }));
    const killed = runPipeline(
      { kind: 'model', input: { source, kind: 'fbx', workFolder } },
      { signal: new AbortController().signal, onStart: (pid) => process.kill(pid, 'SIGKILL') },
    );
    const error = await killed.then(
      () => null,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(GeometryFailure);
    expect(String(error)).toContain('SIGKILL');
    await rm(workFolder, { recursive: true, force: true });
  });

  it('a file the pipeline refuses ends with its failure; a run over its time limit is killed', async () => {
    const workFolder = await makeWorkFolder();
    const source = join(workFolder, 'cut.fbx');
    await mkdir(workFolder, { recursive: true });
    await writeFile(source, writeFbxBinary(cube().scene, { version: 7400 }).subarray(0, 200));
    const signal = new AbortController().signal;
    const refused = runPipeline({ kind: 'model', input: { source, kind: 'fbx', workFolder } }, { signal });
    expect((await failureOf(refused)).code).toBe('fbxDamaged');
    // Any real run takes longer than its 1 ms limit (its process alone takes longer to start).
    await writeFile(source, writeFbxBinary(denseMesh(20_000).scene, { version: 7400 }));
    const slow = runPipeline(
      { kind: 'model', input: { source, kind: 'fbx', workFolder } },
      { signal, limits: { timeMs: 1, heapMb: 512 } },
    );
    expect(await failureOf(slow)).toEqual({ code: 'timeLimit', params: { seconds: 0 } });
    await rm(workFolder, { recursive: true, force: true });
  });
});
