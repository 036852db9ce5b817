/**
 * Resumable uploads of a download's file (kind 'download-file'): any type (shared/upload-kinds.ts), 1 byte up to the model upload limit;
 * only administrators start them, as only they create and edit downloads (spec 2 §6).
 */
import { DOWNLOAD_FILE_UPLOAD } from '../../shared/entities/downloads';
import { fileUploadKind } from './upload-kind';

export const downloadUploadKind = fileUploadKind({
  name: DOWNLOAD_FILE_UPLOAD,
  ability: null,
  adminOnly: true,
  maxBytes: (config) => config.modelUploadMaxBytes,
});
