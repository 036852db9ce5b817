/**
 * Downloads (spec 2 Tools, §3): files a company offers its users, saved as `name.extension`. Admins create, edit
 * and delete them; the file arrives as a finished resumable upload of the kind `download-file` (`upload_id`).
 */
import { type Static, Type } from '@sinclair/typebox';
import { DateTime, UploadId } from '../schema-types';
import type { UploadKindName } from '../upload-kinds';

/** The upload kind (tus metadata `kind`) of a download's file. */
export const DOWNLOAD_FILE_UPLOAD = 'download-file' satisfies UploadKindName;

/**
 * What a create or an update may write: the name (unique in the company), the extension the file is saved with
 * (`pdf`, `tar.gz`; without the leading dot) and the file's finished upload (required on create; on update it
 * replaces the file).
 */
export const DownloadInputSchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 255 }),
  extension: Type.String({ minLength: 1, maxLength: 16, pattern: '^[A-Za-z0-9]+(\\.[A-Za-z0-9]+)*$' }),
  upload_id: UploadId('download-file'),
});

/** A download as the API answers it. */
export const DownloadSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  extension: Type.String(),
  created_at: DateTime,
  updated_at: DateTime,
});

export type Download = Static<typeof DownloadSchema>;
export type DownloadInput = Static<typeof DownloadInputSchema>;
