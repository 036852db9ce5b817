/**
 * The processor's look into a model file, past the first bytes the upload already checked: an FBX must be of a
 * version the converter reads (6.1 to 7.x) and contain geometry; a zip archive must have its central directory
 * (an interrupted or cut-off archive does not) and at least one entry. Reads the file once as a stream, keeping
 * only its start, its end and the geometry keyword's hits, so a 2 GB file costs no memory.
 */
import type { Readable } from 'node:stream';
import { FBX_BINARY_MAGIC, type ModelFileType } from './model-file';

export type Inspection = { ok: true; summary: string } | { ok: false; reason: string };

/** A zip's end-of-central-directory record: 22 bytes plus a comment of at most 65,535. */
const EOCD_SIGNATURE = 0x06054b50;
const EOCD_SIZE = 22;
const TAIL_BYTES = EOCD_SIZE + 0xffff;
const HEAD_BYTES = 64;
/** FBX versions the converter reads: 6100 (FBX 6.1) up to the 7.x line. */
const FBX_VERSIONS = { min: 6100, max: 7999 };
const GEOMETRY = Buffer.from('Geometry', 'latin1');

interface Scan {
  head: Buffer;
  tail: Buffer;
  size: number;
  hasGeometry: boolean;
}

async function scan(stream: Readable, needle: Buffer | null): Promise<Scan> {
  let head = Buffer.alloc(0);
  let tail = Buffer.alloc(0);
  let size = 0;
  let found = false;
  let carry = Buffer.alloc(0);
  for await (const piece of stream) {
    const chunk = Buffer.isBuffer(piece) ? piece : Buffer.from(piece as Uint8Array);
    size += chunk.length;
    if (head.length < HEAD_BYTES) head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)]);
    tail = Buffer.concat([tail, chunk]);
    if (tail.length > TAIL_BYTES) tail = tail.subarray(tail.length - TAIL_BYTES);
    if (needle && !found) {
      // The keyword may straddle two chunks: search the end of the previous one together with this one.
      const window = Buffer.concat([carry, chunk]);
      found = window.includes(needle);
      carry = window.subarray(Math.max(0, window.length - needle.length + 1));
    }
  }
  return { head, tail, size, hasGeometry: found };
}

function inspectFbx({ head, hasGeometry }: Scan): Inspection {
  const binary = head.subarray(0, FBX_BINARY_MAGIC.length).equals(FBX_BINARY_MAGIC);
  let summary = 'FBX (ASCII)';
  if (binary) {
    // Magic (21 bytes), 0x1A 0x00, then the version as a little-endian 32-bit integer.
    if (head.length < 27) return { ok: false, reason: 'the FBX file is cut off after its header' };
    const version = head.readUInt32LE(23);
    if (version < FBX_VERSIONS.min || version > FBX_VERSIONS.max) {
      return { ok: false, reason: `FBX version ${version} is not supported` };
    }
    summary = `FBX ${Math.floor(version / 1000)}.${Math.floor((version % 1000) / 100)} (binary)`;
  }
  if (!hasGeometry) return { ok: false, reason: 'the FBX file contains no geometry' };
  return { ok: true, summary };
}

function inspectZip({ tail }: Scan): Inspection {
  // The record is found from the end; its comment length must reach exactly to the end of the file.
  for (let at = tail.length - EOCD_SIZE; at >= 0; at -= 1) {
    if (tail.readUInt32LE(at) !== EOCD_SIGNATURE) continue;
    if (at + EOCD_SIZE + tail.readUInt16LE(at + 20) !== tail.length) continue;
    const entries = tail.readUInt16LE(at + 10);
    if (entries === 0) return { ok: false, reason: 'the archive is empty' };
    return { ok: true, summary: `zip archive with ${entries} ${entries === 1 ? 'file' : 'files'}` };
  }
  return { ok: false, reason: 'the archive is damaged: its central directory is missing' };
}

/** Reads a model file of the given type and says whether the converter can use it (and why not). */
export async function inspectModelFile(stream: Readable, type: ModelFileType): Promise<Inspection> {
  const scanned = await scan(stream, type === 'fbx' ? GEOMETRY : null);
  if (scanned.size === 0) return { ok: false, reason: 'the file is empty' };
  return type === 'fbx' ? inspectFbx(scanned) : inspectZip(scanned);
}
