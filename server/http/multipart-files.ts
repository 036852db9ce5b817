/**
 * Uploaded files: multipart file parts are streamed to temporary files (never held in memory), appear in the
 * request body as UploadedFile values, are validated by type and size like Laravel's `mimes`/`max`/`min`
 * rules (422 otherwise) and are moved into the FileStorage by `storeUpload`. Leftover temporary files are
 * removed when the response is sent.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { invalidField } from '../errors/http-errors';
import { boundStoredImage } from '../storage/bounded-images';
import { canonicalExtension, extensionOf, hasSignature, sniffExtension } from '../storage/content-types';
import type { FileStorage } from '../storage/storage';
import { type StorageFolder, storageKey } from '../storage/storage-folders';

export class UploadedFile {
  constructor(
    readonly fieldname: string,
    /** The client's file name. */
    readonly filename: string,
    /** The content type the client declared (not trusted for validation). */
    readonly mimetype: string,
    readonly size: number,
    /** The temporary file holding the contents. */
    readonly path: string,
  ) {}
}

const TEMP_DIR = join(tmpdir(), 'portal-uploads');
const temporaryFiles = new WeakMap<FastifyRequest, string[]>();

/** `@fastify/multipart` onFile: stream the part to a temporary file; the body value becomes an UploadedFile. */
export async function receiveFilePart(
  this: FastifyRequest,
  part: MultipartFile & { value?: unknown },
): Promise<void> {
  await mkdir(TEMP_DIR, { recursive: true });
  const path = join(TEMP_DIR, randomUUID());
  temporaryFiles.set(this, [...(temporaryFiles.get(this) ?? []), path]);
  await pipeline(part.file, createWriteStream(path));
  const size = part.file.bytesRead;
  // An empty file input (no file chosen) arrives as a part without name or bytes: Laravel sees null.
  part.value =
    !part.filename && size === 0
      ? null
      : new UploadedFile(part.fieldname, part.filename, part.mimetype, size, path);
}

/** Removes the temporary files a request left behind (those not moved into storage). */
export function registerUploadCleanup(app: FastifyInstance): void {
  app.addHook('onResponse', async (request) => {
    const paths = temporaryFiles.get(request);
    if (paths) await Promise.all(paths.map((path) => rm(path, { force: true })));
  });
}

export interface UploadRule {
  /** Allowed types as extensions, like Laravel's `mimes:jpeg,png,bmp`. */
  types: readonly string[];
  maxKilobytes?: number;
  minKilobytes?: number;
  /** A picture stored held to 2048 px on its longer side (bounded-images.ts, issue 42); a screenshot is not. */
  bounded?: boolean;
}

/** The first bytes of a file, enough for `sniffExtension` (content-types.ts). */
export async function readHead(path: string): Promise<Uint8Array> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(16);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

export interface AcceptedUpload {
  file: UploadedFile;
  /** The canonical extension of the detected type; stored files are named with it. */
  extension: string;
}

/**
 * Validates an optional upload field. The type is taken from the file's content when it has a known
 * signature, otherwise from its name; a file named as a recognisable type whose bytes say otherwise is refused.
 */
export async function acceptUpload(
  value: unknown,
  field: string,
  rule: UploadRule,
): Promise<AcceptedUpload | null> {
  if (value === undefined || value === null) return null;
  const label = field.replace(/_/g, ' ');
  if (!(value instanceof UploadedFile)) throw invalidField(field, `The ${label} field must be a file.`);
  const allowed = rule.types.map(canonicalExtension);
  const sniffed = sniffExtension(await readHead(value.path));
  const named = canonicalExtension(extensionOf(value.filename));
  const extension = sniffed ?? named;
  if (!allowed.includes(extension) || (hasSignature(named) && named !== sniffed)) {
    throw invalidField(field, `The ${label} field must be a file of type: ${rule.types.join(', ')}.`);
  }
  const kilobytes = value.size / 1024;
  if (rule.maxKilobytes !== undefined && kilobytes > rule.maxKilobytes) {
    throw invalidField(field, `The ${label} field must not be greater than ${rule.maxKilobytes} kilobytes.`);
  }
  if (rule.minKilobytes !== undefined && kilobytes < rule.minKilobytes) {
    throw invalidField(field, `The ${label} field must be at least ${rule.minKilobytes} kilobytes.`);
  }
  if (rule.bounded) return { file: value, extension: await boundStoredImage(value.path, extension, field) };
  return { file: value, extension };
}

/** Moves an accepted upload into storage under `{folder}/{uuid}.{extension}` and returns its key. */
export async function storeUpload(
  storage: FileStorage,
  folder: StorageFolder,
  upload: AcceptedUpload,
): Promise<string> {
  const key = storageKey(folder, `${randomUUID()}.${upload.extension}`);
  await storage.putFile(key, upload.file.path);
  return key;
}
