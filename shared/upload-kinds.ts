/**
 * The kinds of resumable upload (spec 2 §5), by the name the portal sends as the tus metadata `kind`, with the file
 * types each takes: extensions as the 422 names them (Laravel's `mimes`); none listed: any type. Every upload has at
 * least one byte. The server declares each kind's ability and size limit beside it (server/uploads/upload-kinds.ts);
 * the portal checks a picked file against the same types before sending it (src/components/upload/upload-rules.ts).
 * Model files are of the 3D formats of model-formats.ts, or a zip archive holding one with its textures.
 */
import { MODEL_EXTENSIONS } from './model-formats';

export const UPLOAD_KIND_TYPES = {
  'model-file': [...MODEL_EXTENSIONS, 'zip'],
  'library-item-file': [...MODEL_EXTENSIONS, 'zip', 'matz'],
  'material-archive': ['matz', 'zip'],
  image: ['jpeg', 'png', 'bmp'],
  'download-file': [],
} as const satisfies Record<string, readonly string[]>;

export type UploadKindName = keyof typeof UPLOAD_KIND_TYPES;

/** The smallest upload of every kind, in bytes. */
export const MIN_UPLOAD_BYTES = 1;

/** Extensions that name the same type as another: Laravel's `mimes:jpeg` takes a .jpg, and a .matz is a zip archive. */
const SAME_TYPE: Readonly<Record<string, string>> = { jpg: 'jpeg', matz: 'zip' };

/** The type an extension names (`jpg` → `jpeg`, `matz` → `zip`; others as they are). */
export const canonicalExtension = (extension: string): string => SAME_TYPE[extension] ?? extension;

/** The extensions that name a type, its other names first (`jpeg` → `jpg`, `jpeg`). */
export const extensionsOfType = (type: string): string[] => [
  ...Object.keys(SAME_TYPE).filter((extension) => SAME_TYPE[extension] === type),
  type,
];
