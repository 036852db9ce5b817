/**
 * A stored picture held to a bound (issue 42), the server's side of what the portal already does before it
 * sends one: a preview, logo or profile image whose longer side is beyond 2048 px is scaled down to it
 * (proportions kept, EXIF orientation applied) and re-encoded in place, a PNG as PNG, a JPEG as JPEG at quality 85,
 * a BMP as JPEG (PNG where it has transparency); a picture within the bound is kept byte for byte. A picture of
 * more pixels than any decoder here is given (MAX_DECODED_PIXELS: 16383 × 16383) is refused with a 422 on its field,
 * as is a BMP beyond the bound that bmp-ts cannot read. Bytes that only look like an image (a JPEG or PNG signature
 * and nothing sharp can read) are left as they are, as before.
 */
import { readFile, writeFile } from 'node:fs/promises';
import type { Sharp } from 'sharp';
import { invalidField } from '../errors/http-errors';

/** sharp is loaded once a picture is first looked at; the texture decoders once one is beyond the bound. */
const loadSharp = async () => (await import('sharp')).default;
const loadDecoders = () => import('../geometry/texture-images');

/** The longest side a stored picture has (px), as the portal's STORED_IMAGE.maxSide. */
export const STORED_IMAGE_MAX_SIDE = 2048;
const JPEG_QUALITY = 85;

/** Laravel's message for an image that breaks its `dimensions` rule. */
const invalidDimensions = (field: string, label: string) =>
  invalidField(field, `The ${label} field has invalid image dimensions.`);

const withinBound = (width: number, height: number) => Math.max(width, height) <= STORED_IMAGE_MAX_SIDE;

const scaledDown = (image: Sharp) =>
  image.resize({
    width: STORED_IMAGE_MAX_SIDE,
    height: STORED_IMAGE_MAX_SIDE,
    fit: 'inside',
    withoutEnlargement: true,
  });

/** A BMP's size from its header (a negative height is a top-down file); null when the header is cut off. */
function bmpSize(bytes: Buffer): { width: number; height: number } | null {
  if (bytes.length < 26) return null;
  return { width: Math.abs(bytes.readInt32LE(18)), height: Math.abs(bytes.readInt32LE(22)) };
}

async function boundBmp(path: string, field: string, label: string): Promise<string> {
  const bytes = await readFile(path);
  const size = bmpSize(bytes);
  if (!size || withinBound(size.width, size.height)) return 'bmp';
  const [sharp, { decodeBmp, MAX_DECODED_PIXELS }] = await Promise.all([loadSharp(), loadDecoders()]);
  if (size.width * size.height > MAX_DECODED_PIXELS) throw invalidDimensions(field, label);
  const pixels = await decodeBmp(bytes).catch(() => null);
  if (!pixels) throw invalidDimensions(field, label);
  const { data, width, height } = pixels;
  let opaque = true;
  for (let index = 3; index < data.length && opaque; index += 4) opaque = data[index] === 255;
  const image = scaledDown(sharp(data, { raw: { width, height, channels: 4 } }));
  const encoded = opaque
    ? await image.removeAlpha().jpeg({ quality: JPEG_QUALITY }).toBuffer()
    : await image.png().toBuffer();
  await writeFile(path, encoded);
  return opaque ? 'jpeg' : 'png';
}

/**
 * Holds the picture at `path` (of the checked type `extension`: jpeg, png or bmp) to the bound, in place, and
 * answers its type now (a BMP may have become a JPEG or PNG). A 422 on `field` (`label` in words) as above.
 */
export async function boundStoredImage(
  path: string,
  extension: string,
  field: string,
  label = field.replace(/_/g, ' '),
): Promise<string> {
  if (extension === 'bmp') return boundBmp(path, field, label);
  if (extension !== 'jpeg' && extension !== 'png') return extension;
  const sharp = await loadSharp();
  // The header's size, whatever it claims: the bound below says what is refused.
  const metadata = await sharp(path, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!metadata?.width || !metadata.height || withinBound(metadata.width, metadata.height)) return extension;
  const { MAX_DECODED_PIXELS } = await loadDecoders();
  if (metadata.width * metadata.height > MAX_DECODED_PIXELS) throw invalidDimensions(field, label);
  const image = scaledDown(sharp(path, { limitInputPixels: MAX_DECODED_PIXELS }).rotate());
  const encoded = await (
    extension === 'png' ? image.png() : image.jpeg({ quality: JPEG_QUALITY })
  ).toBuffer();
  await writeFile(path, encoded);
  return extension;
}
