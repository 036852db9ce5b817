/**
 * The server's side of each kind of resumable upload: its ability and size limit (its name and file types are the
 * shared declaration's, shared/upload-kinds.ts, which the portal checks a file against too). Model files are
 * declared next to the models (model-upload-kind.ts) and a download's file next to the downloads; library item
 * files, material archives and images are declared here until their entities' server modules take them.
 */
import { DOWNLOAD_FILE_UPLOAD } from '../../shared/entities/downloads';
import { LIBRARY_ITEM_ABILITIES } from '../../shared/entities/library-item-values';
import { MATERIAL_ABILITIES } from '../../shared/entities/material-values';
import { MATERIAL_ARCHIVE_UPLOAD } from '../../shared/entities/materials';
import type { UploadKindName } from '../../shared/upload-kinds';
import { uploadContentErrors } from '../processing/model-file';
import { fileUploadKind, type UploadKind } from './upload-kind';
import { MODEL_FILE_UPLOAD, modelUploadKind } from './model-upload-kind';
import { downloadUploadKind } from './download-upload-kind';

/** Images (previews, logos, profile pictures): 3 MB, like the profile image of spec 2. */
const IMAGE_MAX_BYTES = 3 * 1024 * 1024;

/** Every shared kind by its name (one the shared declaration adds is a type error here until it is declared). */
const DECLARED: { readonly [Name in UploadKindName]: UploadKind<Name> } = {
  [MODEL_FILE_UPLOAD]: modelUploadKind,
  [DOWNLOAD_FILE_UPLOAD]: downloadUploadKind,
  'library-item-file': fileUploadKind({
    name: 'library-item-file',
    ability: LIBRARY_ITEM_ABILITIES.update,
    maxBytes: (config) => config.modelUploadMaxBytes,
    contentErrors: uploadContentErrors,
  }),
  [MATERIAL_ARCHIVE_UPLOAD]: fileUploadKind({
    name: MATERIAL_ARCHIVE_UPLOAD,
    ability: MATERIAL_ABILITIES.update,
    licence: 'hatch',
    maxBytes: (config) => config.modelUploadMaxBytes,
  }),
  image: fileUploadKind({ name: 'image', ability: null, maxBytes: () => IMAGE_MAX_BYTES }),
};

export const UPLOAD_KINDS: readonly UploadKind[] = Object.values(DECLARED);

/** The kind an upload names in its metadata (`kind`); model files when it names none. */
export const DEFAULT_UPLOAD_KIND = MODEL_FILE_UPLOAD;

export const uploadKind = (name: string): UploadKind | undefined =>
  UPLOAD_KINDS.find((kind) => kind.name === name);
