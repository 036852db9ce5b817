/**
 * A preview image that arrives as a finished resumable upload of the kind `image` (the form sends its id, e.g.
 * `preview_upload_id`): the upload of the session's user in its company, whose bytes are a JPEG, PNG or BMP (by
 * content; a 422 on the field otherwise), held to 2048 px on its longer side (bounded-images.ts, issue 42) and moved
 * into the FileStorage under `{folder}/{uuid}.{type}`. A stored
 * preview is removed again when nothing names it any more (a duplicated material shares its original's).
 */
import { randomUUID } from 'node:crypto';
import type { Session } from '../auth/session';
import type { DB } from '../db/database';
import { invalidField } from '../errors/http-errors';
import { finishedUpload, forgetUpload, type FinishedUpload } from './incoming-uploads';
import { canonicalExtension, sniffExtension } from '../storage/content-types';
import type { FileStorage } from '../storage/storage';
import type { UploadStore } from './upload-store';
import { boundStoredImage } from '../storage/bounded-images';
import { readHead } from '../http/multipart-files';
import { IMAGE_RULES } from '../../shared/image-rules';
import { UPLOAD_KIND_TYPES, type UploadKindName } from '../../shared/upload-kinds';
import { fileUploadKind } from './upload-kind';
import { type StorageFolder, storageKey } from '../storage/storage-folders';

export const IMAGE_UPLOAD = 'image' satisfies UploadKindName;
/** The types of every image the server takes, uploaded or sent with a form: the shared `image` kind's. */
const IMAGE_TYPES: readonly string[] = UPLOAD_KIND_TYPES[IMAGE_UPLOAD];
/** The largest resumable upload of the kind `image` (previews, profile pictures): 3 MB, as spec 2 says. */
export const IMAGE_UPLOAD_MAX_BYTES = IMAGE_RULES.preview.maxKilobytes * 1024;

/** Resumable uploads of images (kind `image`): any signed-in member, up to IMAGE_UPLOAD_MAX_BYTES. */
export const imageUploadKind = fileUploadKind({
  name: IMAGE_UPLOAD,
  ability: null,
  maxBytes: () => IMAGE_UPLOAD_MAX_BYTES,
});

/** The image fields of the forms, each kind of picture declared once for both sides (`acceptUpload(value, field, rule)`). */
export { IMAGE_RULES };

export interface ImageUpload {
  upload: FinishedUpload;
  /** The detected type, the stored file's extension. */
  extension: string;
}

interface Services {
  db: DB;
  uploads: UploadStore;
  storage: FileStorage;
}

/**
 * The finished image upload `id` names; a 422 on `field` when it is none of the user's, unfinished or no image
 * (its type message names `label`, the field's name in words by default).
 */
export async function imageUpload(
  { db, uploads }: Services,
  session: Session,
  id: string,
  field: string,
  label = field.replace(/_/g, ' '),
): Promise<ImageUpload> {
  const upload = await finishedUpload(db, uploads, session, id, field, IMAGE_UPLOAD);
  const sniffed = sniffExtension(await readHead(upload.path));
  const extension = sniffed ? canonicalExtension(sniffed) : null;
  if (!extension || !IMAGE_TYPES.includes(extension)) {
    throw invalidField(field, `The ${label} field must be a file of type: ${IMAGE_TYPES.join(', ')}.`);
  }
  return { upload, extension: await boundStoredImage(upload.path, extension, field, label) };
}

/** Moves the image into the FileStorage and forgets the upload; answers the stored key. */
export async function storeImageUpload(
  { db, uploads, storage }: Services,
  image: ImageUpload,
  folder: StorageFolder,
): Promise<string> {
  const key = storageKey(folder, `${randomUUID()}.${image.extension}`);
  await storage.putFile(key, image.upload.path);
  await forgetUpload(db, uploads, image.upload.id);
  return key;
}

/**
 * The preview an update leaves: the newly stored image when one came, none when the form cleared it
 * (`uploadId` null), else the current one.
 */
export async function updatedPreview(
  services: Services,
  image: ImageUpload | null | undefined,
  uploadId: string | null | undefined,
  current: string | null,
  folder: StorageFolder,
): Promise<string | null> {
  if (image) return storeImageUpload(services, image, folder);
  return uploadId === null ? null : current;
}

/**
 * Runs the write that names a newly stored preview (`stored`, null when none); when it fails, the stored file is
 * removed again, so a failed write leaves storage as it was.
 */
export async function written<T>(
  services: Services,
  stored: string | null,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (stored) await services.storage.delete(stored).catch(() => undefined);
    throw error;
  }
}

/** Removes a stored preview that nothing names any more (`named` says whether a row still does; keys, not URLs). */
export async function removeUnnamedPreview(
  { db, storage }: Services,
  key: string | null,
  named: (db: DB, key: string) => Promise<boolean>,
): Promise<void> {
  if (!key || /^(https?:)?\/\//.test(key) || key.startsWith('/') || key.startsWith('data:')) return;
  if (await named(db, key)) return;
  await storage.delete(key).catch(() => undefined);
}
