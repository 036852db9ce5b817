/**
 * The FBX writer against the real reader: every fixture (tests/server/fbx-fixtures.ts) is written as ASCII
 * 7.4 and 6.1 and binary 7.4, 7.5 and 6.1, put in a folder of its own with its textures, converted by FBX2glTF with the
 * server's options, and the glb read back with glTF-Transform must hold the fixture's triangles, nodes, textures
 * and bounds in metres (within 1 mm). Also: the binary layout itself (offset width and null record per version,
 * deflated arrays, the footer), the same bytes for the same scene, and each demo shape converting with its
 * textures at its real size.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { getBounds, NodeIO } from '@gltf-transform/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SHAPE_KINDS, demoShape } from '../../server/seed/demo-shapes';
import { allFixtures, checkerPng, expectationOf, type FixtureExpectation } from './fbx-fixtures';
import { fbx2gltfExecutable } from '../../server/geometry/fbx2gltf-binary';
import { type FbxScene, writeFbxAscii, writeFbxBinary } from '../../server/seed/fbx-writer';

const run = promisify(execFile);
const io = new NodeIO();
const TOLERANCE = 1e-3;

const FORMATS: Array<{ label: string; write: (scene: FbxScene) => Buffer }> = [
  { label: 'ASCII 7.4', write: (scene) => writeFbxAscii(scene) },
  { label: 'binary 7.4', write: (scene) => writeFbxBinary(scene, { version: 7400 }) },
  { label: 'binary 7.5', write: (scene) => writeFbxBinary(scene, { version: 7500 }) },
  { label: 'binary 6.1', write: (scene) => writeFbxBinary(scene, { version: 6100 }) },
  { label: 'ASCII 6.1', write: (scene) => writeFbxAscii(scene, { version: 6100 }) },
];

const fixtures = allFixtures();

let work: string;
let executable: string;
let checker: Buffer;
let folders = 0;

beforeAll(async () => {
  [work, executable, checker] = await Promise.all([
    mkdtemp(join(tmpdir(), 'fbx-writer-test-')),
    fbx2gltfExecutable(),
    checkerPng(64),
  ]);
});
afterAll(() => (work ? rm(work, { recursive: true, force: true }) : undefined));

interface Converted {
  triangles: number;
  textures: number;
  nodes: number;
  bounds: { min: number[]; max: number[] };
}

/** Writes the FBX and its textures to a folder of their own, converts it as the server does, reads the glb. */
async function convert(fbx: Buffer, textures: Record<string, Buffer>): Promise<Converted> {
  folders += 1;
  const folder = join(work, String(folders));
  await mkdir(join(folder, 'temp'), { recursive: true });
  await writeFile(join(folder, 'model.fbx'), fbx);
  await Promise.all(Object.entries(textures).map(([name, bytes]) => writeFile(join(folder, name), bytes)));
  await run(executable, [
    '--binary',
    '--pbr-metallic-roughness',
    '--compute-normals',
    'missing',
    '--fbx-temp-dir',
    join(folder, 'temp'),
    '--input',
    join(folder, 'model.fbx'),
    '--output',
    join(folder, 'model'),
  ]);
  const root = (await io.read(join(folder, 'model.glb'))).getRoot();
  let triangles = 0;
  for (const mesh of root.listMeshes())
    for (const primitive of mesh.listPrimitives())
      triangles +=
        (primitive.getIndices()?.getCount() ?? primitive.getAttribute('POSITION')?.getCount() ?? 0) / 3;
  const converted: Converted = {
    triangles,
    textures: root.listTextures().length,
    nodes: root.listNodes().length,
    bounds: getBounds(root.listScenes()[0]),
  };
  await rm(folder, { recursive: true, force: true });
  return converted;
}

function expectMatches(converted: Converted, expected: FixtureExpectation): void {
  expect({ triangles: converted.triangles, textures: converted.textures, nodes: converted.nodes }).toEqual({
    triangles: expected.triangles,
    textures: expected.textures,
    nodes: expected.nodes,
  });
  if (!expected.boundsMetres) {
    expect(converted.bounds.min.every((value) => !Number.isFinite(value))).toBe(true);
    return;
  }
  for (const side of ['min', 'max'] as const)
    for (let axis = 0; axis < 3; axis += 1)
      expect(
        Math.abs(converted.bounds[side][axis] - expected.boundsMetres[side][axis]),
        `${side}[${axis}]: ${converted.bounds[side][axis]} against ${expected.boundsMetres[side][axis]}`,
      ).toBeLessThan(TOLERANCE);
}

describe('FBX files FBX2glTF reads', () => {
  for (const fixture of fixtures)
    for (const format of FORMATS)
      it(`${fixture.name}, ${format.label}`, async () => {
        const textures = Object.fromEntries(fixture.textureFiles.map((name) => [name, checker]));
        expectMatches(await convert(format.write(fixture.scene), textures), fixture.expected);
      });

  it('the fixtures are what they say', () => {
    const byName = Object.fromEntries(fixtures.map((fixture) => [fixture.name, fixture.expected]));
    expect(byName.cube.triangles).toBe(12);
    expect(byName.texturedPlane).toMatchObject({ triangles: 2, textures: 1 });
    expect(byName.denseMesh.triangles).toBeGreaterThan(199_000);
    expect(byName.denseMesh.triangles).toBeLessThan(201_000);
    expect(byName.nodeHierarchy.nodes).toBe(6);
    expect(byName.emptyMesh).toEqual({ triangles: 0, textures: 0, nodes: 2, boundsMetres: null });
  });
});

/** The top-level records of a binary FBX, walked by their end offsets; what follows their null record. */
function binaryLayout(file: Buffer) {
  const version = file.readUInt32LE(23);
  const wide = version >= 7500;
  const names: string[] = [];
  let position = 27;
  for (;;) {
    const end = wide ? Number(file.readBigUInt64LE(position)) : file.readUInt32LE(position);
    if (end === 0) break;
    const nameAt = position + (wide ? 24 : 12);
    names.push(file.toString('latin1', nameAt + 1, nameAt + 1 + file[nameAt]));
    position = end;
  }
  const nullRecord = file.subarray(position, position + (wide ? 25 : 13));
  return { version, names, nullRecord, footer: file.subarray(position + nullRecord.length) };
}

describe('binary FBX layout', () => {
  const dense = fixtures.find((fixture) => fixture.name === 'denseMesh');

  it.each([6100, 7400, 7500] as const)('version %i: header, records, null record and footer', (version) => {
    const file = writeFbxBinary(fixtures[0].scene, { version });
    expect(file.toString('latin1', 0, 23)).toBe('Kaydara FBX Binary  \0\x1a\0');
    const layout = binaryLayout(file);
    expect(layout.version).toBe(version);
    expect(layout.names).toEqual(
      expect.arrayContaining(['FBXHeaderExtension', 'FileId', 'Objects', 'Connections']),
    );
    expect(layout.nullRecord.every((byte) => byte === 0)).toBe(true);
    expect(layout.footer.subarray(-16).toString('hex')).toBe('f85a8c6adef5d97eece90ce3758f290b');
    expect(layout.footer.readUInt32LE(layout.footer.length - 16 - 120 - 4)).toBe(version);
    // The version sits on a 16-byte boundary: 120 zero bytes and the 16-byte magic follow it.
    expect((file.length - 140) % 16).toBe(0);
  });

  it('deflates large arrays, so 200 000 triangles stay small', () => {
    const scene = dense?.scene as FbxScene;
    const deflated = writeFbxBinary(scene, { version: 7400 });
    const plain = writeFbxBinary(scene, { version: 7400, compress: false });
    expect(deflated.length).toBeLessThan(plain.length / 2);
    expect(deflated.length).toBeLessThan(4 * 1024 ** 2);
  });

  it('writes the same bytes for the same scene', () => {
    const { scene } = fixtures[3];
    expect(writeFbxBinary(scene, { version: 7500 }).equals(writeFbxBinary(scene, { version: 7500 }))).toBe(
      true,
    );
    expect(writeFbxAscii(scene).equals(writeFbxAscii(scene))).toBe(true);
  });

  it('an uncompressed file converts too', async () => {
    const [cube] = fixtures;
    expectMatches(
      await convert(writeFbxBinary(cube.scene, { version: 7400, compress: false }), {}),
      cube.expected,
    );
  });

  it('refuses a polygon that names a missing vertex', () => {
    const scene: FbxScene = {
      nodes: [{ name: 'Bad', mesh: { positions: [0, 0, 0], polygons: [[0, 1, 2]] } }],
    };
    expect(() => writeFbxAscii(scene)).toThrow(/out of range/);
  });
});

describe('demo shapes', () => {
  it.each(DEMO_SHAPE_KINDS)('%s converts with its textures, at its size in metres', async (kind) => {
    const { scene, textures } = await demoShape(kind, 2);
    expect(scene.unitScaleCm).toBe(1);
    const expected = expectationOf(scene);
    expect(expected.textures).toBe(Object.keys(textures).length);
    expectMatches(await convert(writeFbxBinary(scene, { version: 7400 }), textures), expected);
    const height = (expected.boundsMetres?.max[1] ?? 0) - (expected.boundsMetres?.min[1] ?? 0);
    const range = {
      chair: [0.8, 1],
      table: [0.7, 0.8],
      sofa: [0.75, 0.95],
      lamp: [1.4, 1.8],
      shelf: [1.6, 2],
      building: [2.7, 3.2],
    }[kind];
    expect(height).toBeGreaterThanOrEqual(range[0]);
    expect(height).toBeLessThanOrEqual(range[1]);
  });

  it('the same seed gives the same shape and textures', async () => {
    const [a, b] = await Promise.all([demoShape('building', 5), demoShape('building', 5)]);
    expect(
      writeFbxBinary(a.scene, { version: 7400 }).equals(writeFbxBinary(b.scene, { version: 7400 })),
    ).toBe(true);
    expect(Object.keys(a.textures)).toEqual(['brick.png', 'tiles.png']);
    for (const name of Object.keys(a.textures)) expect(a.textures[name].equals(b.textures[name])).toBe(true);
  });
});
