/**
 * The first look at an FBX file, before the converter reads it: binary (the `Kaydara FBX Binary` magic, then the
 * version as a little-endian 32-bit integer) or ASCII (`; FBX 7.4.0 project file`, `FBXVersion: 7400`), and its
 * version, which must be one the FBX SDK reads: 6.1 up to the 7.x line; and whether the file is whole. The FBX
 * SDK reads a damaged or cut-off file as an empty scene without a word, so the file's structure is checked here:
 * a binary file's top-level records must each end inside the file and the list must end with its null record; an
 * ASCII file's braces must close. The binary check reads only the records' headers; the ASCII one streams.
 */
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { GeometryFailure } from './failures';

export interface FbxSource {
  encoding: 'binary' | 'ascii';
  /** e.g. 7400; null for an ASCII file that does not say. */
  version: number | null;
}

export const FBX_BINARY_MAGIC = Buffer.from('Kaydara FBX Binary  \0', 'latin1');
/** FBX versions the converter reads: 6100 (FBX 6.1) up to the 7.x line. */
export const FBX_VERSIONS = { min: 6100, max: 7999 };
const HEAD_BYTES = 4096;

/** '7.4' for 7400. */
export const fbxVersionText = (version: number | null) =>
  version === null ? '?' : `${Math.floor(version / 1000)}.${Math.floor((version % 1000) / 100)}`;

async function readAt(path: string, length: number, position = 0): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, position);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** A binary FBX's top-level node records, walked by their end offsets (64-bit from version 7500). */
async function binaryIsWhole(path: string, version: number): Promise<boolean> {
  const wide = version >= 7500;
  const size = (await stat(path)).size;
  const handle = await open(path, 'r');
  try {
    const header = Buffer.alloc(wide ? 8 : 4);
    for (let position = 27; ;) {
      const { bytesRead } = await handle.read(header, 0, header.length, position);
      if (bytesRead < header.length) return false;
      const end = wide ? Number(header.readBigUInt64LE(0)) : header.readUInt32LE(0);
      if (end === 0) return true;
      if (end <= position || end > size) return false;
      position = end;
    }
  } finally {
    await handle.close();
  }
}

/** Whether an ASCII FBX's braces close (outside quoted strings and `;` comments). */
async function asciiIsWhole(path: string): Promise<boolean> {
  let depth = 0;
  let quoted = false;
  let comment = false;
  for await (const piece of createReadStream(path)) {
    for (const byte of piece as Buffer) {
      if (comment) comment = byte !== 0x0a;
      else if (quoted) quoted = byte !== 0x22;
      else if (byte === 0x22) quoted = true;
      else if (byte === 0x3b) comment = true;
      else if (byte === 0x7b) depth += 1;
      else if (byte === 0x7d && --depth < 0) return false;
    }
  }
  return depth === 0;
}

function checkVersion(version: number): number {
  if (version < FBX_VERSIONS.min || version > FBX_VERSIONS.max)
    throw new GeometryFailure('fbxVersion', { version: fbxVersionText(version) });
  return version;
}

function asciiVersion(head: Buffer): number | null {
  const text = head.toString('latin1');
  const declared = /FBXVersion:\s*(\d+)/.exec(text);
  if (declared) return Number(declared[1]);
  const comment = /^\uFEFF?\s*; FBX (\d+)\.(\d+)\.(\d+)/.exec(text);
  return comment ? Number(comment[1]) * 1000 + Number(comment[2]) * 100 : null;
}

/** Reads an FBX file's encoding and version; a GeometryFailure when it cannot be converted. */
export async function readFbxSource(path: string): Promise<FbxSource> {
  const head = await readAt(path, HEAD_BYTES);
  if (!head.length) throw new GeometryFailure('fileEmpty');
  if (head.subarray(0, FBX_BINARY_MAGIC.length).equals(FBX_BINARY_MAGIC)) {
    // Magic (21 bytes), 0x1A 0x00, the version (4 bytes), then at least one node record.
    if (head.length < 40) throw new GeometryFailure('fbxCutOff');
    const version = checkVersion(head.readUInt32LE(23));
    if (!(await binaryIsWhole(path, version))) throw new GeometryFailure('fbxDamaged');
    return { encoding: 'binary', version };
  }
  const text = head
    .toString('latin1')
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (!text.startsWith(';') && !/^\w+:/.test(text)) throw new GeometryFailure('wrongType');
  const version = asciiVersion(head);
  if (!(await asciiIsWhole(path))) throw new GeometryFailure('fbxDamaged');
  return { encoding: 'ascii', version: version === null ? null : checkVersion(version) };
}
