/**
 * Resumable (tus) uploads of model files on their way to a model: the tus file store keeps each upload under
 * STORAGE_DIR/uploads (`{id}` with its bytes, `{id}.json` with its length and metadata) and `uploads` records
 * who started it. A model takes a finished upload of its own user and company (`upload_id`), which moves the bytes
 * into the FileStorage and forgets the upload. Uploads older than UPLOAD_LIFETIME_MS, finished or not, are removed.
 */
import { rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { ServerConfig } from '../config';
import type { DB } from '../db/database';
import { invalidField } from '../http/errors';
import type { Session } from '../auth/session';
import { MODEL_FILE_UPLOAD } from './model-file';

/** A day to finish an upload and create its model. */
export const UPLOAD_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** The tus store's directory (absolute). */
export const uploadDirectory = (config: ServerConfig) => resolve(config.storageDir, 'uploads');

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
  directory: string,
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
  const path = join(directory, row.id);
  const received = await stat(path).catch(() => null);
  if (!received) throw invalidField(field, `The selected ${label} is invalid.`);
  if (received.size !== row.size)
    throw invalidField(field, `The ${label} field must name a finished upload.`);
  return { id: row.id, name: row.file_name, size: row.size, path };
}

/** Removes an upload's files (whatever is left of them) and its record. */
export async function forgetUpload(db: DB, directory: string, id: string): Promise<void> {
  if (!isUploadId(id)) return;
  await Promise.all([
    rm(join(directory, id), { force: true }),
    rm(join(directory, `${id}.json`), { force: true }),
  ]);
  await db.deleteFrom('uploads').where('id', '=', id).execute();
}

/** Removes the uploads started more than UPLOAD_LIFETIME_MS ago; answers how many. */
export async function removeStaleUploads(db: DB, directory: string, now = Date.now()): Promise<number> {
  const stale = await db
    .selectFrom('uploads')
    .select('id')
    .where('created_at', '<', new Date(now - UPLOAD_LIFETIME_MS))
    .execute();
  for (const { id } of stale) await forgetUpload(db, directory, id);
  return stale.length;
}
