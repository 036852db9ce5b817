/**
 * STEP (.step, .stp) and IGES (.iges, .igs) files read with occt-import-js: Open CASCADE, compiled to
 * WebAssembly, reads the b-rep, cuts its surfaces into triangles at the preset's deflections and answers meshes in
 * metres with every placement applied, named by the file's product tree. Each b-rep face keeps its colour (faces
 * of one colour make one primitive), else its body's, else a neutral grey. CAD is Z up: the root node turns it to
 * glTF's Y up. The WebAssembly module is made once per process and reused for every file.
 */
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import occtimportjs, {
  type OcctColor,
  type OcctImportParams,
  type OcctMesh,
  type OcctModule,
  type OcctNode,
  type OcctResult,
} from 'occt-import-js';
import { GeometryFailure } from '../failures';
import { DocumentBuilder, rootMatrix } from './document-builder';
import type { SourceModel, SourceReader, SourceReaderInput, TessellationQuality } from './source-model';

/**
 * How finely Open CASCADE (BRepMesh) cuts curved surfaces: no triangle farther from its surface than
 * `linearDeflection` times the average side of each top-level shape's bounding box (so a 10 mm bolt and a 5 m
 * frame get the same look), no two neighbouring normals more than `angularDeflection` radians apart (so small
 * round features stay round whatever their size). Planar faces take the fewest triangles at every preset.
 * - draft: 1/250 of the box, 0.8 rad (46°, a full circle in 8 segments): about 0.6× standard on the corpus's
 *   curved parts, for quick looks at large assemblies.
 * - standard: 1/1000 of the box, 0.5 rad (29°, 13 segments): occt-import-js's own defaults, which are what the
 *   reference counts of the test corpus were made with and what a viewer needs at full screen.
 * - fine: 1/3300 of the box, 0.25 rad (14°, 26 segments): about 2× standard; closer deflections multiply the
 *   count without a visible difference (dm1-id-214.stp jumps from 3,176 to 41,018 triangles at 1/5000, 0.2 rad).
 */
export const OCCT_TESSELLATION: Record<TessellationQuality, OcctImportParams> = {
  draft: { linearDeflectionType: 'bounding_box_ratio', linearDeflection: 0.004, angularDeflection: 0.8 },
  standard: { linearDeflectionType: 'bounding_box_ratio', linearDeflection: 0.001, angularDeflection: 0.5 },
  fine: { linearDeflectionType: 'bounding_box_ratio', linearDeflection: 0.0003, angularDeflection: 0.25 },
};

/** Linear RGB of faces and bodies the file gives no colour. */
const NEUTRAL_GREY: OcctColor = [0.5, 0.5, 0.5];

type CadFormat = 'STEP' | 'IGES';

let occt: Promise<OcctModule> | undefined;

/** The process's one instance of the WebAssembly module (Open CASCADE's messages are not the log's business). */
function occtModule(): Promise<OcctModule> {
  occt ??= occtimportjs({ print: () => undefined, printErr: () => undefined }).catch((error: unknown) => {
    occt = undefined;
    throw error;
  });
  return occt;
}

const unreadable = (format: CadFormat) => new GeometryFailure('unreadable', { format });

/** The first bytes as text (after a UTF-8 mark): enough for STEP's header and IGES's start and global sections. */
const headText = (bytes: Uint8Array): string => {
  const marked = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  return Buffer.from(bytes.subarray(marked ? 3 : 0, 65_536)).toString('latin1');
};

/** The last bytes as text: where a whole file shows its end. */
const tailText = (bytes: Uint8Array): string =>
  Buffer.from(bytes.subarray(Math.max(0, bytes.length - 4096))).toString('latin1');

/** ISO 10303-21 (STEP's file format) opens every file with one keyword and ends it with another. */
const isWholeStep = (head: string, tail: string): boolean =>
  /^\s*ISO-10303-21\s*;/.test(head) && tail.includes('END-ISO-10303-21');

/**
 * IGES's fixed ASCII form: 80-column lines with their section's letter in column 73, from the Start (S) or
 * Global (G) section to the one-line Terminate (T) section.
 */
const isWholeIges = (head: string, tail: string): boolean => {
  const lines = (text: string) => text.split(/\r?\n/).filter((line) => line.trim() !== '');
  const first = lines(head)[0];
  const last = lines(tail).at(-1);
  return first !== undefined && first.length >= 73 && 'SG'.includes(first[72]) && last?.[72] === 'T';
};

/** STEP schemas by the name FILE_SCHEMA gives, then by the ISO object identifier's part number. */
function stepSchemaVersion(head: string): string | null {
  const schema = /FILE_SCHEMA\s*\(\s*\(\s*'([^']*)'/i.exec(head)?.[1].trim().toUpperCase();
  if (!schema) return null;
  if (schema.startsWith('CONFIG_CONTROL_DESIGN')) return 'AP203';
  if (schema.startsWith('AUTOMOTIVE_DESIGN')) return 'AP214';
  const named = /^AP(\d{3})/.exec(schema);
  if (named) return `AP${named[1]}`;
  const identifier = /\{\s*1\s+0\s+10303\s+(\d+)\b/.exec(schema);
  return identifier ? `AP${identifier[1]}` : null;
}

/** IGES's version flag (global parameter 23) as the specification's edition. */
const IGES_VERSIONS: Record<string, string> = {
  '1': '1.0',
  '2': 'ANSI Y14.26M-1981',
  '3': '2.0',
  '4': '3.0',
  '5': 'ASME/ANSI Y14.26M-1987',
  '6': '4.0',
  '7': 'ASME Y14.26M-1989',
  '8': '5.0',
  '9': '5.1',
  '10': '5.2',
  '11': '5.3',
};

/**
 * The global section's parameters: columns 1–72 of the lines marked G, parameters split at the parameter
 * delimiter (',' unless parameter 1 names another) up to the record delimiter, strings in Hollerith form
 * (`10HCube 10x10`) taken by their length so a delimiter inside one does not split it.
 */
function igesGlobalParameters(head: string): string[] {
  const text = head
    .split(/\r?\n/)
    .filter((line) => line.length >= 73 && line[72] === 'G')
    .map((line) => line.slice(0, 72))
    .join('');
  let delimiter = ',';
  let end = ';';
  const parameters: string[] = [];
  let at = 0;
  while (at < text.length && parameters.length < 26) {
    const hollerith = /^\s*(\d+)H/.exec(text.slice(at, at + 16));
    let value: string;
    if (hollerith) {
      const start = at + hollerith[0].length;
      value = text.slice(start, start + Number(hollerith[1]));
      at = start + value.length;
      if (parameters.length === 0 && value.length === 1) delimiter = value;
      if (parameters.length === 1 && value.length === 1) end = value;
    } else {
      let stop = at;
      while (stop < text.length && text[stop] !== delimiter && text[stop] !== end) stop += 1;
      value = text.slice(at, stop).trim();
      at = stop;
    }
    parameters.push(value);
    if (text[at] === end) break;
    at += 1;
  }
  return parameters;
}

const igesVersion = (head: string): string | null => IGES_VERSIONS[igesGlobalParameters(head)[22]] ?? null;

const colorKey = (color: OcctColor): string => color.map((value) => value.toFixed(4)).join(',');

const hex = (color: OcctColor): string =>
  color
    .map((value) =>
      Math.round(Math.min(1, Math.max(0, value)) * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('');

/** A mesh's triangles grouped by colour: each face's own, else the mesh's, else grey. */
function trianglesByColor(mesh: OcctMesh): Map<string, { color: OcctColor; triangles: number[] }> {
  const triangleCount = mesh.index.array.length / 3;
  const fallback = mesh.color ?? NEUTRAL_GREY;
  const groups = new Map<string, { color: OcctColor; triangles: number[] }>();
  const add = (color: OcctColor, first: number, last: number) => {
    const key = colorKey(color);
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { color, triangles: [] }));
    for (let triangle = first; triangle <= last; triangle += 1) group.triangles.push(triangle);
  };
  let covered = 0;
  for (const face of mesh.brep_faces) {
    if (face.last < face.first) continue;
    add(face.color ?? fallback, face.first, Math.min(face.last, triangleCount - 1));
    covered = Math.max(covered, face.last + 1);
  }
  // Triangles no face claims (none in practice) keep the mesh's colour.
  if (covered < triangleCount) add(fallback, covered, triangleCount - 1);
  return groups;
}

/** The vertices and indices of some of a mesh's triangles, renumbered from 0. */
function subset(mesh: OcctMesh, triangles: number[]) {
  const index = mesh.index.array;
  const position = mesh.attributes.position.array;
  const normal = mesh.attributes.normal?.array;
  const remap = new Int32Array(position.length / 3).fill(-1);
  const indices = new Uint32Array(triangles.length * 3);
  let vertices = 0;
  triangles.forEach((triangle, at) => {
    for (let corner = 0; corner < 3; corner += 1) {
      const vertex = index[triangle * 3 + corner];
      if (remap[vertex] < 0) remap[vertex] = vertices++;
      indices[at * 3 + corner] = remap[vertex];
    }
  });
  const positions = new Float32Array(vertices * 3);
  const normals = normal ? new Float32Array(vertices * 3) : undefined;
  remap.forEach((to, from) => {
    if (to < 0) return;
    for (let axis = 0; axis < 3; axis += 1) {
      positions[to * 3 + axis] = position[from * 3 + axis];
      if (normals && normal) normals[to * 3 + axis] = normal[from * 3 + axis];
    }
  });
  return { positions, normals, indices };
}

function buildDocument(result: Extract<OcctResult, { success: true }>, name: string) {
  const builder = new DocumentBuilder(name, rootMatrix(1, true));
  const glTFMesh = (mesh: OcctMesh, fallbackName: string) => {
    const groups = [...trianglesByColor(mesh).values()];
    const primitives = groups.map(({ color, triangles }) => {
      const material = builder.material(colorKey(color), () => ({
        name: `#${hex(color)}`,
        baseColor: [...color, 1],
        metallic: 0,
        roughness: 0.5,
        // IGES and STEP surface models have no consistent face orientation.
        doubleSided: true,
      }));
      const whole = groups.length === 1;
      const { positions, normals, indices } = whole
        ? {
            positions: new Float32Array(mesh.attributes.position.array),
            normals: mesh.attributes.normal ? new Float32Array(mesh.attributes.normal.array) : undefined,
            indices: new Uint32Array(mesh.index.array),
          }
        : subset(mesh, triangles);
      return builder.primitive({ positions, normals, indices, material });
    });
    return builder.mesh(mesh.name || fallbackName, primitives);
  };
  // The product tree: assemblies as nodes, each body a node with its mesh (positions are already placed).
  const visit = (node: OcctNode, parent = builder.root) => {
    const drawn = node.meshes.filter((index) => result.meshes[index]?.index.array.length);
    if (!drawn.length && !node.children.length) return;
    const single = drawn.length === 1 && node.children.length === 0;
    const own = node === result.root ? parent : builder.node(node.name || 'Part', { parent });
    if (single) {
      own.setMesh(glTFMesh(result.meshes[drawn[0]], node.name || 'Part'));
    } else {
      for (const index of drawn) {
        const mesh = result.meshes[index];
        builder.node(mesh.name || node.name || 'Body', {
          mesh: glTFMesh(mesh, node.name || 'Body'),
          parent: own,
        });
      }
    }
    for (const child of node.children) visit(child, own);
  };
  visit(result.root);
  return builder.document;
}

async function readCad(input: SourceReaderInput, format: CadFormat): Promise<SourceModel> {
  const bytes = new Uint8Array(await readFile(input.path));
  const head = headText(bytes);
  // Another kind of file, or one cut off (Open CASCADE reads the part it has of some).
  if (!(format === 'STEP' ? isWholeStep : isWholeIges)(head, tailText(bytes))) throw unreadable(format);
  const module = await occtModule();
  const params: OcctImportParams = { linearUnit: 'meter', ...OCCT_TESSELLATION[input.limits.quality] };
  let result: OcctResult;
  try {
    result = format === 'STEP' ? module.ReadStepFile(bytes, params) : module.ReadIgesFile(bytes, params);
  } catch {
    // Open CASCADE aborted inside the WebAssembly (a damaged file it did not guard against): that instance is
    // unusable, the next file gets a new one.
    occt = undefined;
    throw unreadable(format);
  }
  if (!result.success) throw unreadable(format);
  let triangles = 0;
  for (const mesh of result.meshes) triangles += mesh.index.array.length / 3;
  if (triangles === 0) throw new GeometryFailure('noGeometry');
  if (triangles > input.limits.maxTriangles) {
    throw new GeometryFailure('tooManyTriangles', { limit: input.limits.maxTriangles });
  }
  return {
    document: buildDocument(result, basename(input.path)),
    format,
    version: format === 'STEP' ? stepSchemaVersion(head) : igesVersion(head),
    encoding: null, // STEP and IGES files are text only
    sourceTriangles: null,
    missingTextures: [],
  };
}

export const readStep: SourceReader = (input) => readCad(input, 'STEP');
export const readIges: SourceReader = (input) => readCad(input, 'IGES');
