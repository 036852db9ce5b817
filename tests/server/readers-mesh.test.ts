/**
 * The mesh format readers (server/geometry/readers/: glTF, OBJ, STL, PLY, 3MF) on real files written by other
 * people's tools, read in place from the shared corpus (../shared/corpus/formats/, never copied here; its zips
 * unpacked into a temporary folder as an upload's are). Each finished file must read into a document drawing the
 * reference triangle count within its tolerance, with the textures a viewer model must carry used by materials,
 * and write to a glb that reads back the same (no NaN, accessors of the right types); each damaged file must end
 * as a GeometryFailure. Small files built here cover what the corpus does not: a binary STL cut short or with a
 * `solid` header, an OBJ whose map is missing or named by a Windows path, glTF images missing or outside the
 * upload, glTF 1.0, a Draco-compressed glb, a 3MF in inches with prefixed elements, a PLY point cloud, and the
 * triangle cap of every reader.
 */
import { copyFile, mkdir, mkdtemp, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Document, type Material, NodeIO } from '@gltf-transform/core';
import { ALL_EXTENSIONS, KHRDracoMeshCompression } from '@gltf-transform/extensions';
import draco3d from 'draco3dgltf';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unpackArchive } from '../../server/geometry/archive';
import { GeometryFailure, type GeometryFailureCode } from '../../server/geometry/failures';
import { drawnGeometry } from '../../server/geometry/geometry-statistics';
import { gltfIO } from '../../server/geometry/gltf-io';
import { rootMatrix } from '../../server/geometry/readers/document-builder';
import { readGltf } from '../../server/geometry/readers/gltf';
import { readObj } from '../../server/geometry/readers/obj';
import { readPly } from '../../server/geometry/readers/ply';
import {
  READER_LIMITS,
  type SourceModel,
  type SourceReader,
} from '../../server/geometry/readers/source-model';
import { readStl } from '../../server/geometry/readers/stl';
import { read3mf } from '../../server/geometry/readers/threemf';
import { zipOf } from '../../server/geometry/zip-writer';

const CORPUS = fileURLToPath(new URL('../../../shared/corpus/formats/', import.meta.url));

interface Expected {
  status: 'FINISHED' | 'FAILED';
  triangles: number;
  tolerance: number;
  drawn?: number;
}

const READERS: Record<string, SourceReader> = {
  glb: readGltf,
  gltf: readGltf,
  obj: readObj,
  stl: readStl,
  ply: readPly,
  '3mf': read3mf,
};

const FORMATS: Record<string, SourceModel['format']> = {
  glb: 'glTF',
  gltf: 'glTF',
  obj: 'OBJ',
  stl: 'STL',
  ply: 'PLY',
  '3mf': '3MF',
};

/** The corpus files of these readers: the formats themselves, and zips of a glTF or an OBJ with its files. */
const isMeshFile = (name: string) =>
  /\.(glb|obj|stl|ply|3mf)$/i.test(name) || /_(gltf|obj\w*)\.zip$/i.test(name);

/**
 * spider.mtl has five textured materials but the OBJ's faces use four of them (Brusttex, wal69ar_small.jpg, is
 * named by no `usemtl`): expected.json counts the five textures three's MTLLoader loads when it preloads the
 * whole library; a document carries the four its faces draw.
 */
const DRAWN_BY_FACES: Record<string, number> = { 'spider_obj_textured.zip': 4 };

const extensionOf = (path: string) => path.slice(path.lastIndexOf('.') + 1).toLowerCase();

const folders: string[] = [];
async function temporaryFolder(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'readers-mesh-'));
  folders.push(folder);
  return folder;
}

/** A corpus file as the pipeline gives it to a reader: itself, or the model file of its unpacked zip. */
async function upload(name: string): Promise<{ path: string; folder: string }> {
  if (!name.endsWith('.zip')) return { path: join(CORPUS, name), folder: CORPUS };
  const folder = await temporaryFolder();
  const files = await unpackArchive(join(CORPUS, name), folder);
  const model = files.find((file) => /\.(gltf|obj)$/i.test(file.name));
  if (!model) throw new Error(`${name} holds no model`);
  return { path: model.path, folder };
}

async function read(path: string, folder: string, maxTriangles = READER_LIMITS.maxTriangles) {
  const reader = READERS[extensionOf(path)];
  return reader({
    path,
    folder,
    scratch: await temporaryFolder(),
    limits: { ...READER_LIMITS, maxTriangles },
  });
}

/** The failure code a read ends with; fails the test when it ends otherwise. */
async function failureOf(reading: Promise<SourceModel>): Promise<GeometryFailureCode> {
  const error = await reading.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(GeometryFailure);
  return (error as GeometryFailure).code;
}

/** Textures a material refers to (directly or through a material extension), not merely listed. */
const texturesUsed = (document: Document) => {
  const root = document.getRoot();
  return root.listTextures().filter((texture) => texture.listParents().some((parent) => parent !== root))
    .length;
};

const materialNamed = (document: Document, name: string): Material => {
  const material = document
    .getRoot()
    .listMaterials()
    .find((candidate) => candidate.getName() === name);
  if (!material) throw new Error(`no material ${name}`);
  return material;
};

/** Writes the document to a glb and reads it back: the document is glTF a viewer loads. */
async function roundTrip(document: Document): Promise<Document> {
  const io = await gltfIO();
  const back = await io.readBinary(await io.writeBinary(document));
  for (const accessor of back.getRoot().listAccessors()) {
    const array = accessor.getArray();
    expect(array, accessor.getName()).not.toBeNull();
    if (array instanceof Float32Array) expect(array.every(Number.isFinite), accessor.getName()).toBe(true);
  }
  return back;
}

const expected: Record<string, Expected> = JSON.parse(await readFile(join(CORPUS, 'expected.json'), 'utf8'));
const corpusFiles = Object.keys(expected).filter(isMeshFile);

afterAll(async () => {
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

describe('mesh readers on the corpus', () => {
  it('covers every mesh format of the corpus', () => {
    const extensions = new Set(corpusFiles.map((name) => (name.endsWith('.zip') ? name : extensionOf(name))));
    for (const extension of ['glb', 'obj', 'stl', 'ply', '3mf']) expect(extensions).toContain(extension);
    expect(corpusFiles).toEqual(
      expect.arrayContaining([
        'VertexColorTest_gltf.zip',
        'regr01_obj_mtl.zip',
        'spider_obj_textured.zip',
        'damaged_nonsense.obj',
        'damaged_truncated_VertexColorTest.glb',
      ]),
    );
  });

  for (const name of corpusFiles) {
    const reference = expected[name];
    if (reference.status === 'FAILED') {
      it(`${name} fails as unreadable or without geometry`, async () => {
        const { path, folder } = await upload(name);
        expect(['unreadable', 'noGeometry']).toContain(await failureOf(read(path, folder)));
      });
      continue;
    }
    it(`${name} reads into ${reference.triangles} triangles with ${reference.drawn ?? 0} textures`, async () => {
      const { path, folder } = await upload(name);
      const model = await read(path, folder);
      const drawn = drawnGeometry(model.document);
      expect(Math.abs(drawn.triangles - reference.triangles)).toBeLessThanOrEqual(
        reference.tolerance * reference.triangles,
      );
      expect(model.sourceTriangles).toBe(drawn.triangles);
      expect(model.format).toBe(FORMATS[extensionOf(path)]);
      expect(model.missingTextures).toEqual([]);
      expect(texturesUsed(model.document)).toBeGreaterThanOrEqual(
        DRAWN_BY_FACES[name] ?? reference.drawn ?? 0,
      );
      expect(drawn.size.every((extent) => Number.isFinite(extent) && extent >= 0)).toBe(true);
      expect(Math.max(...drawn.size)).toBeGreaterThan(0);
      const back = await roundTrip(model.document);
      expect(drawnGeometry(back).triangles).toBe(drawn.triangles);
      expect(texturesUsed(back)).toBe(texturesUsed(model.document));
    });
  }

  it('tells each file’s encoding and version', async () => {
    const of = async (name: string) => {
      const { path, folder } = await upload(name);
      const model = await read(path, folder);
      return [model.encoding, model.version];
    };
    expect(await of('BoxTextured.glb')).toEqual(['binary', '2.0']);
    expect(await of('VertexColorTest_gltf.zip')).toEqual(['ascii', '2.0']);
    expect(await of('3DSMaxExport.STL')).toEqual(['binary', null]);
    expect(await of('stl_ascii.stl')).toEqual(['ascii', null]);
    expect(await of('Wuson.ply')).toEqual(['ascii', '1.0']);
    expect(await of('cube_rgb_binary.ply')).toEqual(['binary', '1.0']);
  });

  it('converts units and axes: STL millimetres Z up, 3MF in its unit Z up, OBJ and PLY metres Y up', async () => {
    const expectRoot = async (name: string, scale: number, zUp: boolean) => {
      const { path, folder } = await upload(name);
      const model = await read(path, folder);
      const matrix = model.document.getRoot().getDefaultScene()?.listChildren()[0].getMatrix() ?? [];
      // glTF-Transform keeps a node's matrix as translation, rotation and scale: equal up to rounding.
      expect(matrix).toHaveLength(16);
      rootMatrix(scale, zUp).forEach((value, index) => expect(matrix[index]).toBeCloseTo(value, 12));
    };
    await expectRoot('3DSMaxExport.STL', 0.001, true);
    await expectRoot('cube_gears.3mf', 0.001, true);
    await expectRoot('WusonOBJ.obj', 1, false);
    await expectRoot('Wuson.ply', 1, false);
  });

  it('keeps vertex colours of PLY, 3MF colour groups and glTF', async () => {
    for (const name of ['cube_rgb_binary.ply', 'sphere_logo.3mf', 'VertexColorTest_gltf.zip']) {
      const { path, folder } = await upload(name);
      const model = await read(path, folder);
      const primitives = model.document
        .getRoot()
        .listMeshes()
        .flatMap((mesh) => mesh.listPrimitives());
      expect(
        primitives.some((primitive) => primitive.getAttribute('COLOR_0')),
        name,
      ).toBe(true);
    }
  });

  it('gives each OBJ material its MTL colour, converted from sRGB to linear', async () => {
    const { path, folder } = await upload('regr01_obj_mtl.zip');
    const model = await read(path, folder);
    // newmtl Door: Kd 0.8 0.6 0.4.
    const door = materialNamed(model.document, 'Door').getBaseColorFactor();
    expect(door[0]).toBeCloseTo(0.6038, 3);
    expect(door[1]).toBeCloseTo(0.3185, 3);
    expect(door[2]).toBeCloseTo(0.1329, 3);
    expect(door[3]).toBe(1);
  });
});

/** A binary STL of `triangles` facets with the given 80-byte header text; its faces a fan around the origin. */
function binaryStl(triangles: number, header = 'binary STL written by the test'): Buffer {
  const file = Buffer.alloc(84 + 50 * triangles);
  file.write(header.padEnd(80, ' '), 0, 'latin1');
  file.writeUInt32LE(triangles, 80);
  for (let i = 0; i < triangles; i += 1) {
    const at = 84 + 50 * i;
    const values = [0, 0, 1, 0, 0, 0, i + 1, 0, 0, i + 1, 1, 0];
    values.forEach((value, index) => file.writeFloatLE(value, at + 4 * index));
  }
  return file;
}

describe('STL', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await temporaryFolder();
  });

  it('fails a binary STL cut short as unreadable, not as fewer triangles', async () => {
    const path = join(folder, 'cut.stl');
    await writeFile(path, binaryStl(3).subarray(0, 84 + 50 * 2 + 20));
    expect(await failureOf(read(path, folder))).toBe('unreadable');
  });

  it('reads a binary STL whose header starts with `solid` as binary, ignoring bytes after the facets', async () => {
    const path = join(folder, 'solid-header.stl');
    await writeFile(
      path,
      Buffer.concat([binaryStl(3, 'solid part exported by a CAD tool'), Buffer.from('\n\n')]),
    );
    const model = await read(path, folder);
    expect(model.encoding).toBe('binary');
    expect(model.sourceTriangles).toBe(3);
    expect(drawnGeometry(model.document).triangles).toBe(3);
    // 3 mm wide, 1 mm deep (file Y becomes glTF −Z).
    expect(drawnGeometry(model.document).size).toEqual([0.003, 0, 0.001]);
  });

  it('fails a file that is neither STL encoding as unreadable, and one past the cap as too many triangles', async () => {
    const path = join(folder, 'notes.stl');
    await writeFile(path, 'these are notes, not a model');
    expect(await failureOf(read(path, folder))).toBe('unreadable');
    const ascii = join(folder, 'two.stl');
    const facet =
      'facet normal 0 0 1\n outer loop\n  vertex 0 0 0\n  vertex 1 0 0\n  vertex 0 1 0\n endloop\nendfacet\n';
    await writeFile(ascii, `solid two\n${facet}${facet}endsolid two\n`);
    expect(drawnGeometry((await read(ascii, folder)).document).triangles).toBe(2);
    expect(await failureOf(read(ascii, folder, 1))).toBe('tooManyTriangles');
    const binary = join(folder, 'many.stl');
    await writeFile(binary, binaryStl(5));
    expect(await failureOf(read(binary, folder, 4))).toBe('tooManyTriangles');
  });
});

describe('OBJ', () => {
  const square = ['v 0 0 0', 'v 1 0 0', 'v 1 1 0', 'v 0 1 0', 'vt 0 0', 'vt 1 0', 'vt 1 1', 'vt 0 1'].join(
    '\n',
  );

  it('lists a map the upload lacks and keeps the material’s colour; finds one named by a Windows path', async () => {
    const folder = await temporaryFolder();
    await mkdir(join(folder, 'maps'));
    const wood = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#a0522d' } })
      .png()
      .toBuffer();
    await writeFile(join(folder, 'maps', 'wood.png'), wood);
    await writeFile(
      join(folder, 'model.mtl'),
      [
        'newmtl painted',
        'Kd 1 0 0',
        'map_Kd -s 1 1 1 -clamp on textures\\Missing Paint.png',
        'newmtl wooden',
        'Kd 0.5 0.5 0.5',
        'd 0.5',
        'map_Kd C:\\Users\\someone\\Desktop\\WOOD.PNG',
      ].join('\n'),
    );
    const path = join(folder, 'model.obj');
    // The OBJ names its library in another case than the file has, as Windows tools write them.
    await writeFile(
      path,
      `mtllib Model.MTL\n${square}\nusemtl painted\nf 1/1 2/2 3/3\nusemtl wooden\nf 1/1 3/3 4/4\n`,
    );
    const model = await read(path, folder);
    expect(model.missingTextures).toEqual(['Missing Paint.png']);
    const painted = materialNamed(model.document, 'painted');
    expect(painted.getBaseColorTexture()).toBeNull();
    expect(painted.getBaseColorFactor()).toEqual([1, 0, 0, 1]);
    const wooden = materialNamed(model.document, 'wooden');
    expect(Buffer.from(wooden.getBaseColorTexture()?.getImage() ?? [])).toEqual(wood);
    expect(wooden.getBaseColorTexture()?.getMimeType()).toBe('image/png');
    expect(wooden.getBaseColorFactor()[0]).toBeCloseTo(0.214, 3);
    expect(wooden.getBaseColorFactor()[3]).toBe(0.5);
    expect(wooden.getAlphaMode()).toBe('BLEND');
    expect(drawnGeometry(model.document).triangles).toBe(2);
    await roundTrip(model.document);
  });

  it('converts an OBJ without its MTL with a neutral grey material, and vertex colours', async () => {
    const folder = await temporaryFolder();
    const path = join(folder, 'alone.obj');
    await writeFile(path, `mtllib alone.mtl\nv 0 0 0 1 0 0\nv 1 0 0 0 1 0\nv 0 1 0 0 0 1\nf 1 2 3\n`);
    const model = await read(path, folder);
    expect(model.missingTextures).toEqual([]);
    const [material] = model.document.getRoot().listMaterials();
    // Vertex colours are the colour: the material is white, not grey, so they show as written.
    expect(material.getBaseColorFactor()).toEqual([1, 1, 1, 1]);
    const primitive = model.document.getRoot().listMeshes()[0].listPrimitives()[0];
    expect(Array.from(primitive.getAttribute('COLOR_0')?.getElement(0, []) ?? [])).toEqual([1, 0, 0]);

    const plain = join(folder, 'plain.obj');
    await writeFile(plain, `${square}\nf 1 2 3 4\n`);
    const grey = await read(plain, folder);
    expect(grey.document.getRoot().listMaterials()[0].getBaseColorFactor()).toEqual([0.8, 0.8, 0.8, 1]);
    expect(grey.sourceTriangles).toBe(2);
  });

  it('fails an OBJ past the cap as too many triangles, one without faces as no geometry', async () => {
    const folder = await temporaryFolder();
    const path = join(folder, 'quads.obj');
    await writeFile(path, `${square}\nf 1 2 3 4\nf 4 3 2 1\n`);
    expect(drawnGeometry((await read(path, folder)).document).triangles).toBe(4);
    expect(await failureOf(read(path, folder, 3))).toBe('tooManyTriangles');
    const points = join(folder, 'points.obj');
    await writeFile(points, `${square}\nl 1 2 3\np 4\n`);
    expect(await failureOf(read(points, folder))).toBe('noGeometry');
  });
});

describe('glTF', () => {
  /** A .gltf of one triangle (its buffer a data URI) whose material's base colour is the image at `imageUri`. */
  const triangleGltf = (imageUri: string, version = '2.0') => {
    const positions = Buffer.from(new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]).buffer);
    return JSON.stringify({
      asset: { version },
      scene: 0,
      scenes: [{ nodes: [0] }],
      nodes: [{ mesh: 0 }],
      meshes: [{ primitives: [{ attributes: { POSITION: 0 }, material: 0 }] }],
      materials: [
        { pbrMetallicRoughness: { baseColorFactor: [0, 0.5, 1, 1], baseColorTexture: { index: 0 } } },
      ],
      textures: [{ source: 0 }],
      images: [{ uri: imageUri }],
      accessors: [
        { bufferView: 0, componentType: 5126, count: 3, type: 'VEC3', min: [0, 0, 0], max: [1, 1, 0] },
      ],
      bufferViews: [{ buffer: 0, byteLength: 36 }],
      buffers: [
        { byteLength: 36, uri: `data:application/octet-stream;base64,${positions.toString('base64')}` },
      ],
    });
  };

  it('drops the texture of an image the upload lacks, keeping the material and listing the file', async () => {
    const { path, folder } = await upload('VertexColorTest_gltf.zip');
    await unlink(join(folder, 'VertexColorChecks.png'));
    const model = await read(path, folder);
    expect(model.missingTextures).toEqual(['VertexColorChecks.png']);
    expect(model.document.getRoot().listTextures()).toHaveLength(1);
    expect(texturesUsed(model.document)).toBe(1);
    expect(model.document.getRoot().listMaterials()).toHaveLength(2);
    expect(drawnGeometry(model.document).triangles).toBe(36);
    await roundTrip(model.document);
  });

  it('never reads an image from outside the upload', async () => {
    const parent = await temporaryFolder();
    const folder = join(parent, 'upload');
    await mkdir(folder);
    await copyFile(join(CORPUS, 'Box.glb'), join(parent, 'secret.png'));
    const path = join(folder, 'triangle.gltf');
    await writeFile(path, triangleGltf('../secret.png'));
    const model = await read(path, folder);
    expect(model.missingTextures).toEqual(['secret.png']);
    expect(model.document.getRoot().listTextures()).toHaveLength(0);
    expect(model.document.getRoot().listMaterials()[0].getBaseColorFactor()).toEqual([0, 0.5, 1, 1]);
    expect(model.encoding).toBe('ascii');
  });

  it('fails glTF 1.0, a damaged container and a file past the cap', async () => {
    const folder = await temporaryFolder();
    const old = join(folder, 'old.gltf');
    await writeFile(old, triangleGltf('missing.png', '1.0'));
    expect(await failureOf(read(old, folder))).toBe('unreadable');
    const box = await readFile(join(CORPUS, 'Box.glb'));
    const damaged = join(folder, 'damaged.glb');
    // The JSON chunk's length made to reach past the file's end.
    const copy = Buffer.from(box);
    copy.writeUInt32LE(box.length, 12);
    await writeFile(damaged, copy);
    expect(await failureOf(read(damaged, folder))).toBe('unreadable');
    expect(await failureOf(read(join(CORPUS, 'Box.glb'), CORPUS, 11))).toBe('tooManyTriangles');
  });

  it('reads a Draco-compressed glb into plain geometry that writes without an encoder', async () => {
    const folder = await temporaryFolder();
    const encoder = new NodeIO()
      .registerExtensions(ALL_EXTENSIONS)
      .registerDependencies({ 'draco3d.encoder': await draco3d.createEncoderModule() });
    const box = await (await gltfIO()).read(join(CORPUS, 'OrientationTest.glb'));
    box.createExtension(KHRDracoMeshCompression).setRequired(true);
    const path = join(folder, 'draco.glb');
    await writeFile(path, await encoder.writeBinary(box));
    expect((await readFile(path)).includes('KHR_draco_mesh_compression')).toBe(true);
    const model = await read(path, folder);
    expect(drawnGeometry(model.document).triangles).toBe(524);
    expect(
      model.document
        .getRoot()
        .listExtensionsUsed()
        .map((extension) => extension.extensionName),
    ).not.toContain('KHR_draco_mesh_compression');
    expect(drawnGeometry(await roundTrip(model.document)).triangles).toBe(524);
  });
});

describe('PLY', () => {
  it('fails a point cloud as no geometry and a file past the cap as too many triangles', async () => {
    const folder = await temporaryFolder();
    const cloud = join(folder, 'cloud.ply');
    const vertices = '0 0 0\n1 0 0\n0 1 0\n0 0 1\n';
    const header = (faces: number) =>
      `ply\nformat ascii 1.0\nelement vertex 4\nproperty float x\nproperty float y\nproperty float z\n` +
      `element face ${faces}\nproperty list uchar int vertex_indices\nend_header\n`;
    await writeFile(cloud, `${header(0)}${vertices}`);
    expect(await failureOf(read(cloud, folder))).toBe('noGeometry');
    const tetrahedron = join(folder, 'tetrahedron.ply');
    await writeFile(tetrahedron, `${header(4)}${vertices}3 0 2 1\n3 0 1 3\n3 0 3 2\n3 1 2 3\n`);
    expect(drawnGeometry((await read(tetrahedron, folder)).document).triangles).toBe(4);
    expect(await failureOf(read(tetrahedron, folder, 3))).toBe('tooManyTriangles');
    const notPly = join(folder, 'not.ply');
    await writeFile(notPly, 'solid nothing\nendsolid nothing\n');
    expect(await failureOf(read(notPly, folder))).toBe('unreadable');
  });
});

describe('3MF', () => {
  /** A 3MF of one triangle, its elements written with a `c:` prefix as some writers do. */
  const triangle3mf = (unit: string) =>
    zipOf({
      '[Content_Types].xml': Buffer.from(
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
          '<Default Extension="model" ContentType="application/vnd.ms-package.3dmanufacturing-3dmodel+xml"/></Types>',
      ),
      '_rels/.rels': Buffer.from(
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
          '<Relationship Target="/3D/3dmodel.model" Id="rel0" Type="http://schemas.microsoft.com/3dmanufacturing/2013/01/3dmodel"/></Relationships>',
      ),
      '3D/3dmodel.model': Buffer.from(
        `<?xml version="1.0" encoding="UTF-8"?><c:model unit="${unit}" xmlns:c="http://schemas.microsoft.com/3dmanufacturing/core/2015/02">` +
          '<c:resources><c:object id="1" type="model"><c:mesh><c:vertices>' +
          '<c:vertex x="0" y="0" z="0"/><c:vertex x="1" y="0" z="0"/><c:vertex x="0" y="0" z="2"/>' +
          '</c:vertices><c:triangles><c:triangle v1="0" v2="1" v3="2"/></c:triangles></c:mesh></c:object></c:resources>' +
          '<c:build><c:item objectid="1"/></c:build></c:model>',
      ),
    });

  it('reads prefixed elements, scales by the model’s unit, turns Z up to Y up and leaves no globals', async () => {
    const folder = await temporaryFolder();
    const path = join(folder, 'triangle.3mf');
    await writeFile(path, await triangle3mf('inch'));
    const model = await read(path, folder);
    const drawn = drawnGeometry(model.document);
    expect(drawn.triangles).toBe(1);
    // 1 inch wide, 2 inches tall (file Z is glTF Y).
    expect(drawn.size).toEqual([0.025, 0.051, 0]);
    expect('DOMParser' in globalThis).toBe(false);
    expect('document' in globalThis).toBe(false);
  });

  it('carries the texture of a textured 3MF with its bytes from the zip', async () => {
    const model = await read(join(CORPUS, 'sphere_logo.3mf'), CORPUS);
    const [texture] = model.document.getRoot().listTextures();
    expect(texture.getMimeType()).toBe('image/png');
    const image = texture.getImage();
    expect(image).not.toBeNull();
    const { width, height } = await sharp(image ?? undefined).metadata();
    expect(width).toBeGreaterThan(1);
    expect(height).toBeGreaterThan(1);
  });

  it('fails a file that is not a 3MF as unreadable and one past the cap as too many triangles', async () => {
    const folder = await temporaryFolder();
    const path = join(folder, 'not.3mf');
    await writeFile(path, 'not a zip at all');
    expect(await failureOf(read(path, folder))).toBe('unreadable');
    expect(await failureOf(read(join(CORPUS, 'cube_gears.3mf'), CORPUS, 25_000))).toBe('tooManyTriangles');
  });
});
