/**
 * Resumable (tus) uploads on their way to the entity that takes them: the upload store (uploads/upload-store.ts:
 * STORAGE_DIR/uploads, or the S3 bucket) keeps the bytes and `uploads` records who started each upload and of
 * which kind. A model takes a finished model-file upload of its own user and company (`upload_id`), which moves
 * the bytes into the FileStorage and forgets the upload. Uploads older than UPLOAD_LIFETIME_MS, finished or not,
 * are removed.
 */
import { resolve } from 'node:path';
import type { ServerConfig } from '../config';
import type { DB } from '../db/database';
import { invalidField } from '../errors/http-errors';
import type { Session } from '../auth/session';
import type { UploadStore } from './upload-store';
import { MODEL_FILE_UPLOAD } from './model-file-rules';
import { STORAGE_FOLDERS } from '../storage/storage-folders';

/** A day to finish an upload and create its model. */
export const UPLOAD_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** The tus file store's directory (absolute) when uploads are kept on disk. */
export const uploadDirectory = (config: ServerConfig) =>
  resolve(config.storageDir, STORAGE_FOLDERS.resumableUploads.path);

/** tus ids are 16 random bytes in hex; anything else is no upload of ours (and never reaches the file system). */
export const isUploadId = (id: string) => /^[0-9a-f]{32}$/.test(id);

export interface FinishedUpload {
  id: string;
  /** The client's file name (`Upload-Metadata: filename`). */
  name: string;
  size: number;
  /** Where its bytes are. */
  path: string;
}

/**
 * The upload `id` of the session's user in the session's company, of the `kind` the caller takes (model files by
 * default), complete; a 422 on `field` otherwise.
 */
export async function finishedUpload(
  db: DB,
  uploads: UploadStore,
  session: Session,
  id: string,
  field = 'upload_id',
  kind = MODEL_FILE_UPLOAD,
): Promise<FinishedUpload> {
  const label = field.replace(/_/g, ' ');
  const row = isUploadId(id)
    ? await db
        .selectFrom('uploads')
        .select(['id', 'file_name', 'size'])
        .where('id', '=', id)
        .where('company_id', '=', session.company.id)
        .where('user_id', '=', session.user.id)
        .where('kind', '=', kind)
        .executeTakeFirst()
    : undefined;
  if (!row) throw invalidField(field, `The selected ${label} is invalid.`);
  const path = await uploads.finishedFile(row.id, row.size);
  if (!path) throw invalidField(field, `The ${label} field must name a finished upload.`);
  return { id: row.id, name: row.file_name, size: row.size, path };
}

/** Removes an upload's files (whatever is left of them) and its record. */
export async function forgetUpload(db: DB, uploads: UploadStore, id: string): Promise<void> {
  if (!isUploadId(id)) return;
  await uploads.remove(id);
  await forgetUploadRecord(db, id);
}

/** Removes only an upload's record: its files are the tus server's to remove (termination). */
export async function forgetUploadRecord(db: DB, id: string): Promise<void> {
  await db.deleteFrom('uploads').where('id', '=', id).execute();
}

/** Removes the uploads started more than UPLOAD_LIFETIME_MS ago; answers how many. */
export async function removeStaleUploads(db: DB, uploads: UploadStore, now = Date.now()): Promise<number> {
  const stale = await db
    .selectFrom('uploads')
    .select('id')
    .where('created_at', '<', new Date(now - UPLOAD_LIFETIME_MS))
    .execute();
  for (const { id } of stale) await forgetUpload(db, uploads, id);
  return stale.length;
}
