/**
 * The optimizer never makes a texture larger (server/geometry/optimizer.ts): a re-encoding is kept only when it is
 * smaller, or when the texture passes 2048 pixels on a side and had to be resized. On real PNGs from the corpus
 * (sharp's default re-encoding makes some larger, some smaller), on textures made by sharp where the corpus has none
 * (4096 × 1024, 3000 × 3000 JPEG, a PNG stored without compression) and on the real FBX files FBX2glTF converts
 * with their textures; the optimizer's other steps still run (meshopt compression).
 */
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Document, type Texture } from '@gltf-transform/core';
import { cloneDocument } from '@gltf-transform/functions';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unpackArchive } from '../../server/geometry/archive';
import { convertFbx } from '../../server/geometry/fbx-converter';
import { gltfIO } from '../../server/geometry/gltf-io';
import { MAX_TEXTURE_SIZE, optimizeDocument } from '../../server/geometry/optimizer';
import { makeImagesViewable } from '../../server/geometry/texture-images';

const CORPUS = fileURLToPath(new URL('../../../shared/corpus/', import.meta.url));

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'optimizer-test-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

let works = 0;
async function workFolder(): Promise<string> {
  const work = join(folder, `work-${(works += 1)}`);
  await mkdir(work);
  return work;
}

/** One file of a corpus zip. */
async function fromZip(zipName: string, entry: string): Promise<Uint8Array> {
  const [file] = await unpackArchive(join(CORPUS, zipName), await workFolder(), (name) => name === entry);
  return new Uint8Array(await readFile(file.path));
}

/** A corpus FBX as the pipeline has it before optimizing: converted by FBX2glTF, its images made viewable. */
async function convertedDocument(fbxName: string): Promise<Document> {
  const work = await workFolder();
  const document = await (
    await gltfIO()
  ).read(await convertFbx(join(CORPUS, 'fbx', fbxName), join(work, 'm'), work));
  await makeImagesViewable(document);
  return document;
}

/** A document with one textured triangle per image (prune keeps only textures a drawn material uses). */
function documentWith(images: { name: string; image: Uint8Array; mimeType: string }[]): Document {
  const document = new Document();
  const buffer = document.createBuffer();
  const scene = document.createScene();
  for (const { name, image, mimeType } of images) {
    const texture = document.createTexture(name).setImage(image).setMimeType(mimeType);
    const accessor = (type: 'VEC2' | 'VEC3', values: number[]) =>
      document.createAccessor().setType(type).setArray(new Float32Array(values)).setBuffer(buffer);
    const primitive = document
      .createPrimitive()
      .setAttribute('POSITION', accessor('VEC3', [0, 0, 0, 1, 0, 0, 0, 1, 0]))
      .setAttribute('TEXCOORD_0', accessor('VEC2', [0, 1, 1, 1, 0, 0]))
      .setMaterial(document.createMaterial(name).setBaseColorTexture(texture));
    scene.addChild(document.createNode(name).setMesh(document.createMesh(name).addPrimitive(primitive)));
  }
  return document;
}

const imageOf = (texture: Texture): Uint8Array => {
  const image = texture.getImage();
  if (!image) throw new Error(`texture ${texture.getName()} has no image`);
  return image;
};

/** Each texture's bytes, by name. */
const texturesOf = (document: Document) =>
  new Map(
    document
      .getRoot()
      .listTextures()
      .map((texture) => [texture.getName(), imageOf(texture)]),
  );

/** What textureCompress would have made of an image: sharp's default encoding in the same format. */
const defaultReencoding = async (image: Uint8Array) => (await sharp(image).toBuffer()).byteLength;

/** A picture with detail (a gradient and a hash of the coordinates), as RGB rows. */
function detailedPixels(width: number, height: number): Uint8Array {
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1)
      data.set(
        [(x * 255) / width, (y * 255) / height, ((x * 7919) ^ (y * 104729)) & 0x3f],
        (y * width + x) * 3,
      );
  return data;
}

describe('optimizeDocument, per texture', () => {
  it("keeps a real PNG's bytes when re-encoding it would make it larger, and a smaller re-encoding when not", async () => {
    const clouds = await fromZip('fbx/z_max2009_cube_texture_png.zip', 'tiny_clouds.png');
    const normal = await fromZip('fbx/z_marvelous_quad_png.zip', 'marvelous_quad_normal_100-1.png');
    const diffuse = await fromZip('fbx/z_marvelous_quad_png.zip', 'marvelous_quad_diffuse_100-1.png');
    // What sharp's defaults give (what textureCompress kept, resize or not): larger for two, smaller for one.
    expect(await defaultReencoding(clouds)).toBeGreaterThan(clouds.byteLength);
    expect(await defaultReencoding(normal)).toBeGreaterThan(normal.byteLength);
    expect(await defaultReencoding(diffuse)).toBeLessThan(diffuse.byteLength);

    const document = documentWith([
      { name: 'clouds', image: clouds.slice(), mimeType: 'image/png' },
      { name: 'normal', image: normal.slice(), mimeType: 'image/png' },
      { name: 'diffuse', image: diffuse.slice(), mimeType: 'image/png' },
    ]);
    const textures = texturesOf(await optimizeDocument(document));
    expect(textures.get('clouds')).toEqual(clouds);
    expect(textures.get('normal')).toEqual(normal);
    const reencoded = textures.get('diffuse')!;
    expect(reencoded.byteLength).toBeLessThan(diffuse.byteLength);
    // PNG to PNG: the same pixels.
    const [before, after] = await Promise.all([diffuse, reencoded].map((png) => sharp(png).raw().toBuffer()));
    expect(Buffer.compare(before, after)).toBe(0);
  });

  it('takes the smaller re-encoding of a PNG stored without compression', async () => {
    const raw = { width: 256, height: 256, channels: 3 as const };
    const stored = new Uint8Array(
      await sharp(detailedPixels(256, 256), { raw }).png({ compressionLevel: 0 }).toBuffer(),
    );
    const document = documentWith([{ name: 'stored', image: stored.slice(), mimeType: 'image/png' }]);
    const after = texturesOf(await optimizeDocument(document)).get('stored')!;
    expect(after.byteLength).toBeLessThan(stored.byteLength);
    expect(Buffer.compare(await sharp(after).raw().toBuffer(), await sharp(stored).raw().toBuffer())).toBe(0);
  });

  it(`resizes textures past ${MAX_TEXTURE_SIZE} pixels to ${MAX_TEXTURE_SIZE} on their long side, in their format`, async () => {
    const wide = new Uint8Array(
      await sharp(detailedPixels(4096, 1024), { raw: { width: 4096, height: 1024, channels: 3 } })
        .png()
        .toBuffer(),
    );
    const square = new Uint8Array(
      await sharp(detailedPixels(3000, 3000), { raw: { width: 3000, height: 3000, channels: 3 } })
        .jpeg({ quality: 60 })
        .toBuffer(),
    );
    const document = documentWith([
      { name: 'wide', image: wide, mimeType: 'image/png' },
      { name: 'square', image: square, mimeType: 'image/jpeg' },
    ]);
    await optimizeDocument(document);
    const sizes = await Promise.all(
      document
        .getRoot()
        .listTextures()
        .map(async (texture) => {
          const { width, height, format } = await sharp(imageOf(texture)).metadata();
          return [texture.getName(), texture.getMimeType(), format, width, height];
        }),
    );
    expect(sizes).toEqual([
      ['wide', 'image/png', 'png', 2048, 512],
      ['square', 'image/jpeg', 'jpeg', 2048, 2048],
    ]);
  });

  it('leaves an image sharp cannot read as it is, without failing', async () => {
    const damaged = new Uint8Array([
      0x89,
      0x50,
      0x4e,
      0x47,
      0x0d,
      0x0a,
      0x1a,
      0x0a,
      ...new Array(64).fill(7),
    ]);
    const document = documentWith([{ name: 'damaged', image: damaged.slice(), mimeType: 'image/png' }]);
    document.setLogger({ debug() {}, info() {}, warn() {}, error() {} });
    expect(texturesOf(await optimizeDocument(document)).get('damaged')).toEqual(damaged);
  });
});

describe('optimizeDocument on real FBX conversions', () => {
  it.each([
    ['u_max2009_cube_texture_6100_binary.fbx', 1],
    ['u_blender_293_barbarian_7400_binary.fbx', 2],
    ['nb13b_mar_rifle.fbx', 1],
    ['nb13b_duck.fbx', 1],
  ])('makes no texture of %s larger', async (fbxName, textureCount) => {
    const converted = await convertedDocument(fbxName);
    const before = texturesOf(converted);
    expect(before.size).toBe(textureCount);
    const optimized = await optimizeDocument(cloneDocument(converted));
    const after = texturesOf(optimized);
    expect([...after.keys()]).toEqual([...before.keys()]);
    for (const [name, image] of after) {
      expect([name, image.byteLength <= before.get(name)!.byteLength]).toEqual([name, true]);
      const [was, is] = await Promise.all([before.get(name)!, image].map((bytes) => sharp(bytes).metadata()));
      expect([is.format, is.width, is.height]).toEqual([was.format, was.width, was.height]);
    }
    // The optimized glb reads back, its geometry compressed by meshopt.
    const io = await gltfIO();
    const back = await io.readBinary(await io.writeBinary(optimized));
    expect(back.getRoot().listTextures()).toHaveLength(textureCount);
    expect(
      back
        .getRoot()
        .listExtensionsUsed()
        .map((extension) => extension.extensionName),
    ).toContain('EXT_meshopt_compression');
  });
});
