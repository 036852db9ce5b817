/**
 * What the pipeline corrects in an FBX file before and after FBX2glTF (server/geometry/readers/fbx.ts): its tree
 * read and written back unchanged in both encodings (fbx-tree.ts, on every real corpus file), its own facts
 * (fbx-facts.ts: the version inside an FBX 5 file, its triangles, textures, embedded images, material colours),
 * polygons of four or more corners triangulated the way the converter needs (fbx-triangulation.ts: a concave
 * 66-gon into 64 triangles wound like it, a self-crossing polygon still whole), and the converter's stand-in
 * yellow taken off a material whose texture is missing, which gets its own colour back and the file named.
 */
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fbxFacts, meshRecords } from '../../server/geometry/fbx-facts';
import { readFbxSource } from '../../server/geometry/fbx-source';
import {
  arrayValues,
  childOf,
  type FbxRecord,
  parseFbx,
  recordArray,
  writeFbx,
} from '../../server/geometry/fbx-tree';
import { triangulateFbx, triangulatePolygon } from '../../server/geometry/fbx-triangulation';
import type { FbxScene } from '../../server/seed/fbx-writer';
import { writeFbxAscii, writeFbxBinary } from '../../server/seed/fbx-writer';
import { drawnGeometry } from '../../server/geometry/geometry-statistics';
import { readFbx } from '../../server/geometry/readers/fbx';
import { READER_LIMITS } from '../../server/geometry/readers/source-model';
import { CORPUS, corpusPath } from './corpus';

let work: string;
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'fbx-corrections-'));
});
afterAll(() => rm(work, { recursive: true, force: true }));

/** Reads `bytes` as `name` with the FBX reader, alone in a folder of its own. */
async function read(name: string, bytes: Buffer) {
  const folder = await mkdtemp(join(work, 'upload-'));
  const scratch = await mkdtemp(join(work, 'scratch-'));
  await writeFile(join(folder, name), bytes);
  return readFbx({ path: join(folder, name), folder, scratch, limits: READER_LIMITS });
}

/** A record tree without what writing may renumber: binary strings as text, arrays as plain numbers. */
function values(records: FbxRecord[]): unknown[] {
  return records.map((record) => [
    record.name,
    record.properties.map((property) => {
      if (property.kind === 'array') return Array.from(arrayValues(property));
      if (property.kind === 'raw') return property.bytes.toString('base64');
      if (property.kind === 'number')
        return property.big !== undefined ? String(property.big) : property.value;
      return property.value;
    }),
    values(record.children),
  ]);
}

describe('the FBX tree', () => {
  it('reads and writes back every real corpus FBX with the same records and values', async () => {
    const names = (await readdir(join(CORPUS, 'fbx'))).filter((name) =>
      /^(?!h_|t_transparent|u_synthetic).*\.fbx$/i.test(name),
    );
    expect(names.length).toBeGreaterThan(25);
    for (const name of names) {
      const tree = parseFbx(await readFile(corpusPath('fbx', name)));
      const again = parseFbx(writeFbx(tree));
      expect(again.encoding, name).toBe(tree.encoding);
      // As text: a written -0 reads back as 0, which toEqual would tell apart.
      expect(JSON.stringify(values(again.records)), name).toBe(JSON.stringify(values(tree.records)));
    }
  });

  it('finds the version FBX 5 files keep inside (their header says 3000)', async () => {
    expect(await readFbxSource(corpusPath('fbx', 'u_max7_skin_5000_binary.fbx'))).toEqual({
      encoding: 'binary',
      version: 5000,
    });
    expect(await readFbxSource(corpusPath('fbx', 'u_max2009_blob_5800_binary.fbx'))).toEqual({
      encoding: 'binary',
      version: 5800,
    });
    const facts = fbxFacts(parseFbx(await readFile(corpusPath('fbx', 'u_max7_skin_5000_binary.fbx'))));
    expect(facts).toMatchObject({ version: 5000, triangles: 576 });
  });

  it('tells a file’s textures, the images it embeds and its materials’ own colours', async () => {
    const rifle = fbxFacts(parseFbx(await readFile(corpusPath('fbx', 'nb13b_mar_rifle.fbx'))));
    expect(rifle.textures).toEqual([{ name: 'm_rifl.bmp', fileName: 'm_rifl.bmp' }]);
    expect(
      rifle.embedded.map((image) => [image.fileName, image.bytes.subarray(0, 2).toString('latin1')]),
    ).toEqual([['m_rifl.bmp', 'BM']]);
    const box = fbxFacts(parseFbx(await readFile(corpusPath('fbx', 't_box.fbx'))));
    expect(
      box.materials.get('Material_50')?.diffuse.map((channel) => Math.round(channel * 100) / 100),
    ).toEqual([0.99, 0.93, 0.65]);
  });
});

/** A comb: a concave polygon of `teeth` × 4 + 2 corners in the XY plane, counter-clockwise. */
function comb(teeth: number): number[] {
  const points: number[] = [];
  // A zigzag along the bottom (no three corners on one line), then the teeth back along the top.
  for (let k = 0; k < teeth; k += 1) points.push(k * 2, 0, 0, k * 2 + 1, -0.2, 0);
  points.push(teeth * 2, 0, 0, teeth * 2, 3, 0);
  for (let k = teeth - 1; k >= 0; k -= 1) points.push(k * 2 + 1.5, 3, 0, k * 2 + 1, 1, 0);
  return points;
}

const area2 = (points: number[], [a, b, c]: number[]) =>
  (points[b * 3] - points[a * 3]) * (points[c * 3 + 1] - points[a * 3 + 1]) -
  (points[c * 3] - points[a * 3]) * (points[b * 3 + 1] - points[a * 3 + 1]);

describe('triangulating a polygon', () => {
  it('cuts a concave polygon into n − 2 triangles that cover it, each wound like it', () => {
    const points = comb(16);
    const corners = points.length / 3;
    const triangles = triangulatePolygon(points);
    expect(triangles.length / 3).toBe(corners - 2);
    let covered = 0;
    for (let t = 0; t < triangles.length; t += 3) {
      const signed = area2(points, triangles.slice(t, t + 3));
      expect(signed).toBeGreaterThanOrEqual(0);
      covered += signed / 2;
    }
    let polygon = 0;
    for (let k = 0; k < corners; k += 1) {
      const next = (k + 1) % corners;
      polygon += (points[k * 3] * points[next * 3 + 1] - points[next * 3] * points[k * 3 + 1]) / 2;
    }
    expect(covered).toBeCloseTo(polygon, 6);
  });

  it('keeps every corner of a polygon with corners on a straight edge (earcut leaves them out)', () => {
    // An L of 8 corners, three of them halfway along its edges.
    const points = [0, 0, 0, 1, 0, 0, 2, 0, 0, 2, 1, 0, 1, 1, 0, 1, 2, 0, 0, 2, 0, 0, 1, 0];
    const triangles = triangulatePolygon(points);
    expect(triangles.length / 3).toBe(6);
    expect(new Set(triangles).size).toBe(8);
    let covered = 0;
    for (let t = 0; t < triangles.length; t += 3) {
      const signed = area2(points, triangles.slice(t, t + 3));
      expect(signed).toBeGreaterThanOrEqual(0);
      covered += signed / 2;
    }
    expect(covered).toBeCloseTo(3, 9);
  });

  it('keeps a polygon that crosses itself whole, as a fan', () => {
    const bowTie = [0, 0, 0, 1, 1, 0, 1, 0, 0, 0, 1, 0];
    expect(triangulatePolygon(bowTie)).toHaveLength(6);
  });

  it('cuts a mesh’s convex and concave quads inside covering each, and keeps its triangles as they are', () => {
    // A triangle, a square and a dart (concave at its fourth corner), side by side on the XY plane.
    const positions = [
      0, 0, 0, 1, 0, 0, 0, 1, 0, 2, 0, 0, 3, 0, 0, 3, 1, 0, 2, 1, 0, 4, 0, 0, 6, 0, 0, 4, 2, 0, 4.5, 0.5, 0,
    ];
    const polygons = [
      [0, 1, 2],
      [3, 4, 5, 6],
      [7, 8, 9, 10],
    ];
    const scene: FbxScene = {
      unitScaleCm: 100,
      nodes: [
        { name: 'Shapes', mesh: { positions, polygons }, material: { name: 'Grey', color: [0.5, 0.5, 0.5] } },
      ],
    };
    const tree = parseFbx(writeFbxBinary(scene, { version: 7400 }));
    expect(triangulateFbx(tree, meshRecords(tree))).toBe(1);
    const indices = Array.from(recordArray(childOf(meshRecords(tree)[0], 'PolygonVertexIndex')!)!);
    // Every polygon is a triangle now: each third index is the last of its polygon (stored as −index − 1).
    const triangles: number[][] = [];
    for (let k = 0; k < indices.length; k += 3) {
      expect(indices[k + 2]).toBeLessThan(0);
      triangles.push([indices[k], indices[k + 1], -indices[k + 2] - 1]);
    }
    expect(triangles).toHaveLength(5);
    expect(triangles[0]).toEqual([0, 1, 2]);
    // Each polygon is covered by its own triangles, wound like it (counter-clockwise here), its area exactly once.
    const areaOf = (cut: number[][]) =>
      cut.reduce((sum, triangle) => {
        const signed = area2(positions, triangle);
        expect(signed).toBeGreaterThan(0);
        return sum + signed / 2;
      }, 0);
    expect(areaOf(triangles.slice(1, 3))).toBeCloseTo(1, 9);
    expect(new Set(triangles.slice(1, 3).flat())).toEqual(new Set([3, 4, 5, 6]));
    // The dart: the triangle (4, 0), (6, 0), (4, 2) of area 2 less the notch of area 0.5 cut in at (4.5, 0.5).
    expect(areaOf(triangles.slice(3, 5))).toBeCloseTo(1.5, 9);
    expect(new Set(triangles.slice(3, 5).flat())).toEqual(new Set([7, 8, 9, 10]));
  });
});

/** One mesh of one concave 66-gon with its UVs (each corner's u is its x / 33). */
function combScene(): FbxScene {
  const points = comb(16);
  const corners = points.length / 3;
  const uvs: number[] = [];
  for (let k = 0; k < corners; k += 1) uvs.push(points[k * 3] / 33, points[k * 3 + 1] / 3);
  return {
    unitScaleCm: 100,
    nodes: [
      {
        name: 'Comb',
        mesh: { positions: points, polygons: [Array.from({ length: corners }, (_, k) => k)], uvs },
        material: { name: 'Steel', color: [0.2, 0.4, 0.6] },
      },
    ],
  };
}

describe('an FBX with a concave n-gon', () => {
  it.each([
    ['binary 7.4', () => writeFbxBinary(combScene(), { version: 7400 })],
    ['binary 6.1', () => writeFbxBinary(combScene(), { version: 6100 })],
    ['ASCII 7.4', () => writeFbxAscii(combScene())],
    ['ASCII 6.1', () => writeFbxAscii(combScene(), { version: 6100 })],
  ])('converts whole (%s): 64 triangles, the corners’ UVs kept', async (_, write) => {
    expect(comb(16).length / 3).toBe(66);
    const model = await read('comb.fbx', write());
    expect(model.sourceTriangles).toBe(64);
    const drawn = drawnGeometry(model.document);
    expect(drawn.triangles).toBe(64);
    expect(drawn.size[0]).toBeCloseTo(32, 3);
    const primitive = model.document.getRoot().listMeshes()[0].listPrimitives()[0];
    const position = primitive.getAttribute('POSITION')!;
    const uv = primitive.getAttribute('TEXCOORD_0')!;
    // Each corner's u is its x / 33: in whatever unit the converter leaves the mesh in, u / x is one number.
    const ratios: number[] = [];
    for (let k = 0; k < position.getCount(); k += 1) {
      const x = position.getElement(k, [])[0];
      if (Math.abs(x) > 1e-6) ratios.push(uv.getElement(k, [])[0] / x);
    }
    expect(ratios.length).toBeGreaterThan(60);
    for (const ratio of ratios) expect(ratio).toBeCloseTo(ratios[0], 4);
  });
});

describe('a texture the upload lacks', () => {
  it('never paints the model the converter’s stand-in yellow: the material keeps its own colour, the file is named', async () => {
    const model = await read('spider.fbx', await readFile(corpusPath('fbx', 't_spider.fbx')));
    expect(model.missingTextures).toEqual(
      expect.arrayContaining(['SpiderTex.jpg', 'drkwood2.jpg', 'wal67ar_small.jpg', 'engineflare1.jpg']),
    );
    expect(model.document.getRoot().listTextures()).toEqual([]);
    const colours = model.document
      .getRoot()
      .listMaterials()
      .map((material) => [
        material.getName(),
        material.getBaseColorFactor().map((channel) => Math.round(channel * 100) / 100),
      ]);
    expect(colours).toContainEqual(['Skin', [0.83, 0.79, 0.77, 1]]);
    for (const [, colour] of colours) expect(colour).not.toEqual([1, 1, 0, 0.5]);
  });

  it('is drawn when the upload brings it: a zip’s images, in any folder, reach the converter', async () => {
    const folder = await mkdtemp(join(work, 'zip-'));
    const scratch = await mkdtemp(join(work, 'scratch-'));
    await writeFile(join(folder, 'spider.fbx'), await readFile(corpusPath('fbx', 't_spider.fbx')));
    await mkdir(join(folder, 'textures'));
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#884422' } })
      .jpeg()
      .toBuffer();
    for (const name of ['SpiderTex.jpg', 'drkwood2.jpg', 'wal67ar_small.jpg', 'engineflare1.jpg'])
      await writeFile(join(folder, 'textures', name), jpeg);
    const model = await readFbx({ path: join(folder, 'spider.fbx'), folder, scratch, limits: READER_LIMITS });
    expect(model.missingTextures).toEqual([]);
    expect(model.document.getRoot().listTextures().length).toBeGreaterThan(0);
  });
});
