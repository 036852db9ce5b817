/**
 * The server's software renderer (server/geometry/preview-render.ts) on glTF documents built here with
 * glTF-Transform: a red cube, a green prism (no normals, not indexed), a cube whose positions are normalized
 * 16-bit integers scaled by its node (as KHR_mesh_quantization writes them), a quad with a checker texture made
 * by sharp, a mesh of about 200 000 triangles, and the material ball. The pictures must be WebP of the card's
 * sizes (1× and 2×), not one flat colour, the model's colour in the middle and the backdrop in the corners, and
 * differ between models; a scene without triangles is an Error.
 */
import { Document, type Material, type Mesh, Primitive } from '@gltf-transform/core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderMaterialPreview, renderModelPreview } from '../../server/geometry/preview-render';

type Vec3 = [number, number, number];

interface Pixels {
  data: Buffer;
  width: number;
  height: number;
}

async function pixelsOf(image: Buffer): Promise<Pixels> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** The pixels of a region given in shares of the picture (left, top, right, bottom). */
function region(pixels: Pixels, left: number, top: number, right: number, bottom: number): Vec3[] {
  const found: Vec3[] = [];
  for (let y = Math.floor(top * pixels.height); y < Math.ceil(bottom * pixels.height); y += 1)
    for (let x = Math.floor(left * pixels.width); x < Math.ceil(right * pixels.width); x += 1) {
      const i = (y * pixels.width + x) * 3;
      found.push([pixels.data[i], pixels.data[i + 1], pixels.data[i + 2]]);
    }
  return found;
}

const mean = (colours: Vec3[]): Vec3 =>
  [0, 1, 2].map((c) => colours.reduce((sum, colour) => sum + colour[c], 0) / colours.length) as Vec3;

const CORNERS: Array<[number, number, number, number]> = [
  [0, 0, 0.03, 0.05],
  [0.97, 0, 1, 0.05],
  [0, 0.95, 0.03, 1],
  [0.97, 0.95, 1, 1],
];

/** The corners are the light-grey backdrop: light and without colour. */
function expectBackdropCorners(pixels: Pixels): void {
  for (const corner of CORNERS) {
    const [r, g, b] = mean(region(pixels, ...corner));
    expect(Math.min(r, g, b)).toBeGreaterThan(185);
    expect(Math.max(r, g, b) - Math.min(r, g, b)).toBeLessThan(14);
  }
}

async function expectPictures(
  preview: { image1x: Buffer; image2x: Buffer },
  width: number,
  height: number,
): Promise<void> {
  for (const [image, scale] of [
    [preview.image1x, 1],
    [preview.image2x, 2],
  ] as const) {
    const metadata = await sharp(image).metadata();
    expect(metadata.format).toBe('webp');
    expect([metadata.width, metadata.height]).toEqual([width * scale, height * scale]);
    const stats = await sharp(image).stats();
    expect(Math.max(...stats.channels.slice(0, 3).map((channel) => channel.stdev))).toBeGreaterThan(12);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Documents.

function newDocument(): Document {
  const document = new Document();
  document.createBuffer();
  document.getRoot().setDefaultScene(document.createScene());
  return document;
}

function accessor(document: Document, type: 'SCALAR' | 'VEC2' | 'VEC3', array: Float32Array | Uint32Array) {
  return document
    .createAccessor()
    .setType(type)
    .setArray(array)
    .setBuffer(document.getRoot().listBuffers()[0]);
}

function colourMaterial(document: Document, colour: [number, number, number]): Material {
  return document
    .createMaterial()
    .setBaseColorFactor([...colour, 1])
    .setMetallicFactor(0)
    .setRoughnessFactor(0.6);
}

function addMesh(document: Document, mesh: Mesh, translation: Vec3 = [0, 0, 0], scale: Vec3 = [1, 1, 1]) {
  const node = document.createNode().setMesh(mesh).setTranslation(translation).setScale(scale);
  document.getRoot().getDefaultScene()?.addChild(node);
  return node;
}

/** An axis-aligned box of 24 vertices with normals and UVs, 12 indexed triangles. */
function boxArrays(size: Vec3) {
  const positions: number[] = [];
  const normals: number[] = [];
  const uvs: number[] = [];
  const indices: number[] = [];
  const axes: Array<[Vec3, Vec3, Vec3]> = [
    [
      [1, 0, 0],
      [0, 0, -1],
      [0, 1, 0],
    ],
    [
      [-1, 0, 0],
      [0, 0, 1],
      [0, 1, 0],
    ],
    [
      [0, 1, 0],
      [1, 0, 0],
      [0, 0, -1],
    ],
    [
      [0, -1, 0],
      [1, 0, 0],
      [0, 0, 1],
    ],
    [
      [0, 0, 1],
      [1, 0, 0],
      [0, 1, 0],
    ],
    [
      [0, 0, -1],
      [-1, 0, 0],
      [0, 1, 0],
    ],
  ];
  for (const [normal, u, v] of axes) {
    const first = positions.length / 3;
    for (const [s, t] of [
      [-1, -1],
      [1, -1],
      [1, 1],
      [-1, 1],
    ]) {
      for (let c = 0; c < 3; c += 1) positions.push(((normal[c] + u[c] * s + v[c] * t) * size[c]) / 2);
      normals.push(...normal);
      uvs.push((s + 1) / 2, (1 - t) / 2);
    }
    indices.push(first, first + 1, first + 2, first, first + 2, first + 3);
  }
  return { positions, normals, uvs, indices };
}

function boxMesh(document: Document, size: Vec3, material: Material): Mesh {
  const box = boxArrays(size);
  const primitive = document
    .createPrimitive()
    .setAttribute('POSITION', accessor(document, 'VEC3', new Float32Array(box.positions)))
    .setAttribute('NORMAL', accessor(document, 'VEC3', new Float32Array(box.normals)))
    .setIndices(accessor(document, 'SCALAR', new Uint32Array(box.indices)))
    .setMaterial(material);
  return document.createMesh().addPrimitive(primitive);
}

/** A hexagonal prism standing on y = 0: triangles as they come (no indices), no normals. */
function prismMesh(document: Document, radius: number, height: number, material: Material): Mesh {
  const positions: number[] = [];
  const corner = (i: number, y: number): Vec3 => [
    radius * Math.cos((i * Math.PI) / 3),
    y,
    -radius * Math.sin((i * Math.PI) / 3),
  ];
  for (let i = 0; i < 6; i += 1) {
    const [a0, a1, b0, b1] = [corner(i, 0), corner(i, height), corner(i + 1, 0), corner(i + 1, height)];
    positions.push(...a0, ...b0, ...b1, ...a0, ...b1, ...a1);
    positions.push(0, height, 0, ...a1, ...b1);
    positions.push(0, 0, 0, ...b0, ...a0);
  }
  const primitive = document
    .createPrimitive()
    .setAttribute('POSITION', accessor(document, 'VEC3', new Float32Array(positions)))
    .setMaterial(material);
  return document.createMesh().addPrimitive(primitive);
}

async function checkerPng(light: Vec3, dark: Vec3, size = 256, cells = 8): Promise<Buffer> {
  const pixels = Buffer.alloc(size * size * 3);
  const cell = size / cells;
  for (let y = 0; y < size; y += 1)
    for (let x = 0; x < size; x += 1)
      pixels.set((Math.floor(x / cell) + Math.floor(y / cell)) % 2 ? dark : light, (y * size + x) * 3);
  return sharp(pixels, { raw: { width: size, height: size, channels: 3 } })
    .png()
    .toBuffer();
}

const YELLOW: Vec3 = [240, 200, 30];
const BLUE: Vec3 = [30, 70, 190];
const isYellowish = ([r, g, b]: Vec3) => r > b + 80 && g > b + 60;
const isBluish = ([r, g, b]: Vec3) => b > r + 60 && b > g + 30;

/** A 2 × 2 m quad facing +Z (the model's front), with the checker as its base-colour map. */
async function texturedQuad(): Promise<Document> {
  const document = newDocument();
  const texture = document
    .createTexture()
    .setImage(await checkerPng(YELLOW, BLUE))
    .setMimeType('image/png');
  const material = colourMaterial(document, [1, 1, 1]).setBaseColorTexture(texture);
  const primitive = document
    .createPrimitive()
    .setAttribute(
      'POSITION',
      accessor(document, 'VEC3', new Float32Array([-1, 0, 0, 1, 0, 0, 1, 2, 0, -1, 2, 0])),
    )
    .setAttribute(
      'NORMAL',
      accessor(document, 'VEC3', new Float32Array([0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1])),
    )
    .setAttribute('TEXCOORD_0', accessor(document, 'VEC2', new Float32Array([0, 1, 1, 1, 1, 0, 0, 0])))
    .setIndices(accessor(document, 'SCALAR', new Uint32Array([0, 1, 2, 0, 2, 3])))
    .setMaterial(material);
  addMesh(document, document.createMesh().addPrimitive(primitive));
  return document;
}

/** A dense terrain-like sheet of about 200 000 triangles, with normals. */
function denseDocument(triangles = 200_000): { document: Document; triangles: number } {
  const document = newDocument();
  const side = Math.round(Math.sqrt(triangles / 2));
  const positions = new Float32Array((side + 1) * (side + 1) * 3);
  const normals = new Float32Array(positions.length);
  const height = (x: number, z: number) => 0.25 * Math.sin(x * 4) * Math.cos(z * 3) + 0.3;
  for (let j = 0; j <= side; j += 1)
    for (let i = 0; i <= side; i += 1) {
      const x = (i / side) * 4 - 2;
      const z = (j / side) * 4 - 2;
      const k = (j * (side + 1) + i) * 3;
      positions.set([x, height(x, z), z], k);
      const dx = Math.cos(x * 4) * Math.cos(z * 3);
      const dz = -0.75 * Math.sin(x * 4) * Math.sin(z * 3);
      const length = Math.hypot(dx, 1, dz);
      normals.set([-dx / length, 1 / length, -dz / length], k);
    }
  const indices = new Uint32Array(side * side * 6);
  for (let j = 0, k = 0; j < side; j += 1)
    for (let i = 0; i < side; i += 1, k += 6) {
      const a = j * (side + 1) + i;
      const b = a + side + 1;
      indices.set([a, b, a + 1, a + 1, b, b + 1], k);
    }
  const primitive = document
    .createPrimitive()
    .setAttribute('POSITION', accessor(document, 'VEC3', positions))
    .setAttribute('NORMAL', accessor(document, 'VEC3', normals))
    .setIndices(accessor(document, 'SCALAR', indices))
    .setMaterial(colourMaterial(document, [0.1, 0.5, 0.12]));
  addMesh(document, document.createMesh().addPrimitive(primitive));
  return { document, triangles: indices.length / 3 };
}

function redCube(): Document {
  const document = newDocument();
  addMesh(document, boxMesh(document, [1, 1, 1], colourMaterial(document, [0.8, 0.04, 0.03])));
  return document;
}

const isReddish = ([r, g, b]: Vec3) => r > g + 70 && r > b + 70;

// ---------------------------------------------------------------------------------------------------------------

describe('renderModelPreview', () => {
  it('draws a red cube at card size and 2× as WebP: red in the middle, the backdrop in the corners', async () => {
    const preview = await renderModelPreview(redCube());
    expect([preview.width, preview.height]).toEqual([640, 360]);
    await expectPictures(preview, 640, 360);
    for (const image of [preview.image1x, preview.image2x]) {
      const pixels = await pixelsOf(image);
      expect(isReddish(mean(region(pixels, 0.45, 0.45, 0.55, 0.55)))).toBe(true);
      expectBackdropCorners(pixels);
    }
  });

  it('draws at the size asked, on the background asked', async () => {
    const preview = await renderModelPreview(redCube(), {
      width: 400,
      height: 225,
      background: [200, 220, 250],
    });
    expect([preview.width, preview.height]).toEqual([400, 225]);
    await expectPictures(preview, 400, 225);
    const [r, g, b] = mean(region(await pixelsOf(preview.image1x), 0, 0.4, 0.05, 0.6));
    expect(b).toBeGreaterThan(r + 30);
    expect(g).toBeGreaterThan(r + 10);
  });

  it('gives a differently shaped and coloured model a different picture', async () => {
    const document = newDocument();
    addMesh(document, prismMesh(document, 0.4, 1.6, colourMaterial(document, [0.05, 0.45, 0.08])));
    const prism = await renderModelPreview(document);
    await expectPictures(prism, 640, 360);
    const pixels = await pixelsOf(prism.image1x);
    const [r, g, b] = mean(region(pixels, 0.47, 0.45, 0.53, 0.55));
    expect(g).toBeGreaterThan(r + 40);
    expect(g).toBeGreaterThan(b + 40);
    expectBackdropCorners(pixels);

    const cube = await pixelsOf((await renderModelPreview(redCube())).image1x);
    let difference = 0;
    for (let i = 0; i < cube.data.length; i += 1) difference += Math.abs(cube.data[i] - pixels.data[i]);
    expect(difference / cube.data.length).toBeGreaterThan(10);
  });

  it('reads normalized 16-bit positions through the node scale, without normals or indices', async () => {
    const document = newDocument();
    const box = boxArrays([2, 2, 2]);
    const corners = box.indices.flatMap((index) => box.positions.slice(index * 3, index * 3 + 3));
    const quantized = new Int16Array(corners.map((value) => Math.round(value * 32767)));
    const position = document
      .createAccessor()
      .setType('VEC3')
      .setArray(quantized)
      .setNormalized(true)
      .setBuffer(document.getRoot().listBuffers()[0]);
    const primitive = document
      .createPrimitive()
      .setAttribute('POSITION', position)
      .setMaterial(colourMaterial(document, [0.8, 0.04, 0.03]));
    // Ten times larger in the file than drawn: the preview frames whatever the size.
    addMesh(document, document.createMesh().addPrimitive(primitive), [3, 1, -2], [0.05, 0.05, 0.05]);
    const pixels = await pixelsOf((await renderModelPreview(document)).image1x);
    expect(isReddish(mean(region(pixels, 0.45, 0.45, 0.55, 0.55)))).toBe(true);
    expectBackdropCorners(pixels);
  });

  it('samples the base-colour map: the textured quad shows both checker colours', async () => {
    const preview = await renderModelPreview(await texturedQuad());
    await expectPictures(preview, 640, 360);
    const middle = region(await pixelsOf(preview.image2x), 0.35, 0.3, 0.65, 0.7);
    expect(middle.filter(isYellowish).length).toBeGreaterThan(middle.length * 0.2);
    expect(middle.filter(isBluish).length).toBeGreaterThan(middle.length * 0.2);
  });

  it('draws a mesh of about 200 000 triangles', async () => {
    const { document, triangles } = denseDocument();
    expect(triangles).toBeGreaterThan(190_000);
    const preview = await renderModelPreview(document);
    await expectPictures(preview, 640, 360);
    const pixels = await pixelsOf(preview.image1x);
    const [r, g, b] = mean(region(pixels, 0.45, 0.45, 0.55, 0.55));
    expect(g).toBeGreaterThan(r + 30);
    expect(g).toBeGreaterThan(b + 30);
    expectBackdropCorners(pixels);
  });

  it('throws on a scene without triangles', async () => {
    await expect(renderModelPreview(new Document())).rejects.toThrow(/no triangles/);
    await expect(renderModelPreview(newDocument())).rejects.toThrow(/no triangles/);
    const document = newDocument();
    const points = document
      .createPrimitive()
      .setMode(Primitive.Mode.POINTS)
      .setAttribute('POSITION', accessor(document, 'VEC3', new Float32Array([0, 0, 0, 1, 1, 1, 2, 0, 0])));
    addMesh(document, document.createMesh().addPrimitive(points));
    await expect(renderModelPreview(document)).rejects.toThrow(/no triangles/);
  });
});

describe('renderMaterialPreview', () => {
  it('draws a ball with the map: its colours in the middle, the backdrop in the corners', async () => {
    const preview = await renderMaterialPreview({ texture: await checkerPng(YELLOW, BLUE, 512, 8) });
    await expectPictures(preview, 640, 360);
    for (const image of [preview.image1x, preview.image2x]) {
      const pixels = await pixelsOf(image);
      const middle = region(pixels, 0.42, 0.3, 0.58, 0.7);
      expect(middle.filter(isYellowish).length).toBeGreaterThan(middle.length * 0.15);
      expect(middle.filter(isBluish).length).toBeGreaterThan(middle.length * 0.15);
      expectBackdropCorners(pixels);
    }
  });

  it('draws a ball of the base colour without a map, at the size asked', async () => {
    const preview = await renderMaterialPreview({ baseColor: [200, 40, 30], width: 400, height: 225 });
    await expectPictures(preview, 400, 225);
    const pixels = await pixelsOf(preview.image1x);
    expect(isReddish(mean(region(pixels, 0.45, 0.4, 0.55, 0.6)))).toBe(true);
    expectBackdropCorners(pixels);
  });
});
