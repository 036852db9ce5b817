/**
 * What an FBX file itself says, read from its tree (fbx-tree.ts) so the pipeline can check what the converter
 * made of it: its real version (FBX 5 binary files carry 3000 in their header and the version inside), the
 * triangles its polygons make (each polygon of n corners is n − 2 triangles, each mesh counted as often as models
 * use it), whether any polygon has more than three corners, the texture files its textures name, the images it
 * embeds and each material's own colour. FBX 7 keeps objects under `Objects` tied by `Connections`; FBX 5 and 6
 * keep a mesh's arrays inside its model and name objects `Class::name` (FBX 5: the name alone).
 */
import {
  childOf,
  type FbxProperty,
  type FbxRecord,
  type FbxTree,
  numberOf,
  recordArray,
  stringOf,
} from './fbx-tree';

export interface FbxTextureReference {
  /** The texture object's name, as converters name the texture. */
  name: string;
  /** The image's file name without its folder, as the file names it (relative name first). */
  fileName: string;
}

export interface FbxMaterialColour {
  /** Linear RGB: the diffuse colour times its factor. */
  diffuse: [number, number, number];
  /** 1 − transparency. */
  opacity: number;
}

export interface FbxFacts {
  /** e.g. 7400, 6100, 5800; the header's when the file says no more. */
  version: number;
  /** Triangles of the file's own polygons, each mesh as often as models use it. */
  triangles: number;
  /** Whether a polygon has four or more corners (the converter has to triangulate). */
  hasLargePolygons: boolean;
  /** Textures the materials may use, with their file names. */
  textures: FbxTextureReference[];
  /** Images the file carries inside it (a Video's Content), by file name. */
  embedded: Array<{ fileName: string; bytes: Buffer }>;
  /** Each material's own colour, by the material's name. */
  materials: Map<string, FbxMaterialColour>;
}

/** An object's name without its class: `Model::Box` (ASCII, FBX 6) and `Box\0\x01Model` (binary FBX 7) → `Box`. */
export function objectName(property: FbxProperty | undefined): string {
  const text = stringOf(property) ?? '';
  const binary = text.indexOf('\0\x01');
  if (binary >= 0) return text.slice(0, binary);
  const separator = text.indexOf('::');
  return separator >= 0 ? text.slice(separator + 2) : text;
}

/** A file name without the folders of whichever system wrote it. */
export const baseName = (path: string): string => path.split(/[\\/]/).pop() ?? path;

/** An object id as a key (binary int64s exactly, ASCII as written). */
function idOf(property: FbxProperty | undefined): string | null {
  if (property?.kind !== 'number') return null;
  return property.big !== undefined ? String(property.big) : (property.text ?? String(property.value));
}

function* walk(records: FbxRecord[]): Generator<FbxRecord> {
  for (const record of records) {
    yield record;
    yield* walk(record.children);
  }
}

/** The polygon sizes of a mesh record's PolygonVertexIndex (a corner's index is negated, minus one, at its end). */
export function polygonSizes(indices: ArrayLike<number>): number[] {
  const sizes: number[] = [];
  let corners = 0;
  for (let k = 0; k < indices.length; k += 1) {
    corners += 1;
    if (indices[k] < 0) {
      sizes.push(corners);
      corners = 0;
    }
  }
  return sizes;
}

/** A record's value under a Properties70 (`P`) or Properties60 (`Property`) block, as its numbers. */
function propertyNumbers(record: FbxRecord, name: string): number[] | null {
  for (const block of [childOf(record, 'Properties70'), childOf(record, 'Properties60')]) {
    if (!block) continue;
    for (const entry of block.children) {
      if (stringOf(entry.properties[0]) !== name) continue;
      // P: name, type, label, flags, values…; Property: name, type, flags, values….
      const values = entry.properties.slice(entry.name === 'P' ? 4 : 3);
      const numbers = values.flatMap((value) =>
        value.kind === 'array'
          ? Array.from(recordArray({ name: '', properties: [value], children: [] }) ?? [])
          : [numberOf(value)],
      );
      return numbers.every((value): value is number => value !== null) ? numbers : null;
    }
  }
  return null;
}

function materialColour(record: FbxRecord): FbxMaterialColour | null {
  const colour = propertyNumbers(record, 'DiffuseColor') ?? propertyNumbers(record, 'Diffuse');
  if (!colour || colour.length < 3) return null;
  const factor = propertyNumbers(record, 'DiffuseFactor')?.[0] ?? 1;
  const transparency = propertyNumbers(record, 'TransparencyFactor')?.[0];
  const opacity = propertyNumbers(record, 'Opacity')?.[0];
  const clamp = (value: number) => Math.min(1, Math.max(0, value));
  return {
    diffuse: [clamp(colour[0] * factor), clamp(colour[1] * factor), clamp(colour[2] * factor)],
    opacity: clamp(opacity ?? (transparency !== undefined ? 1 - transparency : 1)),
  };
}

/** How many models use each FBX 7 geometry (by id), from the file's `Connections`. */
function geometryUses(tree: FbxTree): Map<string, number> {
  const uses = new Map<string, number>();
  const connections = tree.records.find((record) => record.name === 'Connections');
  for (const connection of connections?.children ?? []) {
    if (connection.name !== 'C' || stringOf(connection.properties[0]) !== 'OO') continue;
    const child = idOf(connection.properties[1]);
    if (child) uses.set(child, (uses.get(child) ?? 0) + 1);
  }
  return uses;
}

export function fbxFacts(tree: FbxTree): FbxFacts {
  const header = tree.records.find((record) => record.name === 'FBXHeaderExtension');
  const declared = header ? numberOf(childOf(header, 'FBXVersion')?.properties[0]) : null;
  const fbx7 = (declared ?? tree.headerVersion) >= 7000;
  const uses = fbx7 ? geometryUses(tree) : null;

  let triangles = 0;
  let hasLargePolygons = false;
  const textures: FbxTextureReference[] = [];
  const embedded: FbxFacts['embedded'] = [];
  const materials = new Map<string, FbxMaterialColour>();
  for (const record of walk(tree.records)) {
    const polygons = childOf(record, 'PolygonVertexIndex');
    if (polygons && childOf(record, 'Vertices')) {
      const sizes = polygonSizes(recordArray(polygons) ?? []);
      const own = sizes.reduce((sum, corners) => sum + Math.max(0, corners - 2), 0);
      hasLargePolygons ||= sizes.some((corners) => corners > 3);
      // An FBX 7 geometry counts as often as models use it; FBX 5 and 6 keep it inside its one model.
      const instances = uses ? (uses.get(idOf(record.properties[0]) ?? '') ?? 0) : 1;
      triangles += own * instances;
    }
    const fileName =
      stringOf(childOf(record, 'RelativeFilename')?.properties[0]) ||
      stringOf(childOf(record, 'FileName')?.properties[0]) ||
      stringOf(childOf(record, 'Filename')?.properties[0]);
    if (record.name === 'Texture' && fileName)
      textures.push({ name: objectName(record.properties[fbx7 ? 1 : 0]), fileName: baseName(fileName) });
    if (record.name === 'Video' && fileName) {
      const content = childOf(record, 'Content')?.properties.find((property) => property.kind !== 'word');
      const bytes =
        content?.kind === 'raw'
          ? content.bytes
          : content?.kind === 'string' && content.value
            ? Buffer.from(content.value, 'base64')
            : null;
      if (bytes?.length) embedded.push({ fileName: baseName(fileName), bytes });
    }
    if (record.name === 'Material' && record.properties.length) {
      const colour = materialColour(record);
      if (colour) materials.set(objectName(record.properties[fbx7 ? 1 : 0]), colour);
    }
  }
  return {
    version: declared ?? tree.headerVersion,
    triangles,
    hasLargePolygons,
    textures,
    embedded,
    materials,
  };
}

/** The records holding a mesh's arrays (FBX 7 Geometry, FBX 5/6 Model). */
export const meshRecords = (tree: FbxTree): FbxRecord[] =>
  [...walk(tree.records)].filter(
    (record) => childOf(record, 'PolygonVertexIndex') && childOf(record, 'Vertices'),
  );
