/**
 * Texture images a browser can draw (server/geometry/texture-images.ts), on real images first: the TGA and BMP
 * files FBX2glTF embeds, with mimeType image/unknown, when it converts the corpus's duck, kwxport and rifle FBX
 * files; the run-length-encoded TGA an ASCII FBX carries in base64; a real PNG glb and real JPEGs. Each TGA or BMP
 * must become a PNG whose every pixel equals the source's as its format defines it (read here on their own, after
 * the TGA and BMP specifications: pixel order BGR, the first stored row at the bottom unless the TGA descriptor's
 * bit 5 is set or the BMP height is negative), named .png, and the glb must pass the Khronos validator. Formats the
 * corpus lacks are made by the tools that write them (sharp: TIFF, GIF, AVIF, WebP; ag-psd: PSD), or byte by byte
 * after their specification where no installed tool writes them (BMP variants, DDS, SVG text). What no decoder
 * reads is taken off its materials, which keep their factors, and reported.
 */
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Document, type Material, type Texture } from '@gltf-transform/core';
import { writePsdBuffer } from 'ag-psd';
import validator from 'gltf-validator';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unpackArchive } from '../../server/geometry/archive';
import { convertFbx } from '../../server/geometry/fbx-converter';
import { gltfIO } from '../../server/geometry/gltf-io';
import { type ImageReport, makeImagesViewable, sniffImageType } from '../../server/geometry/texture-images';

const CORPUS = fileURLToPath(new URL('../../../shared/corpus/', import.meta.url));

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'texture-images-test-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

let conversions = 0;
/** A corpus FBX as FBX2glTF converts it, read back as a document. */
async function convertedDocument(fbxName: string): Promise<Document> {
  const work = join(folder, `conversion-${(conversions += 1)}`);
  await mkdir(work);
  const glb = await convertFbx(join(CORPUS, 'fbx', fbxName), join(work, 'model'), work);
  return (await gltfIO()).read(glb);
}

/** One file of a corpus zip. */
async function fromZip(zipName: string, entry: string): Promise<Buffer> {
  const work = join(folder, `zip-${(conversions += 1)}`);
  const [file] = await unpackArchive(join(CORPUS, zipName), work, (name) => name === entry);
  return readFile(file.path);
}

interface Rgba {
  data: Uint8Array;
  width: number;
  height: number;
}

/** A PNG (or any image sharp reads) as RGBA rows, top first; and how many channels the file has. */
async function pixelsOf(image: Uint8Array): Promise<Rgba & { channels: number }> {
  const { channels = 0 } = await sharp(image).metadata();
  const { data, info } = await sharp(image).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), width: info.width, height: info.height, channels };
}

const row = (image: Rgba, y: number) => image.data.subarray(y * image.width * 4, (y + 1) * image.width * 4);
const pixel = (image: Rgba, x: number, y: number) => [
  ...image.data.subarray((y * image.width + x) * 4, (y * image.width + x) * 4 + 4),
];

/**
 * A true-colour TGA (image type 2, or 10 run-length encoded; 24 or 32 bits) read after the TGA specification, for
 * comparison: header of 18 bytes and an image ID, BGR(A) pixels, packets of 1 + 0–127 pixels (high bit: one pixel
 * repeated), the first stored row at the bottom unless descriptor bit 5 says top.
 */
function tgaReference(bytes: Uint8Array): Rgba {
  const width = bytes[12] | (bytes[13] << 8);
  const height = bytes[14] | (bytes[15] << 8);
  const depth = bytes[16] / 8;
  const topFirst = (bytes[17] & 0x20) !== 0;
  const stored: number[][] = [];
  let offset = 18 + bytes[0];
  const readPixel = () => {
    const [b, g, r, a = 255] = bytes.subarray(offset, (offset += depth));
    return [r, g, b, a];
  };
  while (stored.length < width * height) {
    if (bytes[2] === 2) stored.push(readPixel());
    else {
      const packet = bytes[offset++];
      const count = (packet & 0x7f) + 1;
      if (packet & 0x80) {
        const repeated = readPixel();
        for (let index = 0; index < count; index += 1) stored.push(repeated);
      } else for (let index = 0; index < count; index += 1) stored.push(readPixel());
    }
  }
  const data = new Uint8Array(width * height * 4);
  stored.forEach((rgba, index) => {
    const storedRow = Math.floor(index / width);
    const y = topFirst ? storedRow : height - 1 - storedRow;
    data.set(rgba, (y * width + (index % width)) * 4);
  });
  return { data, width, height };
}

/** A 24-bit BMP read after the BMP specification: BGR rows padded to 4 bytes, bottom first when the height is positive. */
function bmp24Reference(bytes: Uint8Array): Rgba {
  const file = Buffer.from(bytes);
  const pixelsAt = file.readUInt32LE(10);
  const width = file.readInt32LE(18);
  const storedHeight = file.readInt32LE(22);
  const height = Math.abs(storedHeight);
  const stride = Math.ceil((width * 3) / 4) * 4;
  const data = new Uint8Array(width * height * 4);
  for (let storedRow = 0; storedRow < height; storedRow += 1) {
    const y = storedHeight > 0 ? height - 1 - storedRow : storedRow;
    for (let x = 0; x < width; x += 1) {
      const at = pixelsAt + storedRow * stride + x * 3;
      data.set([file[at + 2], file[at + 1], file[at], 255], (y * width + x) * 4);
    }
  }
  return { data, width, height };
}

const textureNamed = (document: Document, name: string): Texture => {
  const texture = document
    .getRoot()
    .listTextures()
    .find((candidate) => candidate.getName() === name);
  if (!texture) throw new Error(`no texture ${name}`);
  return texture;
};

const imageOf = (texture: Texture): Uint8Array => {
  const image = texture.getImage();
  if (!image) throw new Error(`texture ${texture.getName()} has no image`);
  return image;
};

async function validationErrors(document: Document): Promise<string[]> {
  const glb = await (await gltfIO()).writeBinary(document);
  const report = await validator.validateBytes(glb);
  return report.issues.messages
    .filter((message) => message.severity === 0)
    .map((message) => `${message.code} ${message.pointer ?? ''}`);
}

interface TextureInput {
  name: string;
  image: Uint8Array;
  mimeType?: string;
}

/**
 * A document a glb can be written from: one triangle, with UVs, per texture, each with a material of its own that
 * shows the texture as its base colour.
 */
function documentWith(textures: TextureInput[]): { document: Document; materials: Material[] } {
  const document = new Document();
  const buffer = document.createBuffer();
  const scene = document.createScene();
  const materials = textures.map(({ name, image, mimeType = 'image/unknown' }) => {
    const texture = document.createTexture(name).setImage(image).setMimeType(mimeType);
    const material = document.createMaterial(name).setBaseColorTexture(texture);
    const position = document
      .createAccessor()
      .setType('VEC3')
      .setArray(new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]))
      .setBuffer(buffer);
    const uv = document
      .createAccessor()
      .setType('VEC2')
      .setArray(new Float32Array([0, 1, 1, 1, 0, 0]))
      .setBuffer(buffer);
    const primitive = document
      .createPrimitive()
      .setAttribute('POSITION', position)
      .setAttribute('TEXCOORD_0', uv)
      .setMaterial(material);
    scene.addChild(document.createNode(name).setMesh(document.createMesh(name).addPrimitive(primitive)));
    return material;
  });
  return { document, materials };
}

/** One texture through makeImagesViewable: its report and what the texture became. */
async function viewable(input: TextureInput) {
  const { document, materials } = documentWith([input]);
  const reports = await makeImagesViewable(document);
  const texture = materials[0].getBaseColorTexture();
  return { document, reports, texture, material: materials[0] };
}

describe('images FBX2glTF embeds from the corpus FBX files', () => {
  let duck: Document;
  let kwxport: Document;
  let rifle: Document;
  const before = new Map<string, Uint8Array>();
  const reports = new Map<Document, ImageReport[]>();
  const validationBefore = new Map<Document, string[]>();

  beforeAll(async () => {
    [duck, kwxport, rifle] = await Promise.all(
      ['nb13b_duck.fbx', 'nb13b_kwxport_test_vcolors.fbx', 'nb13b_mar_rifle.fbx'].map(convertedDocument),
    );
    for (const document of [duck, kwxport, rifle]) {
      for (const texture of document.getRoot().listTextures())
        before.set(texture.getName(), imageOf(texture).slice());
      validationBefore.set(document, await validationErrors(document));
      reports.set(document, await makeImagesViewable(document));
    }
  });

  it('finds what the embedded images really are, whatever FBX2glTF called them', () => {
    expect(Object.fromEntries([...before].map(([name, bytes]) => [name, sniffImageType(bytes)]))).toEqual({
      'duckCM.tga': 'tga',
      'bottom.tga': 'tga',
      'top.tga': 'tga',
      'updown.tga': 'tga',
      'm_rifl.bmp': 'bmp',
    });
    // The glb FBX2glTF wrote is invalid for it: image/unknown is not a glTF image type.
    for (const errors of validationBefore.values())
      expect(errors.join()).toContain('TEXTURE_INVALID_IMAGE_MIME_TYPE');
  });

  it("turns the duck's 512² TGA into a PNG of the same pixels, top row first", async () => {
    expect(reports.get(duck)).toEqual([
      {
        name: 'duckCM.tga',
        from: 'tga',
        to: 'png',
        width: 512,
        height: 512,
        bytesBefore: 786_476,
        bytesAfter: expect.any(Number),
      },
    ]);
    const texture = textureNamed(duck, 'duckCM.png');
    expect(texture.getMimeType()).toBe('image/png');
    expect(sniffImageType(imageOf(texture))).toBe('png');
    const source = before.get('duckCM.tga')!;
    // The file stores its rows bottom first (descriptor 0x00).
    expect(source[17] & 0x20).toBe(0);
    const png = await pixelsOf(imageOf(texture));
    const reference = tgaReference(source);
    expect([png.width, png.height]).toEqual([512, 512]);
    expect(png.channels).toBe(3);
    expect(Buffer.compare(Buffer.from(png.data), Buffer.from(reference.data))).toBe(0);
    // The PNG's top row is the TGA's last stored row: its BGR bytes just before the 26-byte TGA 2.0 footer.
    const lastStoredRow = source.subarray(source.length - 26 - 512 * 3, source.length - 26);
    expect(pixel(png, 0, 0).slice(0, 3)).toEqual([lastStoredRow[2], lastStoredRow[1], lastStoredRow[0]]);
    expect(reports.get(duck)![0]).toMatchObject({ bytesAfter: imageOf(texture).byteLength });
  });

  it("turns kwxport's three TGAs into PNGs the right way up", async () => {
    expect(reports.get(kwxport)?.map((report) => [report.name, 'to' in report && report.to])).toEqual([
      ['bottom.tga', 'png'],
      ['top.tga', 'png'],
      ['updown.tga', 'png'],
    ]);
    for (const name of ['bottom', 'top', 'updown']) {
      const png = await pixelsOf(imageOf(textureNamed(kwxport, `${name}.png`)));
      expect(
        Buffer.compare(Buffer.from(png.data), Buffer.from(tgaReference(before.get(`${name}.tga`)!).data)),
      ).toBe(0);
    }
    // updown.tga says "UP" in red at its top left and "DOWN" in blue at its bottom right.
    const updown = await pixelsOf(imageOf(textureNamed(kwxport, 'updown.png')));
    const count = (x0: number, y0: number, test: (rgba: number[]) => boolean) => {
      let found = 0;
      for (let y = y0; y < y0 + 128; y += 1)
        for (let x = x0; x < x0 + 128; x += 1) if (test(pixel(updown, x, y))) found += 1;
      return found;
    };
    const red = ([r, g, b]: number[]) => r > 180 && g < 80 && b < 80;
    const blue = ([r, g, b]: number[]) => b > 180 && r < 80 && g < 80;
    expect(count(0, 0, red)).toBeGreaterThan(100);
    expect(count(128, 128, blue)).toBeGreaterThan(100);
    expect(count(0, 128, red) + count(128, 0, red)).toBe(0);
    expect(count(0, 0, blue) + count(128, 0, blue) + count(0, 128, blue)).toBe(0);
  });

  it("turns the rifle's 24-bit BMP (the zip's m_rifl.bmp) into a PNG of the same pixels", async () => {
    const zipped = await fromZip('fbx/z_mar_rifle_bin_bmp.zip', 'm_rifl.bmp');
    expect(Buffer.compare(zipped, Buffer.from(before.get('m_rifl.bmp')!))).toBe(0);
    expect(reports.get(rifle)).toEqual([
      {
        name: 'm_rifl.bmp',
        from: 'bmp',
        to: 'png',
        width: 256,
        height: 256,
        bytesBefore: 196_662,
        bytesAfter: expect.any(Number),
      },
    ]);
    const texture = textureNamed(rifle, 'm_rifl.png');
    expect(texture.getMimeType()).toBe('image/png');
    const png = await pixelsOf(imageOf(texture));
    const reference = bmp24Reference(zipped);
    // A bottom-up file (positive height): its first stored row is the PNG's last.
    expect(zipped.readInt32LE(22)).toBe(256);
    expect(Buffer.compare(Buffer.from(png.data), Buffer.from(reference.data))).toBe(0);
    expect(pixel(png, 0, 255).slice(0, 3)).toEqual([zipped[56], zipped[55], zipped[54]]);
  });

  it('leaves documents the glTF validator finds no error in', async () => {
    for (const document of [duck, kwxport, rifle]) expect(await validationErrors(document)).toEqual([]);
  });
});

describe('the run-length-encoded TGA an ASCII FBX embeds', () => {
  it('becomes a PNG of the same pixels', async () => {
    const fbx = await readFile(join(CORPUS, 'fbx/t_box_orphant_embedded_texture.fbx'), 'latin1');
    const content = /Content: ,\s*"([^"]+)"/.exec(fbx)?.[1];
    const tga = new Uint8Array(Buffer.from(content ?? '', 'base64'));
    // Image type 10 (RLE true colour), 256 × 256, 24 bits, no TGA 2.0 footer.
    expect([tga[2], tga[16]]).toEqual([10, 24]);
    expect(sniffImageType(tga)).toBe('tga');
    const { reports, texture, document } = await viewable({ name: 'GridGrey.tga', image: tga });
    expect(reports).toEqual([
      expect.objectContaining({ name: 'GridGrey.tga', from: 'tga', to: 'png', width: 256 }),
    ]);
    expect(texture?.getName()).toBe('GridGrey.png');
    const png = await pixelsOf(imageOf(texture!));
    expect(Buffer.compare(Buffer.from(png.data), Buffer.from(tgaReference(tga).data))).toBe(0);
    // Its first packets (8 light, 241 mid grey, 7 light pixels) are the bottom row.
    expect([pixel(png, 0, 255), pixel(png, 8, 255), pixel(png, 249, 255)]).toEqual([
      [234, 234, 234, 255],
      [143, 143, 143, 255],
      [234, 234, 234, 255],
    ]);
    expect(await validationErrors(document)).toEqual([]);
  });
});

describe('images a browser already decodes', () => {
  it("leaves a real glb's PNG byte for byte as it was", async () => {
    const document = await (await gltfIO()).read(join(CORPUS, 'formats/BoxTextured.glb'));
    const [texture] = document.getRoot().listTextures();
    const bytes = imageOf(texture).slice();
    expect(sniffImageType(bytes)).toBe('png');
    expect(await makeImagesViewable(document)).toEqual([]);
    expect(imageOf(texture)).toEqual(bytes);
    expect(texture.getMimeType()).toBe('image/png');
  });

  it('keeps real JPEGs as they are, and puts a wrong mimeType and extension right', async () => {
    const jpeg = new Uint8Array(await fromZip('formats/spider_obj_textured.zip', 'SpiderTex.jpg'));
    const right = await viewable({ name: 'SpiderTex.jpg', image: jpeg.slice(), mimeType: 'image/jpeg' });
    const wrong = await viewable({ name: 'SpiderTex.tga', image: jpeg.slice(), mimeType: 'image/unknown' });
    for (const { reports, texture } of [right, wrong]) {
      expect(reports).toEqual([]);
      expect(imageOf(texture!)).toEqual(jpeg);
      expect(texture?.getMimeType()).toBe('image/jpeg');
      expect(texture?.getName()).toBe('SpiderTex.jpg');
    }
    expect(await validationErrors(wrong.document)).toEqual([]);
  });

  it('keeps a WebP with the extension glTF needs for it', async () => {
    const webp = new Uint8Array(
      await sharp(await fromZip('formats/spider_obj_textured.zip', 'SpiderTex.jpg'))
        .webp()
        .toBuffer(),
    );
    const { reports, texture, document } = await viewable({
      name: 'spider.png',
      image: webp.slice(),
      mimeType: 'image/png',
    });
    expect(reports).toEqual([]);
    expect(imageOf(texture!)).toEqual(webp);
    expect([texture?.getMimeType(), texture?.getName()]).toEqual(['image/webp', 'spider.webp']);
    const extension = document
      .getRoot()
      .listExtensionsUsed()
      .find((used) => used.extensionName === 'EXT_texture_webp');
    expect(extension?.isRequired()).toBe(true);
    expect(await validationErrors(document)).toEqual([]);
  });

  it('leaves out a KTX2 texture, which the viewer has no transcoder for, and says so', async () => {
    const ktx2 = new Uint8Array([
      0xab,
      0x4b,
      0x54,
      0x58,
      0x20,
      0x32,
      0x30,
      0xbb,
      0x0d,
      0x0a,
      0x1a,
      0x0a,
      ...new Array(68).fill(0),
    ]);
    expect(sniffImageType(ktx2)).toBe('ktx2');
    const { reports, document } = await viewable({ name: 'basis', image: ktx2.slice() });
    expect(reports).toEqual([expect.objectContaining({ name: 'basis', from: 'ktx2', unsupported: true })]);
    expect(document.getRoot().listTextures()).toEqual([]);
  });
});

describe('images no decoder reads', () => {
  it('are taken off every material slot that used them, the materials keeping their factors, and reported', async () => {
    const { document, materials } = documentWith([
      { name: 'garbage.tga', image: new TextEncoder().encode('not an image at all') },
    ]);
    const [material] = materials;
    const garbage = material.getBaseColorTexture()!;
    const second = document
      .createMaterial('second')
      .setEmissiveTexture(garbage)
      .setEmissiveFactor([1, 0.5, 0]);
    material.setBaseColorFactor([0.8, 0.2, 0.1, 1]);
    const reports = await makeImagesViewable(document);
    expect(reports).toEqual([
      { name: 'garbage.tga', from: 'unknown', unsupported: true, reason: expect.any(String) },
    ]);
    expect(document.getRoot().listTextures()).toEqual([]);
    expect(garbage.isDisposed()).toBe(true);
    expect(material.getBaseColorTexture()).toBeNull();
    expect(material.getBaseColorFactor()).toEqual([0.8, 0.2, 0.1, 1]);
    expect(second.getEmissiveTexture()).toBeNull();
    expect(second.getEmissiveFactor()).toEqual([1, 0.5, 0]);
    expect(await validationErrors(document)).toEqual([]);
  });

  it('include real TGA and BMP files cut short, reported under their type', async () => {
    const duck = await convertedDocument('nb13b_duck.fbx');
    const tga = imageOf(duck.getRoot().listTextures()[0]);
    const bmp = new Uint8Array(await fromZip('fbx/z_mar_rifle_bin_bmp.zip', 'm_rifl.bmp'));
    const { document } = documentWith([
      { name: 'duckCM.tga', image: tga.slice(0, 100_000) },
      { name: 'm_rifl.bmp', image: bmp.slice(0, 50_000) },
    ]);
    const reports = await makeImagesViewable(document);
    expect(reports).toEqual([
      { name: 'duckCM.tga', from: 'tga', unsupported: true, reason: expect.stringContaining('cut off') },
      { name: 'm_rifl.bmp', from: 'bmp', unsupported: true, reason: expect.any(String) },
    ]);
    expect(document.getRoot().listTextures()).toEqual([]);
  });

  it('include block-compressed DDS (no BC decoder is installed) and a PNG whose header is damaged', async () => {
    const dxt1 = dds(
      8,
      8,
      { flags: 0x4, fourCC: 0x31545844, bitCount: 0, masks: [0, 0, 0, 0] },
      new Uint8Array(32),
    );
    const png = new Uint8Array(
      await sharp({ create: { width: 4, height: 4, channels: 3, background: '#123456' } })
        .png()
        .toBuffer(),
    );
    png.fill(0xee, 12, 40);
    const { document } = documentWith([
      { name: 'bricks.dds', image: dxt1 },
      { name: 'broken.png', image: png, mimeType: 'image/png' },
    ]);
    const reports = await makeImagesViewable(document);
    expect(reports).toEqual([
      {
        name: 'bricks.dds',
        from: 'dds',
        unsupported: true,
        reason: expect.stringContaining('block-compressed'),
      },
      { name: 'broken.png', from: 'png', unsupported: true, reason: expect.any(String) },
    ]);
  });
});

/** A 32 × 16 image with a gradient, flat colours and a diagonal: rows and columns all differ. */
async function photoLike(channels: 3 | 4 = 3): Promise<Rgba> {
  const width = 32;
  const height = 16;
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1)
      data.set([x * 8, y * 16, x === y ? 255 : 40, channels === 4 && x < 4 ? 0 : 255], (y * width + x) * 4);
  return { data, width, height };
}

const rawImage = ({ data, width, height }: Rgba) => sharp(data, { raw: { width, height, channels: 4 } });

describe('images in formats the corpus lacks', () => {
  it('TIFF (written by sharp) becomes a PNG of the same pixels', async () => {
    const source = await photoLike();
    const tiff = new Uint8Array(await rawImage(source).removeAlpha().tiff({ compression: 'lzw' }).toBuffer());
    expect(sniffImageType(tiff)).toBe('tiff');
    const { reports, texture } = await viewable({ name: 'wall.tif', image: tiff });
    expect(reports).toEqual([expect.objectContaining({ from: 'tiff', to: 'png', width: 32, height: 16 })]);
    expect(texture?.getName()).toBe('wall.png');
    const png = await pixelsOf(imageOf(texture!));
    expect(png.channels).toBe(3);
    expect(png.data).toEqual(source.data);
  });

  it('GIF (written by sharp) keeps its transparency', async () => {
    const source = await photoLike(4);
    // Few enough colours for GIF's palette: the gradient in steps of 64.
    source.data.forEach((value, index) => {
      if (index % 4 !== 3) source.data[index] = value & 0xc0;
    });
    const gif = new Uint8Array(await rawImage(source).gif().toBuffer());
    expect(sniffImageType(gif)).toBe('gif');
    const { reports, texture } = await viewable({ name: 'leaves.gif', image: gif });
    expect(reports).toEqual([expect.objectContaining({ from: 'gif', to: 'png' })]);
    const png = await pixelsOf(imageOf(texture!));
    expect(png.channels).toBe(4);
    expect(pixel(png, 0, 0)[3]).toBe(0);
    expect(pixel(png, 10, 5)).toEqual(pixel(source, 10, 5));
  });

  it('AVIF (written by sharp) becomes a PNG of about the same colours', async () => {
    const source = await sharp({
      create: { width: 64, height: 32, channels: 3, background: { r: 200, g: 120, b: 40 } },
    })
      .avif()
      .toBuffer();
    expect(sniffImageType(source)).toBe('avif');
    const { reports, texture } = await viewable({ name: 'paint.avif', image: new Uint8Array(source) });
    expect(reports).toEqual([expect.objectContaining({ from: 'avif', to: 'png', width: 64, height: 32 })]);
    const [r, g, b] = pixel(await pixelsOf(imageOf(texture!)), 20, 20);
    expect(Math.abs(r - 200) + Math.abs(g - 120) + Math.abs(b - 40)).toBeLessThan(12);
  });

  it('SVG is drawn at its own size, top first', async () => {
    const svg = new TextEncoder().encode(
      '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10">' +
        '<rect width="20" height="5" fill="#ff0000"/><rect y="5" width="20" height="5" fill="#0000ff"/></svg>',
    );
    expect(sniffImageType(svg)).toBe('svg');
    const { reports, texture } = await viewable({ name: 'logo.svg', image: svg });
    expect(reports).toEqual([expect.objectContaining({ from: 'svg', to: 'png', width: 20, height: 10 })]);
    const png = await pixelsOf(imageOf(texture!));
    expect([pixel(png, 10, 1), pixel(png, 10, 8)]).toEqual([
      [255, 0, 0, 255],
      [0, 0, 255, 255],
    ]);
  });

  it('PSD (written by ag-psd) gives its composite image with its alpha', async () => {
    const source = await photoLike(4);
    const psd = new Uint8Array(
      writePsdBuffer({
        width: source.width,
        height: source.height,
        imageData: { width: source.width, height: source.height, data: new Uint8ClampedArray(source.data) },
      }),
    );
    expect(sniffImageType(psd)).toBe('psd');
    const { reports, texture } = await viewable({ name: 'decal.psd', image: psd });
    expect(reports).toEqual([expect.objectContaining({ from: 'psd', to: 'png', width: 32, height: 16 })]);
    const png = await pixelsOf(imageOf(texture!));
    expect(png.channels).toBe(4);
    expect(pixel(png, 0, 0)[3]).toBe(0);
    expect([pixel(png, 4, 0), pixel(png, 31, 15), pixel(png, 7, 7)]).toEqual([
      pixel(source, 4, 0),
      pixel(source, 31, 15),
      pixel(source, 7, 7),
    ]);
  });

  it('BMP: 8-bit paletted top-down, 32-bit with an alpha mask, 32-bit in a V5 header without masks', async () => {
    const source = await photoLike(4);
    const { width, height } = source;
    // Paletted, top-down (negative height), 6 bytes between the palette and the pixels: the pixel at (x, y) is
    // entry (x + y) % 4 of a palette of four BGRA quads.
    const palette = [
      [255, 0, 0, 0],
      [0, 255, 0, 0],
      [0, 0, 255, 0],
      [40, 80, 120, 0],
    ];
    const indices = new Uint8Array(width * height).map(
      (_, index) => ((index % width) + Math.floor(index / width)) % 4,
    );
    const paletted = bmp(width, -height, 8, indices, { palette, gap: 6 });
    // 32-bit BGRA with BI_BITFIELDS masks and an alpha mask (BITMAPV4HEADER), bottom-up.
    const bgra = new Uint8Array(width * height * 4);
    for (let y = 0; y < height; y += 1)
      for (let x = 0; x < width; x += 1) {
        const [r, g, b, a] = pixel(source, x, y);
        bgra.set([b, g, r, a], ((height - 1 - y) * width + x) * 4);
      }
    const withAlpha = bmp(width, height, 32, bgra, {
      headerSize: 108,
      compression: 3,
      masks: [0x00ff0000, 0x0000ff00, 0x000000ff, 0xff000000],
    });
    // The same pixels, BI_RGB in a BITMAPV5HEADER whose masks are zero: no alpha.
    const v5 = bmp(width, height, 32, bgra, { headerSize: 124, compression: 0, masks: [0, 0, 0, 0] });

    const { document, materials } = documentWith([
      { name: 'paletted.bmp', image: paletted },
      { name: 'alpha.bmp', image: withAlpha },
      { name: 'v5.bmp', image: v5 },
    ]);
    const reports = await makeImagesViewable(document);
    expect(reports.map((report) => [report.name, report.from, 'to' in report && report.to])).toEqual([
      ['paletted.bmp', 'bmp', 'png'],
      ['alpha.bmp', 'bmp', 'png'],
      ['v5.bmp', 'bmp', 'png'],
    ]);
    const [palettedPng, alphaPng, v5Png] = await Promise.all(
      materials.map((material) => pixelsOf(imageOf(material.getBaseColorTexture()!))),
    );
    expect(palettedPng.channels).toBe(3);
    for (const [x, y] of [
      [0, 0],
      [1, 0],
      [2, 0],
      [3, 0],
      [0, 1],
      [0, 3],
      [5, height - 1],
      [width - 1, height - 1],
    ]) {
      const [b, g, r] = palette[(x + y) % 4];
      expect([x, y, pixel(palettedPng, x, y)]).toEqual([x, y, [r, g, b, 255]]);
    }
    expect(alphaPng.channels).toBe(4);
    expect(alphaPng.data).toEqual(source.data);
    expect(v5Png.channels).toBe(3);
    expect(pixel(v5Png, 0, 0)).toEqual([...pixel(source, 0, 0).slice(0, 3), 255]);
    expect(row(v5Png, 9).filter((_, index) => index % 4 !== 3)).toEqual(
      row(source, 9).filter((_, index) => index % 4 !== 3),
    );
  });

  it('DDS without compression (32-bit BGRA) becomes a PNG, top row first', async () => {
    const source = await photoLike(4);
    const bgra = new Uint8Array(source.data.length);
    for (let index = 0; index < bgra.length; index += 4) {
      const [r, g, b, a] = source.data.subarray(index, index + 4);
      bgra.set([b, g, r, a], index);
    }
    const file = dds(
      source.width,
      source.height,
      { flags: 0x41, fourCC: 0, bitCount: 32, masks: [0x00ff0000, 0x0000ff00, 0x000000ff, 0xff000000] },
      bgra,
    );
    expect(sniffImageType(file)).toBe('dds');
    const { reports, texture } = await viewable({ name: 'metal.dds', image: file });
    expect(reports).toEqual([expect.objectContaining({ from: 'dds', to: 'png', width: 32, height: 16 })]);
    expect((await pixelsOf(imageOf(texture!))).data).toEqual(source.data);
  });
});

describe('sniffImageType', () => {
  it('finds no image in any of the corpus files, which are all models', async () => {
    for (const part of ['fbx', 'formats']) {
      for (const name of await readdir(join(CORPUS, part))) {
        const bytes = await readFile(join(CORPUS, part, name));
        expect([name, sniffImageType(bytes)]).toEqual([name, null]);
      }
    }
  });

  it('answers null for empty and short inputs', () => {
    expect(sniffImageType(new Uint8Array())).toBeNull();
    expect(sniffImageType(new Uint8Array([0x89, 0x50]))).toBeNull();
    expect(sniffImageType(new TextEncoder().encode('BM'))).toBeNull();
  });
});

interface BmpOptions {
  headerSize?: number;
  /** Bytes between the palette and the pixels (the file header's offset says where the pixels are). */
  gap?: number;
  compression?: number;
  masks?: number[];
  palette?: number[][];
}

/**
 * A BMP after the specification: the 14-byte file header, an info header of `headerSize` bytes (colour masks at
 * its byte 40 when larger than 40), the palette's BGRA quads, `gap` bytes, then the rows as given, each padded to
 * 4 bytes.
 */
function bmp(
  width: number,
  height: number,
  bitsPerPixel: number,
  pixels: Uint8Array,
  options: BmpOptions = {},
): Uint8Array {
  const { headerSize = 40, compression = 0, masks = [], palette = [], gap = 0 } = options;
  const rowBytes = (Math.abs(width) * bitsPerPixel) / 8;
  const stride = Math.ceil(rowBytes / 4) * 4;
  const rows = Math.abs(height);
  const pixelsAt = 14 + headerSize + palette.length * 4 + gap;
  const file = Buffer.alloc(pixelsAt + stride * rows);
  file.write('BM', 0, 'latin1');
  file.writeUInt32LE(file.length, 2);
  file.writeUInt32LE(pixelsAt, 10);
  file.writeUInt32LE(headerSize, 14);
  file.writeInt32LE(width, 18);
  file.writeInt32LE(height, 22);
  file.writeUInt16LE(1, 26);
  file.writeUInt16LE(bitsPerPixel, 28);
  file.writeUInt32LE(compression, 30);
  file.writeUInt32LE(stride * rows, 34);
  file.writeInt32LE(2835, 38);
  file.writeInt32LE(2835, 42);
  file.writeUInt32LE(palette.length, 46);
  if (headerSize > 40) masks.forEach((mask, index) => file.writeUInt32LE(mask >>> 0, 54 + index * 4));
  palette.forEach((quad, index) => file.set(quad, 14 + headerSize + index * 4));
  for (let y = 0; y < rows; y += 1)
    file.set(pixels.subarray(y * rowBytes, (y + 1) * rowBytes), pixelsAt + y * stride);
  return new Uint8Array(file);
}

interface DdsPixelFormat {
  flags: number;
  fourCC: number;
  bitCount: number;
  masks: number[];
}

/** A DDS after the specification: "DDS ", a 124-byte header with its 32-byte pixel format, then the data. */
function dds(width: number, height: number, format: DdsPixelFormat, data: Uint8Array): Uint8Array {
  const header = new Uint32Array(32);
  header[0] = 0x20534444;
  header[1] = 124;
  header[2] = 0x1 | 0x2 | 0x4 | 0x1000;
  header[3] = height;
  header[4] = width;
  header[19] = 32;
  header[20] = format.flags;
  header[21] = format.fourCC;
  header[22] = format.bitCount;
  format.masks.forEach((mask, index) => (header[23 + index] = mask));
  header[27] = 0x1000;
  const file = new Uint8Array(128 + data.length);
  file.set(new Uint8Array(header.buffer), 0);
  file.set(data, 128);
  return file;
}
