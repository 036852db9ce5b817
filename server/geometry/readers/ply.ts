/**
 * PLY (Stanford polygon file) into a glTF document with three's PLYLoader, ASCII or binary (either byte order),
 * vertex colours kept as COLOR_0 (per vertex, or per face as three spreads them). The header is looked at here
 * first: it must be a PLY header (else three walks the whole file looking for one), its format line gives the
 * encoding and version, and its face count is checked against the cap before three builds arrays. Each face is at
 * least one triangle and PLYLoader reads only triangles and quads, so the file's own count is at least the
 * declared faces: a file of larger polygons then shows as geometry lost instead of passing unnoticed. A PLY
 * without faces is a point cloud: no geometry. No units: metres, Y up.
 */
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { Mesh, MeshStandardMaterial, type BufferGeometry } from 'three';
import { PLYLoader } from 'three/examples/jsm/loaders/PLYLoader.js';
import { GeometryFailure } from '../failures';
import { DocumentBuilder, rootMatrix } from './document-builder';
import type { SourceReader } from './source-model';
import { addThreeScene, sceneTriangles } from './three-scene';

const FORMAT = 'PLY';
/** A header longer than this (comments included) is not one a real file has. */
const HEADER_LIMIT = 1024 * 1024;

interface PlyHeader {
  encoding: 'ascii' | 'binary';
  version: string | null;
  faces: number;
  /** Whether the faces carry colours or texture coordinates (three then draws them without indices). */
  faceAttributes: boolean;
}

function readHeader(file: Buffer): PlyHeader {
  const end = file.subarray(0, HEADER_LIMIT).indexOf('end_header');
  if (!/^ply\r?\n/.test(file.subarray(0, 5).toString('latin1')) || end < 0)
    throw new GeometryFailure('unreadable', { format: FORMAT });
  const lines = file
    .subarray(0, end)
    .toString('latin1')
    .split(/\r?\n|\r/)
    .map((line) => line.trim().split(/\s+/));
  const format = lines.find((words) => words[0] === 'format');
  if (!format || !['ascii', 'binary_little_endian', 'binary_big_endian'].includes(format[1]))
    throw new GeometryFailure('unreadable', { format: FORMAT });
  let faces = 0;
  let faceAttributes = false;
  let element = '';
  for (const words of lines) {
    if (words[0] === 'element') {
      element = words[1];
      if (element === 'face') faces = Number(words[2]);
    } else if (words[0] === 'property' && element === 'face')
      faceAttributes ||= /^(texcoord|red|diffuse_red|r|diffuse_r)$/.test(words[words.length - 1]);
  }
  if (!Number.isSafeInteger(faces) || faces < 0) throw new GeometryFailure('unreadable', { format: FORMAT });
  return {
    encoding: format[1] === 'ascii' ? 'ascii' : 'binary',
    version: format[2] ?? null,
    faces,
    faceAttributes,
  };
}

export const readPly: SourceReader = async (input) => {
  const file = await readFile(input.path);
  const header = readHeader(file);
  const tooMany = () => new GeometryFailure('tooManyTriangles', { limit: input.limits.maxTriangles });
  if (header.faces === 0) throw new GeometryFailure('noGeometry');
  if (header.faces > input.limits.maxTriangles) throw tooMany();
  let geometry: BufferGeometry;
  try {
    geometry = new PLYLoader().parse(file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength));
  } catch {
    throw new GeometryFailure('unreadable', { format: FORMAT });
  }
  // Without indices three draws every three vertices as a triangle: right only when it spread the faces itself.
  if (!geometry.index && !header.faceAttributes) throw new GeometryFailure('noGeometry');
  const colored = geometry.getAttribute('color') !== undefined;
  const mesh = new Mesh(geometry, new MeshStandardMaterial({ vertexColors: colored }));
  mesh.name = basename(input.path);
  const triangles = sceneTriangles(mesh);
  if (triangles === 0) throw new GeometryFailure('noGeometry');
  if (triangles > input.limits.maxTriangles) throw tooMany();
  const builder = new DocumentBuilder(basename(input.path), rootMatrix(1, false));
  addThreeScene(builder, mesh, {
    format: FORMAT,
    material: (_material, vertexColors) =>
      vertexColors
        ? builder.material('colours', () => ({ name: 'PLY colours', baseColor: [1, 1, 1, 1] }))
        : builder.material('grey', () => ({ name: 'PLY' })),
  });
  return {
    document: builder.document,
    format: FORMAT,
    version: header.version,
    encoding: header.encoding,
    sourceTriangles: Math.max(triangles, header.faces),
    missingTextures: [],
  };
};
