/**
 * The first look at an FBX file, before the converter reads it: binary (the `Kaydara FBX Binary` magic, then the
 * version as a little-endian 32-bit integer) or ASCII (`; FBX 7.4.0 project file`, `FBXVersion: 7400`), and its
 * version, which must be one the FBX SDK reads: 5.0 up to the 7.x line (FBX 5 binary files, written by 3ds Max 7
 * to 2009, say 3000 in their header and their real version in the header extension's `FBXVersion` record, which
 * comes first); and whether the file is whole. The FBX
 * SDK reads a damaged or cut-off file as an empty scene without a word, so the file's structure is checked here:
 * a binary file's top-level records must each end inside the file and the list must end with its null record; an
 * ASCII file's braces must close. The binary check reads only the records' headers; the ASCII one streams.
 */
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { GeometryFailure } from './failures';
import { FBX_BINARY_MAGIC } from './fbx-tree';

export interface FbxSource {
  encoding: 'binary' | 'ascii';
  /** e.g. 7400; null for an ASCII file that does not say. */
  version: number | null;
}

/** FBX versions the converter reads: 5000 (FBX 5.0) up to the 7.x line (measured on real files of each). */
export const FBX_VERSIONS = { min: 5000, max: 7999 };
/** The header version of FBX 5 binary files; their real version is inside. */
const FBX5_HEADER_VERSION = 3000;
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

/** A binary file's `FBXVersion` record (its name, then an `I` property) in its first bytes. */
function declaredBinaryVersion(head: Buffer): number | null {
  const name = head.indexOf('FBXVersion', 27, 'latin1');
  const type = name + 'FBXVersion'.length;
  if (name < 0 || head.length < type + 5 || head[type] !== 0x49) return null;
  return head.readInt32LE(type + 1);
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
    const headerVersion = head.readUInt32LE(23);
    const version = checkVersion(
      headerVersion === FBX5_HEADER_VERSION ? (declaredBinaryVersion(head) ?? headerVersion) : headerVersion,
    );
    if (!(await binaryIsWhole(path, headerVersion))) throw new GeometryFailure('fbxDamaged');
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
