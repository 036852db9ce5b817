/**
 * What the upload component accepts (spec 2 §5): a file's type comes from its name, counted as the server counts it
 * (`.matz` is zip, `.jpg` is jpeg: shared/upload-kinds.ts); a minimum and a maximum size apply only when given (no
 * default limit). A refused file gets one of the three messages 'File is of invalid type', 'File is too large',
 * 'File is too small'. Each upload kind's rules are its shared declaration's.
 */
import {
  canonicalExtension,
  MIN_UPLOAD_BYTES,
  UPLOAD_KIND_TYPES,
  type UploadKindName,
} from '@shared/upload-kinds';
import { numberFormat } from '@/lib/intl-formats';

export type UploadRefusal = 'invalidType' | 'tooLarge' | 'tooSmall';

export interface UploadRules {
  /** The declared upload kind the server checks the file against (sent as tus metadata `kind`). */
  kind?: UploadKindName;
  /** Accepted types after aliasing (`['fbx', 'zip']`); empty or absent accepts every type. */
  types?: readonly string[];
  /** Bytes, inclusive. */
  minSize?: number;
  maxSize?: number;
}

/** The type a file name gives: its extension in lower case, as the type it names (`Model.MATZ` → `zip`); '' without one. */
export function fileTypeOf(name: string): string {
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || dot === name.length - 1) return '';
  return canonicalExtension(name.slice(dot + 1).toLowerCase());
}

/** Why a file is refused, or null when it may be uploaded. Type is checked first, then size. */
export function refusalOf(file: { name: string; size: number }, rules: UploadRules): UploadRefusal | null {
  if (rules.types?.length && !rules.types.includes(fileTypeOf(file.name))) return 'invalidType';
  if (rules.maxSize !== undefined && file.size > rules.maxSize) return 'tooLarge';
  if (rules.minSize !== undefined && file.size < rules.minSize) return 'tooSmall';
  return null;
}

/** The rules of a declared upload kind: its types (as the types they name) and at least one byte. */
const rulesOf = (kind: UploadKindName): UploadRules => ({
  kind,
  types: [...new Set(UPLOAD_KIND_TYPES[kind].map(canonicalExtension))],
  minSize: MIN_UPLOAD_BYTES,
});

/** The client-side rules of each upload kind (the server applies its own as well). */
export const UPLOAD_RULES = Object.fromEntries(
  (Object.keys(UPLOAD_KIND_TYPES) as UploadKindName[]).map((kind) => [kind, rulesOf(kind)]),
) as Readonly<Record<UploadKindName, UploadRules>>;

/** A model file (spec 2 §5): FBX or a zip archive (`.zip`, `.matz`), at least one byte. */
export const MODEL_FILE_RULES: UploadRules = UPLOAD_RULES['model-file'];

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

/** A file's name without its extension, as a record's name (`Lobby v2.fbx` → `Lobby v2`). */
export const nameWithoutExtension = (fileName: string) => fileName.replace(/\.[^.]+$/, '') || fileName;
