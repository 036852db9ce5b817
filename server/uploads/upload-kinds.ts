/**
 * The server's side of each kind of resumable upload: its ability and size limit (its name and file types are the
 * shared declaration's, shared/upload-kinds.ts, which the portal checks a file against too), each declared once in
 * its own module beside what uses it (`*-upload-kind.ts`, the image kind with the image rules in image-uploads.ts).
 * Here they are only gathered, by their shared names: a kind the shared declaration adds is a type error here until
 * the server declares it.
 */
import { DOWNLOAD_FILE_UPLOAD } from '../../shared/entities/downloads';
import { MATERIAL_ARCHIVE_UPLOAD } from '../../shared/entities/materials';
import type { UploadKindName } from '../../shared/upload-kinds';
import { downloadUploadKind } from './download-upload-kind';
import { IMAGE_UPLOAD, imageUploadKind } from './image-uploads';
import { libraryItemUploadKind } from './library-item-upload-kind';
import { materialArchiveUploadKind } from './material-archive-upload-kind';
import { MODEL_FILE_UPLOAD, modelUploadKind } from './model-upload-kind';
import type { UploadKind } from './upload-kind';

const DECLARED: { readonly [Name in UploadKindName]: UploadKind<Name> } = {
  [MODEL_FILE_UPLOAD]: modelUploadKind,
  [DOWNLOAD_FILE_UPLOAD]: downloadUploadKind,
  'library-item-file': libraryItemUploadKind,
  [MATERIAL_ARCHIVE_UPLOAD]: materialArchiveUploadKind,
  [IMAGE_UPLOAD]: imageUploadKind,
};

export const UPLOAD_KINDS: readonly UploadKind[] = Object.values(DECLARED);

/** The kind an upload names in its metadata (`kind`); model files when it names none. */
export const DEFAULT_UPLOAD_KIND = MODEL_FILE_UPLOAD;

export const uploadKind = (name: string): UploadKind | undefined =>
  UPLOAD_KINDS.find((kind) => kind.name === name);
