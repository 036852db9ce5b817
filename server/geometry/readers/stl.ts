/**
 * STL into a glTF document with three's STLLoader, binary or ASCII. Which one is decided here, not by the loader:
 * three takes any file that does not match its declared size exactly and starts with `solid` as ASCII, but many
 * CAD exporters begin a binary header with `solid` too, and a binary file cut short must fail as unreadable rather
 * than be read as text or as fewer triangles. So a file is binary when its 80-byte header, triangle count and 50
 * bytes per triangle fit its length (extra bytes at the end are dropped before three reads it), ASCII when it
 * starts with `solid` and is text, and a cut-off binary file otherwise. Colours: three reads the binary header's
 * `COLOR=` convention (per-facet 15-bit colours) as vertex colours. STL has no units; CAD and 3D printing write
 * millimetres with Z up.
 */
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { Mesh, MeshStandardMaterial, type BufferGeometry } from 'three';
import { STLLoader } from 'three/examples/jsm/loaders/STLLoader.js';
import { GeometryFailure } from '../failures';
import { DocumentBuilder, rootMatrix } from './document-builder';
import type { SourceReader } from './source-model';
import { addThreeScene, sceneTriangles } from './three-scene';

const FORMAT = 'STL';
const HEADER_BYTES = 80;
const FACET_BYTES = 50;

/** Whether the file's first bytes are text: an ASCII STL has no control characters but line ends and tabs. */
function looksLikeText(bytes: Uint8Array): boolean {
  for (const byte of bytes.subarray(0, 512))
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d) return false;
  return true;
}

const startsWithSolid = (bytes: Uint8Array) =>
  /^\s*solid/i.test(new TextDecoder('latin1').decode(bytes.subarray(0, 64)));

/** Occurrences of `word` in the bytes: an ASCII file's facets, counted before three builds arrays for them. */
function occurrences(bytes: Buffer, word: string): number {
  let count = 0;
  for (let at = bytes.indexOf(word); at >= 0; at = bytes.indexOf(word, at + word.length)) count += 1;
  return count;
}

export const readStl: SourceReader = async (input) => {
  const file = await readFile(input.path);
  const tooMany = () => new GeometryFailure('tooManyTriangles', { limit: input.limits.maxTriangles });
  const declared = file.length >= HEADER_BYTES + 4 ? file.readUInt32LE(HEADER_BYTES) : -1;
  const binaryLength = HEADER_BYTES + 4 + declared * FACET_BYTES;
  const binary =
    declared >= 0 && binaryLength <= file.length && !(startsWithSolid(file) && looksLikeText(file));
  if (binary) {
    if (declared === 0) throw new GeometryFailure('noGeometry');
    if (declared > input.limits.maxTriangles) throw tooMany();
  } else {
    if (!startsWithSolid(file) || !looksLikeText(file))
      throw new GeometryFailure('unreadable', { format: FORMAT });
    if (occurrences(file, 'endfacet') > input.limits.maxTriangles) throw tooMany();
  }
  // A binary file exactly its declared triangles: three then reads it as binary whatever its header says.
  const length = binary ? binaryLength : file.byteLength;
  let geometry: BufferGeometry;
  try {
    geometry = new STLLoader().parse(file.buffer.slice(file.byteOffset, file.byteOffset + length));
  } catch {
    throw new GeometryFailure('unreadable', { format: FORMAT });
  }
  const colored = geometry.getAttribute('color') !== undefined;
  // The header's alpha is left out: three's own example sets it as opacity without making the material transparent.
  const mesh = new Mesh(geometry, new MeshStandardMaterial({ vertexColors: colored }));
  mesh.name = basename(input.path);
  const triangles = sceneTriangles(mesh);
  if (triangles === 0) throw new GeometryFailure('noGeometry');
  if (triangles > input.limits.maxTriangles) throw tooMany();
  const builder = new DocumentBuilder(basename(input.path), rootMatrix(0.001, true));
  addThreeScene(builder, mesh, {
    format: FORMAT,
    material: (_material, vertexColors) =>
      vertexColors
        ? builder.material('colours', () => ({ name: 'STL colours', baseColor: [1, 1, 1, 1] }))
        : builder.material('grey', () => ({ name: 'STL' })),
  });
  return {
    document: builder.document,
    format: FORMAT,
    version: null,
    encoding: binary ? 'binary' : 'ascii',
    sourceTriangles: binary ? declared : triangles,
    missingTextures: [],
  };
};
