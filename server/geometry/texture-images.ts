/**
 * Texture images a browser can draw. Converters and exporters put images in a model that no browser decodes:
 * FBX2glTF embeds an FBX's TGA, BMP, TIFF or PSD files as they are, with the mimeType `image/unknown` (it knows PNG
 * and JPEG only), and the viewer draws such a model white; OBJ+MTL, 3MF and glTF from other tools may bring the
 * same files or an image under a wrong mimeType. `makeImagesViewable` runs on every converted document before the
 * optimizer: each texture's type is told from its bytes (`sniffImageType`, never from its mimeType or name).
 *
 * - PNG, JPEG and WebP stay as they are, their mimeType put right; WebP gets the extension glTF needs for it
 *   (EXT_texture_webp). KTX2 (Basis Universal) is left out like any image the viewer cannot draw: the viewer has
 *   no Basis transcoder (it would be a WebAssembly download of its own for a rare kind of texture).
 * - GIF, TIFF, AVIF and SVG are decoded by sharp, TGA by three.js's TGALoader, BMP by bmp-ts, PSD (its composite
 *   image) by ag-psd, uncompressed DDS by three.js's DDSLoader; the pixels are written as a lossless PNG, top row
 *   first, with an alpha channel only when some pixel is not opaque, and the texture's name and URI take the
 *   `.png` extension (`duckCM.tga` → `duckCM.png`).
 * - A texture no decoder reads (block-compressed DDS: no BC1–BC7 decoder is installed; unknown bytes; a damaged
 *   file) is disposed, which takes it off every material slot that used it (the materials keep their factors).
 *
 * Each conversion and removal is reported, for the pipeline's events. Nothing here throws for an image.
 */
import type { Document, Texture } from '@gltf-transform/core';
import { EXTTextureWebP } from '@gltf-transform/extensions';
import sharp from 'sharp';

export type ImageType =
  'png' | 'jpeg' | 'webp' | 'ktx2' | 'gif' | 'tiff' | 'avif' | 'svg' | 'tga' | 'bmp' | 'psd' | 'dds';

export type ImageReport =
  | {
      name: string;
      from: ImageType;
      to: 'png';
      width: number;
      height: number;
      bytesBefore: number;
      bytesAfter: number;
    }
  | { name: string; from: ImageType | 'unknown'; unsupported: true; reason: string };

/** What a browser decodes as it is: kept byte for byte. */
type KeptType = 'png' | 'jpeg' | 'webp';

const KEPT_MIME_TYPES: Record<KeptType, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};

const isKept = (type: ImageType): type is KeptType => type in KEPT_MIME_TYPES;

/** The file extensions of each type; the first is the one a renamed texture takes. */
const EXTENSIONS: Record<ImageType, readonly string[]> = {
  png: ['png'],
  jpeg: ['jpg', 'jpeg', 'jpe', 'jfif'],
  webp: ['webp'],
  ktx2: ['ktx2'],
  gif: ['gif'],
  tiff: ['tif', 'tiff'],
  avif: ['avif'],
  svg: ['svg'],
  tga: ['tga', 'targa', 'icb', 'vda', 'vst'],
  bmp: ['bmp', 'dib'],
  psd: ['psd', 'psb'],
  dds: ['dds'],
};

/**
 * The most pixels any decoder here is given, read from the file's header before decoding: sharp's own default
 * (`limitInputPixels`), so that a header claiming 65,535 × 65,535 pixels is refused instead of allocated.
 */
export const MAX_DECODED_PIXELS = 0x3fff * 0x3fff;

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, index) => bytes[at + index] === byte);
const ascii = (text: string) => [...text].map((character) => character.charCodeAt(0));
const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

const BMP_HEADER_SIZES = new Set([12, 40, 52, 56, 64, 108, 124]);
const KTX2_SIGNATURE = [0xab, 0x4b, 0x54, 0x58, 0x20, 0x32, 0x30, 0xbb, 0x0d, 0x0a, 0x1a, 0x0a];
const TGA_FOOTER = ascii('TRUEVISION-XFILE.\0');

/** The image type of `bytes` by their magic numbers (TGA, which has none, by a plausible header); null if none. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  if (startsWith(bytes, KTX2_SIGNATURE)) return 'ktx2';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  // Little- and big-endian TIFF, and BigTIFF.
  if (
    [ascii('II*\0'), ascii('MM\0*'), ascii('II+\0'), ascii('MM\0+')].some((magic) => startsWith(bytes, magic))
  )
    return 'tiff';
  if (isAvif(bytes)) return 'avif';
  if (startsWith(bytes, ascii('8BPS')) && (bytes[5] === 1 || bytes[5] === 2)) return 'psd';
  if (startsWith(bytes, ascii('DDS '))) return 'dds';
  // "BM" alone is two bytes: the size of the header that follows the 14-byte file header must be a BMP one.
  if (
    startsWith(bytes, ascii('BM')) &&
    bytes.length >= 18 &&
    BMP_HEADER_SIZES.has(view(bytes).getUint32(14, true))
  )
    return 'bmp';
  if (isSvg(bytes)) return 'svg';
  if (isTga(bytes)) return 'tga';
  return null;
}

/** An ISO media file (`ftyp` box) whose major or compatible brands name AVIF. */
function isAvif(bytes: Uint8Array): boolean {
  if (bytes.length < 16 || !startsWith(bytes, ascii('ftyp'), 4)) return false;
  const boxSize = Math.min(view(bytes).getUint32(0), bytes.length);
  for (let offset = 8; offset + 4 <= boxSize; offset += 4) {
    if (startsWith(bytes, ascii('avif'), offset) || startsWith(bytes, ascii('avis'), offset)) return true;
  }
  return false;
}

/** XML text (after a byte-order mark and white space) with an `<svg` element near its start. */
function isSvg(bytes: Uint8Array): boolean {
  const head = new TextDecoder('utf-8', { fatal: false })
    .decode(bytes.subarray(0, 4096))
    .replace(/^\uFEFF/, '');
  return /^\s*</.test(head) && /<svg[\s>]/.test(head);
}

/**
 * TGA has no magic number: the Truevision footer of TGA 2.0 files, or else a header whose every field is one the
 * format allows (colour-map type 0 or 1 and consistent with the image type, an image type TGA defines, a pixel
 * depth it defines, a non-empty size, the reserved descriptor bits clear).
 */
function isTga(bytes: Uint8Array): boolean {
  if (bytes.length < 18) return false;
  if (bytes.length >= 44 && startsWith(bytes, TGA_FOOTER, bytes.length - TGA_FOOTER.length)) return true;
  const [, colorMapType, imageType] = bytes;
  const indexed = imageType === 1 || imageType === 9;
  if (![1, 2, 3, 9, 10, 11].includes(imageType) || colorMapType > 1 || (indexed && colorMapType !== 1))
    return false;
  if (colorMapType === 1 && ![15, 16, 24, 32].includes(bytes[7])) return false;
  const header = view(bytes);
  return (
    [8, 15, 16, 24, 32].includes(bytes[16]) &&
    header.getUint16(12, true) > 0 &&
    header.getUint16(14, true) > 0 &&
    (bytes[17] & 0xc0) === 0
  );
}

/** Decoded pixels: RGBA, 8 bits a channel, top row first. */
export interface Pixels {
  data: Uint8Array | Uint8ClampedArray;
  width: number;
  height: number;
}

/** An image of a known type that no installed decoder reads. */
class UnsupportedImage extends Error {}

/** A copy of the bytes as an ArrayBuffer of their own, for the three.js loaders' `parse(ArrayBuffer)`. */
const arrayBufferOf = (bytes: Uint8Array): ArrayBuffer => bytes.slice().buffer;

function checkPixelCount(width: number, height: number): void {
  if (width <= 0 || height <= 0) throw new Error(`an image of ${width} × ${height} pixels`);
  if (width * height > MAX_DECODED_PIXELS)
    throw new UnsupportedImage(`${width} × ${height} pixels, more than ${MAX_DECODED_PIXELS} are decoded`);
}

/** An alpha channel all zero holds nothing (TGA and BMP writers leave it unused, bmp-ts fills it so): opaque. */
function opaqueWhenAlphaUnused(pixels: Pixels): Pixels {
  const { data } = pixels;
  for (let index = 3; index < data.length; index += 4) if (data[index] !== 0) return pixels;
  for (let index = 3; index < data.length; index += 4) data[index] = 255;
  return pixels;
}

async function decodeTga(bytes: Uint8Array): Promise<Pixels> {
  const header = view(bytes);
  const width = header.getUint16(12, true);
  const height = header.getUint16(14, true);
  checkPixelCount(width, height);
  // TGALoader reads past the end of a cut-off file as zeros: an uncompressed image must be there whole.
  const [idLength, colorMapType, imageType] = bytes;
  if (imageType === 1 || imageType === 2 || imageType === 3) {
    const colorMapBytes = colorMapType === 1 ? header.getUint16(5, true) * Math.ceil(bytes[7] / 8) : 0;
    const needed = 18 + idLength + colorMapBytes + width * height * Math.ceil(bytes[16] / 8);
    if (bytes.length < needed) throw new Error(`cut off: ${bytes.length} of ${needed} bytes`);
  }
  const { TGALoader } = await import('three/examples/jsm/loaders/TGALoader.js');
  // parse() answers RGBA rows top first whatever corner the file starts from (its descriptor's bits 4 and 5);
  // its `flipY` is for the upload to WebGL.
  const texture = new TGALoader().parse(arrayBufferOf(bytes));
  if (!(texture.data instanceof Uint8Array)) throw new Error('TGALoader gave no pixels');
  return opaqueWhenAlphaUnused({ data: texture.data, width, height });
}

const BMP_RGB = 0;
const BMP_RLE8 = 1;
const BMP_RLE4 = 2;
const BMP_BITFIELDS = 3;
const BMP_ALPHA_BITFIELDS = 6;

/**
 * The BMP as bmp-ts can read it. bmp-ts reads the pixels right after the header and palette, never where the file
 * header says they start: a gap between them is cut out. And a V4/V5 header without bit fields has colour masks of
 * zero (they apply to BI_BITFIELDS only), which bmp-ts takes as masks all the same (every pixel black): they become
 * the masks BI_RGB means.
 */
function bmpForBmpTs(bytes: Uint8Array): Buffer {
  const file = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const pixelsAt = file.readUInt32LE(10);
  const headerSize = file.readUInt32LE(14);
  const bitsPerPixel = file.readUInt16LE(28);
  const compression = file.readUInt32LE(30);
  const colors = file.readUInt32LE(46);
  const maskBytes =
    headerSize === 40
      ? compression === BMP_BITFIELDS
        ? 12
        : compression === BMP_ALPHA_BITFIELDS
          ? 16
          : 0
      : 0;
  const paletteEntries = bitsPerPixel <= 8 || colors > 0 ? colors || 2 ** bitsPerPixel : 0;
  const readFrom = 14 + headerSize + maskBytes + 4 * paletteEntries;
  if (pixelsAt < readFrom) throw new Error('pixel data inside the header');
  const normalized =
    pixelsAt > readFrom
      ? Buffer.concat([file.subarray(0, readFrom), file.subarray(pixelsAt)])
      : Buffer.from(file);
  if (compression === BMP_RGB && headerSize > 40 && (bitsPerPixel === 16 || bitsPerPixel === 32)) {
    const masks = bitsPerPixel === 32 ? [0x00ff0000, 0x0000ff00, 0x000000ff, 0] : [0x7c00, 0x03e0, 0x001f, 0];
    masks.forEach((mask, index) => normalized.writeUInt32LE(mask, 54 + 4 * index));
  }
  return normalized;
}

/** A BMP's pixels, RGBA top row first, by bmp-ts; throws for a BMP it cannot read (also outside models). */
export async function decodeBmp(bytes: Uint8Array): Promise<Pixels> {
  const header = view(bytes);
  const headerSize = header.getUint32(14, true);
  if (headerSize < 40) throw new UnsupportedImage('OS/2 BMP (12-byte header), which bmp-ts does not read');
  const width = header.getInt32(18, true);
  const height = Math.abs(header.getInt32(22, true));
  const bitsPerPixel = header.getUint16(28, true);
  const compression = header.getUint32(30, true);
  checkPixelCount(width, height);
  // bmp-ts decodes these wrongly (run-length pixels land on the wrong bytes; a 4-bit row of odd width ends the
  // image).
  if (compression === BMP_RLE8 || compression === BMP_RLE4)
    throw new UnsupportedImage('run-length-encoded BMP, which bmp-ts decodes wrongly');
  if (bitsPerPixel === 4 && width % 2 === 1) throw new UnsupportedImage('4-bit BMP of odd width');
  const { decode } = await import('bmp-ts');
  // Its default output is A, B, G, R per pixel, top row first (bottom-up files, the default, are turned; a negative
  // height is top-down). Its `toRGBA` option is not used: paletted images ignore it.
  const bmp = decode(bmpForBmpTs(bytes));
  const data = new Uint8Array(bmp.width * bmp.height * 4);
  for (let index = 0; index < data.length; index += 4) {
    data[index] = bmp.data[index + 3];
    data[index + 1] = bmp.data[index + 2];
    data[index + 2] = bmp.data[index + 1];
    data[index + 3] = bmp.data[index];
  }
  return opaqueWhenAlphaUnused({ data, width: bmp.width, height: bmp.height });
}

let psdReaderReady = false;

async function decodePsd(bytes: Uint8Array): Promise<Pixels> {
  const header = view(bytes);
  checkPixelCount(header.getUint32(18), header.getUint32(14));
  const { initializeCanvas, readPsd } = await import('ag-psd');
  if (!psdReaderReady) {
    // ag-psd makes its 8-bit pixel arrays with a canvas's createImageData; the server has no canvas, and with
    // `useImageData` nothing else of a canvas is used.
    initializeCanvas(
      () => {
        throw new Error('no canvas on the server');
      },
      (width, height) => ({
        width,
        height,
        data: new Uint8ClampedArray(width * height * 4),
        colorSpace: 'srgb',
      }),
    );
    psdReaderReady = true;
  }
  const psd = readPsd(bytes, {
    useImageData: true,
    skipLayerImageData: true,
    skipThumbnail: true,
    skipLinkedFilesData: true,
  });
  const image = psd.imageData;
  if (!image) throw new Error('no composite image');
  const source = image.data;
  if (source instanceof Uint8Array || source instanceof Uint8ClampedArray)
    return { data: source, width: image.width, height: image.height };
  // 16- and 32-bit documents, to 8 bits as ag-psd itself draws them on a canvas.
  const data = new Uint8Array(source.length);
  for (let index = 0; index < source.length; index += 1) {
    const value = source[index];
    data[index] =
      source instanceof Uint16Array
        ? value >> 8
        : Math.round(255 * (index % 4 === 3 ? value : Math.pow(Math.min(Math.max(value, 0), 1), 1 / 2.2)));
  }
  return { data, width: image.width, height: image.height };
}

async function decodeDds(bytes: Uint8Array): Promise<Pixels> {
  const header = view(bytes);
  checkPixelCount(header.getUint32(16, true), header.getUint32(12, true));
  const [{ DDSLoader }, { RGBAFormat }] = await Promise.all([
    import('three/examples/jsm/loaders/DDSLoader.js'),
    import('three'),
  ]);
  const dds = new DDSLoader().parse(arrayBufferOf(bytes), false);
  const [top] = dds.mipmaps;
  // DDSLoader turns uncompressed BGR(A) into RGBA rows, top first as DDS stores them; block-compressed formats
  // (DXT/BC) it hands on as they are, for the GPU.
  if (dds.format !== RGBAFormat || !top || dds.isCubemap || !(top.data instanceof Uint8Array))
    throw new UnsupportedImage('block-compressed or cube-map DDS: no BC decoder is installed');
  return { data: top.data, width: top.width, height: top.height };
}

/** GIF (its first frame), TIFF (its first page), AVIF and SVG (at its own size), by sharp, in sRGB. */
async function decodeWithSharp(bytes: Uint8Array): Promise<Pixels> {
  const { data, info } = await sharp(bytes, { limitInputPixels: MAX_DECODED_PIXELS })
    .toColourspace('srgb')
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

const DECODERS: Record<Exclude<ImageType, KeptType>, (bytes: Uint8Array) => Promise<Pixels>> = {
  tga: decodeTga,
  bmp: decodeBmp,
  psd: decodePsd,
  dds: decodeDds,
  ktx2: () =>
    Promise.reject(new UnsupportedImage('KTX2 (Basis Universal) textures are not drawn by the viewer')),
  gif: decodeWithSharp,
  tiff: decodeWithSharp,
  avif: decodeWithSharp,
  svg: decodeWithSharp,
};

/**
 * The pixels as a lossless PNG, RGB when every pixel is opaque. Both zlib filter strategies are tried and the
 * smaller kept: adaptive filtering wins on photographic textures (the rifle's BMP: 54 kB against 75 kB) and loses
 * on flat drawn ones (the kwxport TGAs: 5.4 kB against 3.9 kB). JPEG was measured too (quality 90: 12 and 16 kB for
 * the rifle and the duck, against 54 and 32 kB, but 2 to 6 times larger than PNG on the drawn ones) and left out:
 * lossy, and wrong for normal or roughness maps.
 */
async function encodePng({ data, width, height }: Pixels): Promise<Buffer> {
  let opaque = true;
  for (let index = 3; index < data.length && opaque; index += 4) opaque = data[index] === 255;
  const image = sharp(data, { raw: { width, height, channels: 4 }, limitInputPixels: MAX_DECODED_PIXELS });
  const source = opaque ? image.removeAlpha() : image;
  const [plain, adaptive] = await Promise.all([
    source.clone().png({ compressionLevel: 9 }).toBuffer(),
    source.clone().png({ compressionLevel: 9, adaptiveFiltering: true }).toBuffer(),
  ]);
  return adaptive.length < plain.length ? adaptive : plain;
}

const IMAGE_EXTENSION = new RegExp(`\\.(${Object.values(EXTENSIONS).flat().join('|')})$`, 'i');

/** `name` with the extension of `type` when it ends with the extension of another image type. */
function renamed(name: string, type: ImageType): string {
  const match = IMAGE_EXTENSION.exec(name);
  if (!match || EXTENSIONS[type].includes(match[1].toLowerCase())) return name;
  return `${name.slice(0, match.index)}.${EXTENSIONS[type][0]}`;
}

function relabel(texture: Texture, type: KeptType): void {
  texture
    .setMimeType(KEPT_MIME_TYPES[type])
    .setName(renamed(texture.getName(), type))
    .setURI(renamed(texture.getURI(), type));
}

/** Puts every texture of `document` in a type the browser decodes (see the header); answers what it changed. */
export async function makeImagesViewable(document: Document): Promise<ImageReport[]> {
  const reports: ImageReport[] = [];
  const textures = document.getRoot().listTextures();
  // One texture after another: each may decode to hundreds of megabytes.
  for (const [index, texture] of textures.entries()) {
    const image = texture.getImage();
    // A texture without data (an external file not found) is not an image this step can judge.
    if (!image) continue;
    const name = texture.getName() || texture.getURI() || `texture ${index + 1}`;
    const type = sniffImageType(image);
    const remove = (reason: string) => {
      // Disposing a texture detaches it from every property that refers to it: each material slot (and each
      // extension's, such as clearcoat's) is left without a texture, with its factors as they were.
      texture.dispose();
      reports.push({ name, from: type ?? 'unknown', unsupported: true, reason });
    };
    if (!type) {
      remove('not an image type this server knows');
      continue;
    }
    if (isKept(type)) {
      // Their header must read (sharp stops at a damaged one as a browser would).
      const readable = await sharp(image)
        .metadata()
        .then(() => true)
        .catch(() => false);
      if (!readable) {
        remove(`damaged ${type}`);
        continue;
      }
      if (texture.getMimeType() !== KEPT_MIME_TYPES[type]) relabel(texture, type);
      // glTF needs an extension for WebP; the texture is unusable without it.
      if (type === 'webp') document.createExtension(EXTTextureWebP).setRequired(true);
      continue;
    }
    try {
      const pixels = await DECODERS[type](image);
      const png = await encodePng(pixels);
      texture.setImage(png);
      relabel(texture, 'png');
      reports.push({
        name,
        from: type,
        to: 'png',
        width: pixels.width,
        height: pixels.height,
        bytesBefore: image.byteLength,
        bytesAfter: png.byteLength,
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      remove(error instanceof UnsupportedImage ? message : `unreadable ${type}: ${message}`);
    }
  }
  return reports;
}
