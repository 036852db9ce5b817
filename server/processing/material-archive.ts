/**
 * The materials an uploaded archive holds. A .matz file is one material (named after the file); a .zip holds one
 * material per top-level folder or top-level file (named after it, without its extension), read from the zip's
 * central directory. The archive is read once as a stream, keeping only its last TAIL_BYTES, so a large archive
 * costs little memory; a central directory beyond that tail (tens of thousands of entries) is refused.
 */
import { basename, extname } from 'node:path';
import type { Readable } from 'node:stream';

/** Why an archive gives no materials: a key under `materials:import.result.failed` (public/locales). */
export type ArchiveFailure =
  'empty' | 'noName' | 'tooManyFiles' | 'directoryCutOff' | 'directoryMissing' | 'noMaterials';

export type ArchiveReading = { ok: true; names: string[] } | { ok: false; reason: ArchiveFailure };

const EOCD_SIGNATURE = 0x06054b50;
const ENTRY_SIGNATURE = 0x02014b50;
const EOCD_SIZE = 22;
const ENTRY_SIZE = 46;
const TAIL_BYTES = 4 * 1024 * 1024;

/** The file's name without its extension, as a material name. */
const withoutExtension = (name: string) => basename(name, extname(name)).trim();

async function readTail(stream: Readable): Promise<{ tail: Buffer; size: number }> {
  let tail = Buffer.alloc(0);
  let size = 0;
  for await (const piece of stream) {
    const chunk = Buffer.isBuffer(piece) ? piece : Buffer.from(piece as Uint8Array);
    size += chunk.length;
    tail = Buffer.concat([tail, chunk]);
    if (tail.length > TAIL_BYTES) tail = tail.subarray(tail.length - TAIL_BYTES);
  }
  return { tail, size };
}

/** The entry names of a zip's central directory, or why there are none. */
function zipEntryNames(tail: Buffer, size: number): string[] | ArchiveFailure {
  for (let at = tail.length - EOCD_SIZE; at >= 0; at -= 1) {
    if (tail.readUInt32LE(at) !== EOCD_SIGNATURE) continue;
    if (at + EOCD_SIZE + tail.readUInt16LE(at + 20) !== tail.length) continue;
    const count = tail.readUInt16LE(at + 10);
    const directorySize = tail.readUInt32LE(at + 12);
    const directoryOffset = tail.readUInt32LE(at + 16);
    const start = directoryOffset - (size - tail.length);
    if (start < 0 || start + directorySize > at) return 'tooManyFiles';
    const names: string[] = [];
    let cursor = start;
    for (let index = 0; index < count; index += 1) {
      if (cursor + ENTRY_SIZE > at || tail.readUInt32LE(cursor) !== ENTRY_SIGNATURE) return 'directoryCutOff';
      const nameLength = tail.readUInt16LE(cursor + 28);
      const extraLength = tail.readUInt16LE(cursor + 30);
      const commentLength = tail.readUInt16LE(cursor + 32);
      names.push(tail.subarray(cursor + ENTRY_SIZE, cursor + ENTRY_SIZE + nameLength).toString('utf8'));
      cursor += ENTRY_SIZE + nameLength + extraLength + commentLength;
    }
    return names;
  }
  return 'directoryMissing';
}

/** One material name per top-level folder or file; hidden files and macOS resource forks left out. */
export function materialNamesOfEntries(entries: readonly string[]): string[] {
  const names = new Set<string>();
  for (const entry of entries) {
    const parts = entry.replace(/\\/g, '/').split('/').filter(Boolean);
    if (!parts.length || parts.some((part) => part.startsWith('.') || part === '__MACOSX')) continue;
    const isFolder = parts.length > 1 || entry.endsWith('/');
    const name = (isFolder ? parts[0] : withoutExtension(parts[0])).slice(0, 255).trim();
    if (name) names.add(name);
  }
  return [...names];
}

/** Reads an uploaded material archive (`fileName` tells .matz from .zip). */
export async function readMaterialArchive(stream: Readable, fileName: string): Promise<ArchiveReading> {
  const { tail, size } = await readTail(stream);
  if (size === 0) return { ok: false, reason: 'empty' };
  if (extname(fileName).toLowerCase() === '.matz') {
    const name = withoutExtension(fileName).slice(0, 255);
    return name ? { ok: true, names: [name] } : { ok: false, reason: 'noName' };
  }
  const entries = zipEntryNames(tail, size);
  if (typeof entries === 'string') return { ok: false, reason: entries };
  const names = materialNamesOfEntries(entries);
  if (!names.length) return { ok: false, reason: 'noMaterials' };
  return { ok: true, names };
}
