/**
 * A model's file as a create or update request brings it: a multipart `file`, or `upload_id`, a finished resumable
 * upload of the same user and company (api/uploads.ts). Either is checked by the model file rules (422 on `file`:
 * type by name and content, 1 byte to MODEL_UPLOAD_MAX_BYTES) and then moved into the FileStorage under
 * `models/{uuid}.{fbx|zip}`; the model keeps the key, the client's file name and the size (`file: {name, size}`).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { UploadKindName } from '../../shared/upload-kinds';
import type { Session } from '../auth/session';
import { invalidField } from '../errors/http-errors';
import { finishedUpload, forgetUpload } from './incoming-uploads';
import {
  acceptModelFile,
  MODEL_FILE_UPLOAD,
  type ModelFileCandidate,
  type ModelFileType,
} from './model-file-rules';
import { UploadedFile } from '../http/multipart-files';
import { requiredField } from '../http/field-checks';
import { STORAGE_FOLDERS, type StorageFolder, storageKey } from '../storage/storage-folders';

export interface ModelFileInput {
  file?: unknown;
  upload_id?: string | null;
}

export interface IncomingModelFile extends ModelFileCandidate {
  type: ModelFileType;
  /** The resumable upload it comes from, forgotten once the file is stored. */
  uploadId: string | null;
}

/** The file the body brings (a multipart `file` wins over `upload_id`), checked; null when it brings none. */
export async function incomingModelFile(
  app: FastifyInstance,
  session: Session,
  body: ModelFileInput,
  required: boolean,
  /** The upload kind `upload_id` must be (upload-kinds.ts), whose types a refusal names. */
  kind: UploadKindName = MODEL_FILE_UPLOAD,
): Promise<IncomingModelFile | null> {
  const { config, db, uploads } = app.ctx;
  let candidate: ModelFileCandidate;
  let uploadId: string | null = null;
  if (body.file instanceof UploadedFile) {
    candidate = { name: body.file.filename, size: body.file.size, path: body.file.path };
  } else if (body.file !== undefined && body.file !== null) {
    throw invalidField('file', 'The file field must be a file.');
  } else if (body.upload_id) {
    const upload = await finishedUpload(db, uploads, session, body.upload_id, 'upload_id', kind);
    candidate = upload;
    uploadId = upload.id;
  } else if (required) {
    throw invalidField('file', requiredField('file'));
  } else {
    return null;
  }
  const type = await acceptModelFile(candidate, 'file', config.modelUploadMaxBytes, kind);
  return { ...candidate, type, uploadId };
}

export interface StoredModelFile {
  file_key: string;
  file_name: string;
  file_size: number;
}

/** Moves an accepted file into the FileStorage (and forgets the upload it came from). */
export async function storeModelFile(
  app: FastifyInstance,
  file: IncomingModelFile,
  /** The storage folder (library items keep theirs in their own). */
  folder: StorageFolder = STORAGE_FOLDERS.modelSources,
): Promise<StoredModelFile> {
  const { storage, db, uploads } = app.ctx;
  const key = storageKey(folder, `${randomUUID()}.${file.type}`);
  try {
    await storage.putFile(key, file.path);
  } catch (error) {
    // Another request took the same upload a moment earlier.
    if (file.uploadId && (error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw invalidField('upload_id', 'The selected upload id is invalid.');
    }
    throw error;
  }
  if (file.uploadId) await forgetUpload(db, uploads, file.uploadId);
  return { file_key: key, file_name: file.name, file_size: file.size };
}
