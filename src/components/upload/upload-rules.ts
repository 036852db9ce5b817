/**
 * What the upload component accepts (spec 2 §5): a file's type comes from its name, where `.fbx` counts as fbx and
 * `.zip` and `.matz` count as zip; a minimum and a maximum size apply only when given (no default limit). A
 * refused file gets one of the three messages 'File is of invalid type', 'File is too large', 'File is too small'.
 */
import { numberFormat } from '@/lib/intl-formats';

export type UploadRefusal = 'invalidType' | 'tooLarge' | 'tooSmall';

/** The upload kinds the server's `/uploads` serves, each with its own rules and ability (sent as tus metadata `kind`). */
export type UploadKind = 'model-file' | 'library-item-file' | 'material-archive' | 'image' | 'download-file';

export interface UploadRules {
  /** The declared upload kind the server checks the file against. */
  kind?: UploadKind;
  /** Accepted types after aliasing (`['fbx', 'zip']`); empty or absent accepts every type. */
  types?: readonly string[];
  /** Bytes, inclusive. */
  minSize?: number;
  maxSize?: number;
}

/** Extensions that count as another type. */
const TYPE_ALIASES: Readonly<Record<string, string>> = { matz: 'zip' };

/** The type a file name gives: its extension in lower case, aliased (`Model.MATZ` → `zip`); '' without one. */
export function fileTypeOf(name: string): string {
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || dot === name.length - 1) return '';
  const extension = name.slice(dot + 1).toLowerCase();
  return TYPE_ALIASES[extension] ?? extension;
}

/** Why a file is refused, or null when it may be uploaded. Type is checked first, then size. */
export function refusalOf(file: { name: string; size: number }, rules: UploadRules): UploadRefusal | null {
  if (rules.types?.length && !rules.types.includes(fileTypeOf(file.name))) return 'invalidType';
  if (rules.maxSize !== undefined && file.size > rules.maxSize) return 'tooLarge';
  if (rules.minSize !== undefined && file.size < rules.minSize) return 'tooSmall';
  return null;
}

/** A model file (spec 2 §5): FBX or a zip archive (`.zip`, `.matz`), at least one byte. */
export const MODEL_FILE_RULES: UploadRules = { kind: 'model-file', types: ['fbx', 'zip'], minSize: 1 };

/** The client-side rules of each upload kind (the server applies its own as well). */
export const UPLOAD_RULES: Readonly<Record<UploadKind, UploadRules>> = {
  'model-file': MODEL_FILE_RULES,
  'library-item-file': { kind: 'library-item-file', types: ['fbx', 'zip'], minSize: 1 },
  'material-archive': { kind: 'material-archive', types: ['zip', 'matz'], minSize: 1 },
  image: { kind: 'image', types: ['jpg', 'jpeg', 'png', 'bmp'], minSize: 1 },
  'download-file': { kind: 'download-file', minSize: 1 },
};

/** `1.5 MB`, `320 kB`, `12 B` (decimal units, as file managers show them). */
export function formatBytes(bytes: number, language?: string): string {
  const units = ['B', 'kB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${numberFormat(language, { maximumFractionDigits: digits }).format(value)} ${units[unit]}`;
}
