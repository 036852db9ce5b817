/**
 * What a model file may be (spec 2 §5, §9, and the 3D formats of shared/model-formats.ts): `.fbx` is FBX, `.zip`
 * and `.matz` are zip archives, and each other model extension its format. The server checks the name AND the
 * content, at least 1 byte and at most MODEL_UPLOAD_MAX_BYTES, with Laravel-worded 422 messages. The same rules
 * refuse a resumable upload at creation (name and declared length), once its last byte arrived (its content:
 * api/uploads.ts) and as a model's or library item's file (all of them).
 *
 * The content (issue 31): the first bytes must be those of the type the name claims (a binary FBX starts with
 * `Kaydara FBX Binary  \0`, an ASCII FBX with `; FBX`, a zip or 3MF with `PK\x03\x04`, a GLB with `glTF`, a STEP or
 * IFC file with `ISO-10303-21;`, a 3DM file with `3D Geometry File Format`, a PLY file with `ply`, a .gltf with
 * JSON; OBJ and IGES are text); a refusal says what is wrong with the content ('The file is not a readable FBX
 * model: …'), not that the type is wrong. STL has no signature (a binary one starts with any 80 bytes). A name of
 * another type names the types of the upload's own kind (shared/upload-kinds.ts: a library item's file also takes
 * `matz`). What lies beyond the first bytes is the 3D pipeline's to tell: the record then ends FAILED with why.
 */
import { open } from 'node:fs/promises';
import { type ModelFormat, modelFormatOf } from '../../shared/model-formats';
import { MIN_UPLOAD_BYTES, UPLOAD_KIND_TYPES, type UploadKindName } from '../../shared/upload-kinds';
import { type FieldErrors, ValidationError } from '../errors/http-errors';
import { FBX_BINARY_MAGIC } from '../geometry/fbx-tree';
import { canonicalExtension, extensionOf, sniffExtension } from '../storage/content-types';

/** The kind of resumable upload (tus metadata `kind`) that brings a model file. */
export const MODEL_FILE_UPLOAD = 'model-file' satisfies UploadKindName;

/** The types a model file may have, as the 422 message names them (shared/upload-kinds.ts). */
export const MODEL_FILE_TYPES = UPLOAD_KIND_TYPES[MODEL_FILE_UPLOAD];
export type ModelFileType = (typeof MODEL_FILE_TYPES)[number];

export { FBX_BINARY_MAGIC };
const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** Bytes of a file's start that decide its type. */
export const HEAD_BYTES = 128;

/** The model file type a file name gives (`.fbx` → fbx; `.zip`, `.matz` → zip; `.stp` → stp), or null. */
export function modelFileTypeOfName(name: string): ModelFileType | null {
  const extension = canonicalExtension(extensionOf(name));
  return MODEL_FILE_TYPES.find((type) => type === extension) ?? null;
}

/** The text of a file's first bytes, without a UTF-8 byte order mark or leading white space. */
const headText = (head: Buffer) =>
  head
    .subarray(head.subarray(0, 3).equals(UTF8_BOM) ? 3 : 0)
    .toString('latin1')
    .trimStart();

/** Text, not binary: no NUL byte in the first bytes. */
const isText = (head: Buffer) => head.length > 0 && !head.includes(0);

/** How each model format's first bytes look. */
const SIGNATURES: { readonly [Format in ModelFormat]: (head: Buffer) => boolean } = {
  FBX: (head) =>
    head.subarray(0, FBX_BINARY_MAGIC.length).equals(FBX_BINARY_MAGIC) || headText(head).startsWith('; FBX'),
  glTF: (head) => head.subarray(0, 4).toString('latin1') === 'glTF' || headText(head).startsWith('{'),
  OBJ: isText,
  // Binary STL starts with any 80-byte header; ASCII with `solid`. The pipeline tells a broken one.
  STL: (head) => head.length > 0,
  PLY: (head) => /^ply\r?\n/.test(head.toString('latin1')),
  '3MF': (head) => sniffExtension(head) === 'zip',
  STEP: (head) => headText(head).startsWith('ISO-10303-21'),
  // IGES: 80-column lines, the section letter in column 73 (S for the start section).
  IGES: (head) => isText(head) && /^[^\r\n]{72}[SG]/.test(head.toString('latin1')),
  IFC: (head) => headText(head).startsWith('ISO-10303-21'),
  '3DM': (head) => head.toString('latin1').startsWith('3D Geometry File Format'),
};

/** Whether a file's first bytes are those of the type its name claims. */
export function headMatchesType(type: ModelFileType, head: Uint8Array): boolean {
  const bytes = Buffer.from(head);
  if (type === 'zip') return sniffExtension(bytes) === 'zip';
  const format = modelFormatOf(type);
  return format !== null && SIGNATURES[format](bytes);
}

export async function readHead(path: string, length = HEAD_BYTES): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

const kilobytes = (bytes: number) => Math.floor(bytes / 1024);

/** The 422 messages of the model file rules, keyed by field (`file`). */
export const modelFileMessages = {
  /** The types of the upload's kind (a library item's file also names `matz`). */
  type: (field: string, types: readonly string[] = MODEL_FILE_TYPES) =>
    `The ${field} field must be a file of type: ${types.join(', ')}.`,
  empty: (field: string) => `The ${field} field must be at least 1 byte.`,
  tooLarge: (field: string, maxBytes: number) =>
    `The ${field} field must not be greater than ${kilobytes(maxBytes)} kilobytes.`,
};

/** Whether a format's name is said with 'an' (as spoken: an F-B-X, an I-G-E-S; a STEP, a glTF). */
const SAID_WITH_AN: ReadonlySet<string> = new Set(['FBX', 'OBJ', 'STL', 'IGES', 'IFC']);

/** What is wrong with a file's content (server/http/language.ts words it in Dutch). */
export function contentMessage(type: ModelFileType): string {
  const name = type === 'zip' ? 'zip' : modelFormatOf(type)!;
  const what = type === 'zip' ? 'zip archive' : `${name} model`;
  return `The file is not a readable ${what}: its first bytes are not those of ${SAID_WITH_AN.has(name) ? 'an' : 'a'} ${name} file.`;
}

/**
 * What is wrong with the content of a file of `type` (its name's), as 422 messages under `field`; none when its
 * first bytes are those of its type. What lies beyond (a version the converter cannot read, a file cut off, an
 * archive without a model) is the 3D pipeline's to tell: the record then ends FAILED with the reason.
 */
export async function contentErrors(field: string, type: ModelFileType, path: string): Promise<FieldErrors> {
  return headMatchesType(type, await readHead(path)) ? {} : { [field]: [contentMessage(type)] };
}

/** What can be said about a file from its name and size alone (a resumable upload before its bytes arrive). */
export function modelFileNameAndSizeErrors(
  field: string,
  name: string,
  size: number,
  maxBytes: number,
  /** The upload kind whose types a wrong name is told (model files by default). */
  kind: UploadKindName = MODEL_FILE_UPLOAD,
): FieldErrors {
  if (!modelFileTypeOfName(name))
    return { [field]: [modelFileMessages.type(field, UPLOAD_KIND_TYPES[kind])] };
  if (size < MIN_UPLOAD_BYTES) return { [field]: [modelFileMessages.empty(field)] };
  if (size > maxBytes) return { [field]: [modelFileMessages.tooLarge(field, maxBytes)] };
  return {};
}

export interface ModelFileCandidate {
  /** The client's file name. */
  name: string;
  size: number;
  /** Where its bytes are on the local disk. */
  path: string;
}

/** Checks name, size and content; answers the file's type or throws the 422 for `field`. */
export async function acceptModelFile(
  candidate: ModelFileCandidate,
  field: string,
  maxBytes: number,
  /** The upload kind it came as (its types are those a wrong name is told). */
  kind: UploadKindName = MODEL_FILE_UPLOAD,
): Promise<ModelFileType> {
  const errors = modelFileNameAndSizeErrors(field, candidate.name, candidate.size, maxBytes, kind);
  if (Object.keys(errors).length) throw new ValidationError(errors);
  const type = modelFileTypeOfName(candidate.name)!;
  const problems = await contentErrors(field, type, candidate.path);
  if (Object.keys(problems).length) throw new ValidationError(problems);
  return type;
}

/**
 * The content check of a resumable upload of a model's or a library item's file, once its last byte arrived
 * (api/uploads.ts); its name was checked at creation.
 */
export async function uploadContentErrors(name: string, path: string): Promise<FieldErrors> {
  const type = modelFileTypeOfName(name);
  return type ? contentErrors('file', type, path) : {};
}
