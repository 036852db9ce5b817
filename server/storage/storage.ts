/**
 * Where uploaded files live. One interface, so an S3-compatible store can replace the local disk by
 * configuration later; keys are relative paths like `changelog/3f2c….png`.
 */
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import type { StorageKey } from './storage-folders';

export interface StoredObject {
  stream: Readable;
  size: number;
}

export interface FileStorage {
  /** Moves a local (temporary) file into the store under `key` (a key in a declared folder, storage-folders.ts). */
  putFile(key: StorageKey, sourcePath: string): Promise<void>;
  /** The stored file, or null when there is none. */
  read(key: string): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
}

/** A stored value that is a storage key, as opposed to an absolute URL or path (kept as they are, never deleted). */
export const isStorageKey = (value: string | null): value is string =>
  !!value && !/^([a-z]+:|\/)/i.test(value);

/** A key is a relative path of plain segments: no `..`, no absolute paths, no empty segments. */
export function isSafeKey(key: string): boolean {
  const segments = key.split('/');
  return segments.every(
    (segment) => segment !== '' && segment !== '.' && segment !== '..' && !segment.includes('\\'),
  );
}

export function localDiskStorage(root: string): FileStorage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    if (!isSafeKey(key)) throw new Error(`Unsafe storage key: ${key}`);
    const path = resolve(join(base, key));
    if (!path.startsWith(base + sep)) throw new Error(`Unsafe storage key: ${key}`);
    return path;
  };
  return {
    async putFile(key, sourcePath) {
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      try {
        await rename(sourcePath, target);
      } catch (error) {
        // Another file system (tmpfs → disk): copy, then remove the source.
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        await copyFile(sourcePath, target);
        await rm(sourcePath, { force: true });
      }
    },
    async read(key) {
      if (!isSafeKey(key)) return null;
      const path = pathOf(key);
      const info = await stat(path).catch(() => null);
      if (!info?.isFile()) return null;
      return { stream: createReadStream(path), size: info.size };
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
