/**
 * The declared kinds of resumable uploads. Model files are declared next to the models (model-upload-kind.ts);
 * library item files, material archives and images are declared here until their entities' server modules exist,
 * which then take their declaration with them.
 */
import { fileUploadKind, type UploadKind } from './upload-kind';
import { MATERIAL_ARCHIVE_UPLOAD } from './materials';
import { MODEL_FILE_UPLOAD, modelUploadKind } from './model-upload-kind';
import { downloadUploadKind } from './download-upload-kind';

/** Images (previews, logos, profile pictures): 3 MB, like the profile image of spec 2. */
const IMAGE_MAX_BYTES = 3 * 1024 * 1024;

export const UPLOAD_KINDS: readonly UploadKind[] = [
  modelUploadKind,
  downloadUploadKind,
  fileUploadKind({
    name: 'library-item-file',
    ability: 'update-library-items',
    types: ['fbx', 'zip', 'matz'],
    maxBytes: (config) => config.modelUploadMaxBytes,
  }),
  fileUploadKind({
    name: MATERIAL_ARCHIVE_UPLOAD,
    ability: 'update-materials',
    licence: 'hatch',
    types: ['matz', 'zip'],
    maxBytes: (config) => config.modelUploadMaxBytes,
  }),
  fileUploadKind({
    name: 'image',
    ability: null,
    types: ['jpeg', 'png', 'bmp'],
    maxBytes: () => IMAGE_MAX_BYTES,
  }),
];

/** The kind an upload names in its metadata (`kind`); model files when it names none. */
export const DEFAULT_UPLOAD_KIND = MODEL_FILE_UPLOAD;

export const uploadKind = (name: string): UploadKind | undefined =>
  UPLOAD_KINDS.find((kind) => kind.name === name);
