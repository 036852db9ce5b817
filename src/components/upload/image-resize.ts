/**
 * The pictures the browser's canvas draws for an image upload (issue 42):
 * - `resizeForUpload`: the picture to send, the original held to at most 2048 px on its longer side (never
 *   enlarged, proportions kept) and re-encoded, a PNG as PNG (a logo keeps its transparency) and anything else as
 *   JPEG at quality 85;
 * - `thumbnailOf`: the upload widget's thumbnail of a chosen picture (spec 2 §9: 'resize 100x100 cover, quality
 *   50'), its 100×100 cover crop, as an object URL.
 * On iOS the decoded picture is first held within 4096×4096 pixels, the most a canvas may have there. A file the
 * browser cannot decode is sent as it is (the upload's rules and the server say what is wrong with it) and has no
 * thumbnail. The numbers are in src/lib/interface-constants.ts.
 */
import { IMAGE_RULES, imageMediaTypes } from '@shared/image-rules';
import {
  boundedSize,
  canvasPixelLimit,
  coverCrop,
  type CoverCrop,
  isIos,
  STORED_IMAGE,
  UPLOAD_THUMBNAIL,
  withinCanvasLimit,
} from '@/lib/interface-constants';

/** The types the image upload takes (spec 2 §5: JPEG, PNG, BMP); nothing else is touched. */
const DRAWN_TYPES = new Set(imageMediaTypes(IMAGE_RULES.preview));

const encodedType = (file: File) => (file.type === 'image/png' ? 'image/png' : 'image/jpeg');

/** `photo.bmp` sent as JPEG is named `photo.jpg`. */
function renamed(file: File, type: string): string {
  const extension = type === 'image/png' ? 'png' : 'jpg';
  const base = file.name.replace(/\.[^./\\]+$/, '');
  return `${base || 'image'}.${extension}`;
}

async function decode(file: File, ios: boolean): Promise<ImageBitmap | null> {
  if (!DRAWN_TYPES.has(file.type) || typeof createImageBitmap !== 'function') return null;
  try {
    const bitmap = await createImageBitmap(file);
    const held = withinCanvasLimit(bitmap.width, bitmap.height, canvasPixelLimit(ios));
    if (held.width === bitmap.width && held.height === bitmap.height) return bitmap;
    bitmap.close();
    return await createImageBitmap(file, {
      resizeWidth: held.width,
      resizeHeight: held.height,
      resizeQuality: 'high',
    });
  } catch {
    return null;
  }
}

/** Where on a canvas of `width`×`height` a decoded picture is drawn: a part of it (`sx`…) or all of it. */
type Drawing = CoverCrop;

/** The decoded picture drawn as `drawing` says, encoded as `type` at `quality`; null where the canvas fails. */
async function drawn(
  bitmap: ImageBitmap,
  drawing: Drawing,
  type: string,
  quality: number,
): Promise<Blob | null> {
  const canvas = document.createElement('canvas');
  canvas.width = drawing.width;
  canvas.height = drawing.height;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.imageSmoothingQuality = 'high';
  const { sx, sy, sw, sh, width, height } = drawing;
  context.drawImage(bitmap, sx, sy, sw, sh, 0, 0, width, height);
  return new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, quality));
}

/** The file to upload for a chosen picture: its bounded copy, or the file itself where none can be made. */
export async function resizeForUpload(file: File, ios = isIos()): Promise<File> {
  const bitmap = await decode(file, ios);
  if (!bitmap) return file;
  const { width: sw, height: sh } = bitmap;
  const size = boundedSize(sw, sh, STORED_IMAGE.maxSide);
  const type = encodedType(file);
  try {
    const blob = await drawn(bitmap, { sx: 0, sy: 0, sw, sh, ...size }, type, STORED_IMAGE.jpegQuality);
    return blob ? new File([blob], renamed(file, type), { type, lastModified: file.lastModified }) : file;
  } finally {
    bitmap.close();
  }
}

/** The widget's thumbnail of a chosen picture (an object URL, the caller revokes it); null where none is drawn. */
export async function thumbnailOf(file: File, ios = isIos()): Promise<string | null> {
  const bitmap = await decode(file, ios);
  if (!bitmap) return null;
  try {
    const blob = await drawn(
      bitmap,
      coverCrop(bitmap.width, bitmap.height),
      encodedType(file),
      UPLOAD_THUMBNAIL.quality,
    );
    return blob ? URL.createObjectURL(blob) : null;
  } finally {
    bitmap.close();
  }
}
