/**
 * Unpacking an uploaded zip (a model or library item with its textures, or a material's maps) into a work folder,
 * safely, with yauzl: the central directory is read first and the archive refused before a byte is inflated when
 * it declares more than ARCHIVE_LIMITS entries or uncompressed bytes (a zip bomb), or names an entry outside the
 * folder (an absolute path, `..`, a drive letter: yauzl's own name check). yauzl then holds every entry to its
 * declared size while it inflates, so an entry that lies about its size fails instead of filling the disk.
 * Symbolic links, folders, hidden files and macOS resource forks are skipped.
 */
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import yauzl, { type Entry } from 'yauzl';
import { GeometryFailure } from './failures';

export interface ArchiveLimits {
  entries: number;
  /** Total uncompressed bytes of the entries that are unpacked. */
  bytes: number;
}

/** 2,000 entries and 1 GiB uncompressed: a model with its textures, never a bomb. */
export const ARCHIVE_LIMITS: ArchiveLimits = { entries: 2_000, bytes: 1024 ** 3 };

/** A file the archive held, unpacked. */
export interface UnpackedFile {
  /** Its path inside the archive, with forward slashes. */
  name: string;
  /** Where it is now. */
  path: string;
  size: number;
}

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

const isSymlink = (entry: Entry) => ((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK;
const isSkipped = (name: string) =>
  name.endsWith('/') || name.split('/').some((part) => part.startsWith('.') || part === '__MACOSX');

async function openArchive(path: string): Promise<yauzl.ZipFile> {
  try {
    return await yauzl.openPromise(path, { lazyEntries: true, autoClose: false, strictFileNames: false });
  } catch {
    throw new GeometryFailure('archiveDamaged');
  }
}

/** The archive's entries as its central directory lists them; refuses unsafe names and too many entries. */
async function listEntries(archive: yauzl.ZipFile, limits: ArchiveLimits): Promise<Entry[]> {
  if (archive.entryCount === 0) throw new GeometryFailure('archiveEmpty');
  if (archive.entryCount > limits.entries)
    throw new GeometryFailure('archiveTooManyEntries', { limit: limits.entries });
  const entries: Entry[] = [];
  try {
    for await (const entry of archive.eachEntry()) entries.push(entry);
  } catch (error) {
    const text = (error as Error).message;
    if (/absolute path|invalid relative path|invalid characters/.test(text))
      throw new GeometryFailure('archiveUnsafePath', { path: text.replace(/^.*?: /, '') });
    throw new GeometryFailure('archiveDamaged');
  }
  return entries;
}

/**
 * Unpacks the entries `wanted` picks (by name) into `folder`, keeping their paths; answers them. Throws a
 * GeometryFailure when the archive is damaged, empty, too large or unsafe.
 */
export async function unpackArchive(
  archivePath: string,
  folder: string,
  wanted: (name: string) => boolean = () => true,
  limits: ArchiveLimits = ARCHIVE_LIMITS,
): Promise<UnpackedFile[]> {
  const archive = await openArchive(archivePath);
  try {
    const entries = (await listEntries(archive, limits)).filter(
      (entry) => !isSymlink(entry) && !isSkipped(entry.fileName) && wanted(entry.fileName),
    );
    const declared = entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
    if (declared > limits.bytes)
      throw new GeometryFailure('archiveTooLarge', { limitMb: Math.round(limits.bytes / 1024 ** 2) });
    const base = resolve(folder);
    const unpacked: UnpackedFile[] = [];
    for (const entry of entries) {
      const target = resolve(join(base, entry.fileName));
      // yauzl has refused absolute and `..` names already; this keeps any other way out shut.
      if (!target.startsWith(base + sep))
        throw new GeometryFailure('archiveUnsafePath', { path: entry.fileName });
      await mkdir(dirname(target), { recursive: true });
      try {
        await pipeline(await archive.openReadStreamPromise(entry), createWriteStream(target));
      } catch {
        throw new GeometryFailure('archiveDamaged');
      }
      unpacked.push({ name: entry.fileName, path: target, size: entry.uncompressedSize });
    }
    return unpacked;
  } finally {
    archive.close();
  }
}
