/**
 * The upload component's image resize (spec 2 §9: 'resize 100x100 cover, quality 50; … canvas limit 4096x4096 on
 * iOS'): a picture chosen for an image upload is sent as its 100×100 cover crop (the centre, at the target's
 * proportions) encoded at quality 50, as PNG when it was one and otherwise JPEG. On iOS the decoded picture is first
 * held within 4096×4096 pixels, the most a canvas may have there. A file the browser cannot decode is sent as it
 * is, so the upload's rules and the server say what is wrong with it. The numbers are in
 * src/lib/interface-constants.ts.
 */
import {
  canvasPixelLimit,
  coverCrop,
  isIos,
  UPLOAD_IMAGE_RESIZE,
  withinCanvasLimit,
} from '@/lib/interface-constants';

/** The types the image upload takes (spec 2 §5: JPEG, PNG, BMP); nothing else is touched. */
const RESIZED_TYPES = new Set(['image/jpeg', 'image/png', 'image/bmp']);

const encodedType = (file: File) => (file.type === 'image/png' ? 'image/png' : 'image/jpeg');

/** `photo.bmp` sent as JPEG is named `photo.jpg`. */
function renamed(file: File, type: string): string {
  const extension = type === 'image/png' ? 'png' : 'jpg';
  const base = file.name.replace(/\.[^./\\]+$/, '');
  return `${base || 'image'}.${extension}`;
}

async function decode(file: File, ios: boolean): Promise<ImageBitmap | null> {
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

/** The file to upload for a chosen picture: its resized copy, or the file itself where none can be made. */
export async function resizeForUpload(file: File, ios = isIos()): Promise<File> {
  if (!RESIZED_TYPES.has(file.type) || typeof createImageBitmap !== 'function') return file;
  const bitmap = await decode(file, ios);
  if (!bitmap) return file;
  const crop = coverCrop(bitmap.width, bitmap.height);
  const canvas = document.createElement('canvas');
  canvas.width = crop.width;
  canvas.height = crop.height;
  const context = canvas.getContext('2d');
  if (!context) {
    bitmap.close();
    return file;
  }
  context.drawImage(bitmap, crop.sx, crop.sy, crop.sw, crop.sh, 0, 0, crop.width, crop.height);
  bitmap.close();
  const type = encodedType(file);
  const blob = await new Promise<Blob | null>((resolve) =>
    canvas.toBlob(resolve, type, UPLOAD_IMAGE_RESIZE.quality),
  );
  return blob ? new File([blob], renamed(file, type), { type, lastModified: file.lastModified }) : file;
}
