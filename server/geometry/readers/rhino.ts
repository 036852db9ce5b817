/**
 * Rhino (.3dm) files read with rhino3dm (openNURBS compiled to WebAssembly). openNURBS cannot mesh surfaces
 * itself (rhino3dm 8 has no Mesh.createFromBrep): mesh objects are drawn as they are, breps and extrusions by the
 * render meshes Rhino cached in the file, SubD objects by their control net subdivided by the quality preset. An
 * object with surfaces but no cached mesh is left out and counted (`skippedObjects`); a file with nothing to draw
 * fails as noGeometry. Blocks are nodes with their transforms over the definition's objects (one glTF mesh per
 * object and appearance, shared by every placement). Each object's appearance is its render material (by object,
 * layer or parent) else its display colour; hidden objects, hidden layers and layout (page) objects are not drawn.
 * The model unit comes from the file's settings; Rhino is Z up. The module is made once per process; everything
 * a file allocates in it is freed when the file has been read.
 */
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { Mesh as GltfMesh, Node } from '@gltf-transform/core';
import rhino3dm, {
  type File3dm,
  type GeometryBase,
  type Layer,
  type Mesh,
  type ObjectAttributes,
  type RhinoModule,
  type SubD,
  type UnitSystem,
} from 'rhino3dm';
import { GeometryFailure } from '../failures';
import { DocumentBuilder, type Matrix4, rootMatrix, srgbToLinear } from './document-builder';
import type { SourceModel, SourceReaderInput, TessellationQuality } from './source-model';

/**
 * Catmull-Clark steps applied to a SubD's control net before it is drawn (each step four times the faces):
 * draft 1, standard 2 (within a few thousandths of the limit surface on usual shapes), fine 3 (three.js's 3DM
 * loader's default). Fewer when the triangle cap would be passed. Breps and meshes do not change with the preset.
 */
export const SUBD_LEVELS: Record<TessellationQuality, number> = { draft: 1, standard: 2, fine: 3 };

export interface RhinoModel extends SourceModel {
  /** Objects with surfaces that could not be drawn: breps, extrusions and surfaces without cached meshes. */
  skippedObjects: number;
}

/** What rhino3dm 8.35 does at runtime that its d.ts says otherwise. */
interface SubDRuntime {
  subdivide(count: number): boolean;
}
interface MeshStaticsRuntime {
  createFromSubDControlNet(subd: SubD, includeTextureCoordinates: boolean): Mesh | null;
}
/** `Mesh.toThreejsBuffers`: the mesh's arrays copied out in one go, quads split in two. */
interface MeshBuffers {
  position: Float32Array;
  normal?: Float32Array;
  index?: Uint32Array;
  /** r, g, b per vertex, 0–1 sRGB. */
  color?: Float32Array;
}

const isMeshBuffers = (value: unknown): value is MeshBuffers =>
  typeof value === 'object' &&
  value !== null &&
  (value as { position?: unknown }).position instanceof Float32Array;

/** Metres per model unit (none, custom and unset units: taken as metres, rhino3dm does not give a custom scale). */
const METRES_PER_UNIT: Partial<Record<keyof typeof UnitSystem, number>> = {
  Angstroms: 1e-10,
  Nanometers: 1e-9,
  Microns: 1e-6,
  Millimeters: 1e-3,
  Centimeters: 1e-2,
  Decimeters: 0.1,
  Meters: 1,
  Dekameters: 10,
  Hectometers: 100,
  Kilometers: 1000,
  Megameters: 1e6,
  Gigameters: 1e9,
  Microinches: 2.54e-8,
  Mils: 2.54e-5,
  Inches: 0.0254,
  Feet: 0.3048,
  Yards: 0.9144,
  Miles: 1609.344,
  PrinterPoints: 0.0254 / 72,
  PrinterPicas: 0.0254 / 6,
  NauticalMiles: 1852,
  AstronomicalUnits: 1.495978707e11,
  LightYears: 9.4607304725808e15,
  Parsecs: 3.085677581491367e16,
};

/** Blocks nest at most this deep (and never inside themselves). */
const MAX_BLOCK_DEPTH = 16;

let rhinoInstance: Promise<RhinoModule> | undefined;

/** The process's one instance of the module (openNURBS's messages are not the log's business). */
function rhinoModule(): Promise<RhinoModule> {
  rhinoInstance ??= rhino3dm({ print: () => undefined, printErr: () => undefined }).catch(
    (error: unknown) => {
      rhinoInstance = undefined;
      throw error;
    },
  );
  return rhinoInstance;
}

const unreadable = () => new GeometryFailure('unreadable', { format: '3DM' });

/** Every 3dm file opens with this, then its version in 8 characters. */
const is3dm = (bytes: Uint8Array) =>
  Buffer.from(bytes.subarray(0, 24)).toString('latin1') === '3D Geometry File Format ';

interface EmbindHandle {
  delete(): void;
  isDeleted(): boolean;
}

/**
 * Frees a rhino3dm wrapper and the C++ object it owns in the WebAssembly's memory. Embind's `delete` is found on
 * the prototype that defines it (ClassHandle's): the tables shadow it with a `delete(id)` of their own that
 * removes an entry, and the d.ts declares neither.
 */
function free(handle: unknown) {
  if (typeof handle !== 'object' || handle === null) return;
  let prototype: unknown = Object.getPrototypeOf(handle);
  while (typeof prototype === 'object' && prototype !== null && !Object.hasOwn(prototype, 'isDeleted')) {
    prototype = Object.getPrototypeOf(prototype);
  }
  if (typeof prototype !== 'object' || prototype === null) return;
  const { delete: remove, isDeleted } = prototype as Partial<EmbindHandle>;
  if (typeof remove === 'function' && typeof isDeleted === 'function' && !isDeleted.call(handle)) {
    remove.call(handle);
  }
}

/** rhino3dm's colours: { r, g, b, a } 0–255 (its d.ts says `object` or `number[]`). */
function rgbaOf(value: unknown): [number, number, number, number] | null {
  if (typeof value !== 'object' || value === null) return null;
  const { r, g, b, a } = value as { r?: unknown; g?: unknown; b?: unknown; a?: unknown };
  if (typeof r !== 'number' || typeof g !== 'number' || typeof b !== 'number') return null;
  return [r, g, b, typeof a === 'number' ? a : 255];
}

const linearColor = (
  [r, g, b]: [number, number, number, number],
  alpha: number,
): [number, number, number, number] => [
  srgbToLinear(r / 255),
  srgbToLinear(g / 255),
  srgbToLinear(b / 255),
  alpha,
];

const hex = (rgba: [number, number, number, number]) =>
  rgba
    .slice(0, 3)
    .map((value) => Math.round(value).toString(16).padStart(2, '0'))
    .join('');

interface Appearance {
  key: string;
  name: string;
  /** Linear RGBA. */
  color: [number, number, number, number];
}

/** One object's triangles as drawn, with what the file itself counts for it (null: we tessellated it). */
interface Part {
  positions: Float32Array;
  normals?: Float32Array;
  colors?: Float32Array;
  indices: Uint32Array;
  triangles: number;
  ownTriangles: number | null;
}

interface ObjectEntry {
  /** Its place in the object table. */
  index: number;
  attributes: ObjectAttributes;
  geometry: GeometryBase;
}

/** Triangles of a Rhino mesh's faces (valid quads count two). */
function faceTriangles(mesh: Mesh): number {
  const faces = mesh.faces();
  try {
    return faces.triangleCount + 2 * faces.quadCount;
  } finally {
    free(faces);
  }
}

function buffersOf(mesh: Mesh): MeshBuffers | null {
  const buffers: unknown = mesh.toThreejsBuffers(false);
  return isMeshBuffers(buffers) && buffers.index?.length ? buffers : null;
}

/** Several meshes' arrays as one part. */
function joined(all: MeshBuffers[], ownTriangles: number | null): Part {
  let vertices = 0;
  let corners = 0;
  for (const buffers of all) {
    vertices += buffers.position.length / 3;
    corners += buffers.index?.length ?? 0;
  }
  const withNormals = all.every((buffers) => buffers.normal?.length === buffers.position.length);
  const withColors = all.every((buffers) => buffers.color?.length === buffers.position.length);
  const positions = new Float32Array(vertices * 3);
  const normals = withNormals ? new Float32Array(vertices * 3) : undefined;
  const colors = withColors ? new Float32Array(vertices * 3) : undefined;
  const indices = new Uint32Array(corners);
  let vertexAt = 0;
  let cornerAt = 0;
  for (const buffers of all) {
    positions.set(buffers.position, vertexAt * 3);
    if (normals && buffers.normal) normals.set(buffers.normal, vertexAt * 3);
    if (colors && buffers.color) {
      for (let at = 0; at < buffers.color.length; at += 1) {
        colors[vertexAt * 3 + at] = srgbToLinear(buffers.color[at]);
      }
    }
    for (const index of buffers.index ?? []) indices[cornerAt++] = index + vertexAt;
    vertexAt += buffers.position.length / 3;
  }
  return { positions, normals, colors, indices, triangles: corners / 3, ownTriangles };
}

export async function readRhinoFile(input: SourceReaderInput): Promise<RhinoModel> {
  const bytes = new Uint8Array(await readFile(input.path));
  if (!is3dm(bytes)) throw unreadable();
  const rhino = await rhinoModule();
  // Wrappers that live as long as the file is read, freed last to first.
  const held: unknown[] = [];
  const hold = <T>(handle: T): T => {
    held.push(handle);
    return handle;
  };
  try {
    let file: File3dm | null;
    try {
      file = rhino.File3dm.fromByteArray(bytes);
    } catch {
      // openNURBS aborted inside the WebAssembly: that instance is unusable, the next file gets a new one.
      rhinoInstance = undefined;
      throw unreadable();
    }
    if (!file) throw unreadable();
    const doc = hold(file);
    return readDocument(rhino, doc, input, hold);
  } finally {
    for (const handle of held.reverse()) free(handle);
  }
}

function readDocument(
  rhino: RhinoModule,
  doc: File3dm,
  input: SourceReaderInput,
  hold: <T>(handle: T) => T,
): RhinoModel {
  const { maxTriangles, quality } = input.limits;
  const settings = hold(doc.settings());
  const unitName = Object.entries(rhino.UnitSystem).find(
    ([, value]) => value === settings.modelUnitSystem,
  )?.[0];
  const scale = METRES_PER_UNIT[unitName as keyof typeof UnitSystem] ?? 1;
  const builder = new DocumentBuilder(basename(input.path), rootMatrix(scale, true));

  // Layers by index, with their visibility through their parents.
  const layerTable = hold(doc.layers());
  const layers = new Map<number, Layer>();
  const layersById = new Map<string, Layer>();
  for (let at = 0; at < layerTable.count; at += 1) {
    const layer = hold(layerTable.get(at));
    if (!layer) continue;
    layers.set(layer.index, layer);
    layersById.set(layer.id, layer);
  }
  const layerShown = (layer: Layer | undefined): boolean => {
    for (let depth = 0; layer && depth < 64; depth += 1) {
      if (!layer.visible) return false;
      layer = layersById.get(layer.parentLayerId);
    }
    return true;
  };

  const materialTable = hold(doc.materials());
  const materials = new Map<number, Appearance | null>();
  const materialAppearance = (index: number): Appearance | null => {
    if (index < 0 || index >= materialTable.count) return null;
    if (materials.has(index)) return materials.get(index) ?? null;
    const material = hold(materialTable.get(index));
    const diffuse = material ? rgbaOf(material.diffuseColor) : null;
    let appearance: Appearance | null = null;
    if (material && diffuse) {
      const alpha = 1 - Math.min(1, Math.max(0, material.transparency || 0));
      const name = material.name || `#${hex(diffuse)}`;
      // Materials alike in what glTF keeps of them (Rhino files often hold many copies of one) make one.
      appearance = {
        key: `material ${name} ${hex(diffuse)} ${alpha}`,
        name,
        color: linearColor(diffuse, alpha),
      };
    }
    materials.set(index, appearance);
    return appearance;
  };
  const colorAppearance = (value: unknown): Appearance | null => {
    const rgba = rgbaOf(value);
    return rgba ? { key: `color ${hex(rgba)}`, name: `#${hex(rgba)}`, color: linearColor(rgba, 1) } : null;
  };
  const appearanceOf = (attributes: ObjectAttributes, inherited: Appearance | undefined): Appearance => {
    const layer = layers.get(attributes.layerIndex);
    const source = attributes.materialSource;
    if (source === rhino.ObjectMaterialSource.MaterialFromParent && inherited) return inherited;
    const materialIndex =
      source === rhino.ObjectMaterialSource.MaterialFromObject
        ? attributes.materialIndex
        : (layer?.renderMaterialIndex ?? -1);
    const material = materialAppearance(materialIndex);
    if (material) return material;
    const colorSource = attributes.colorSource;
    if (colorSource === rhino.ObjectColorSource.ColorFromParent && inherited) return inherited;
    const color =
      colorSource === rhino.ObjectColorSource.ColorFromObject
        ? colorAppearance(attributes.objectColor)
        : colorAppearance(layer?.color);
    return color ?? { key: 'grey', name: 'grey', color: [0.5, 0.5, 0.5, 1] };
  };

  // Every object by its id (blocks name their objects by id).
  const objectTable = hold(doc.objects());
  const entries: ObjectEntry[] = [];
  const byId = new Map<string, ObjectEntry>();
  for (let at = 0; at < objectTable.count; at += 1) {
    const object = hold(objectTable.get(at));
    if (!object) continue;
    const entry = { index: at, attributes: hold(object.attributes()), geometry: hold(object.geometry()) };
    if (!entry.geometry) continue;
    entries.push(entry);
    byId.set(entry.attributes.id, entry);
  }
  const definitionTable = hold(doc.instanceDefinitions());
  const definitions = new Map<string, ObjectEntry[]>();
  for (let at = 0; at < definitionTable.count; at += 1) {
    const definition = hold(definitionTable.get(at));
    if (!definition) continue;
    const ids: unknown = definition.getObjectIds();
    const members = Array.isArray(ids)
      ? ids.flatMap((id) => (typeof id === 'string' && byId.has(id) ? [byId.get(id) as ObjectEntry] : []))
      : [];
    definitions.set(definition.id, members);
  }

  let triangles = 0;
  let ownTriangles: number | null = 0;
  let skippedObjects = 0;
  const withinCap = (more: number) => {
    if (triangles + more > maxTriangles) {
      throw new GeometryFailure('tooManyTriangles', { limit: maxTriangles });
    }
  };

  /** A mesh's arrays (the mesh freed), once the cap allows them beside `pending` triangles of the same object. */
  const meshBuffers = (mesh: Mesh | null, pending = 0): MeshBuffers | null => {
    if (!mesh) return null;
    try {
      withinCap(pending + faceTriangles(mesh));
      return buffersOf(mesh);
    } finally {
      free(mesh);
    }
  };

  /** A SubD's control net after as many subdivisions as the preset asks and the cap allows. */
  const subdBuffers = (subd: SubD): MeshBuffers | null => {
    const statics = rhino.Mesh as unknown as MeshStaticsRuntime;
    const net = statics.createFromSubDControlNet(subd, false);
    if (!net) return null;
    let level = 0;
    try {
      const base = faceTriangles(net);
      withinCap(base);
      while (level < SUBD_LEVELS[quality] && triangles + base * 4 ** (level + 1) <= maxTriangles) level += 1;
      if (level === 0) return buffersOf(net);
    } finally {
      free(net);
    }
    (subd as unknown as SubDRuntime).subdivide(level);
    return meshBuffers(statics.createFromSubDControlNet(subd, false));
  };

  /** The triangles an object draws, made once per object; null when it draws none. */
  const parts = new Map<ObjectEntry, Part | null>();
  const partOf = (entry: ObjectEntry): Part | null => {
    if (parts.has(entry)) return parts.get(entry) ?? null;
    const { geometry } = entry;
    let part: Part | null = null;
    let surfaces = false;
    if (geometry instanceof rhino.Mesh) {
      const own = faceTriangles(geometry);
      withinCap(own);
      const buffers = buffersOf(geometry);
      part = buffers ? joined([buffers], own) : null;
    } else if (geometry instanceof rhino.Brep) {
      surfaces = true;
      const faces = geometry.faces();
      try {
        const meshes: MeshBuffers[] = [];
        let pending = 0;
        let complete = true;
        for (let at = 0; at < faces.count; at += 1) {
          const face = faces.get(at);
          try {
            const buffers = meshBuffers(face.getMesh(rhino.MeshType.Any), pending);
            if (buffers) meshes.push(buffers);
            else complete = false;
            pending += (buffers?.index?.length ?? 0) / 3;
          } finally {
            free(face);
          }
        }
        if (meshes.length) {
          const joinedPart = joined(meshes, null);
          part = { ...joinedPart, ownTriangles: complete ? joinedPart.triangles : null };
        }
      } finally {
        free(faces);
      }
    } else if (geometry instanceof rhino.Extrusion) {
      surfaces = true;
      const buffers = meshBuffers(geometry.getMesh(rhino.MeshType.Any));
      part = buffers ? joined([buffers], buffers.index ? buffers.index.length / 3 : null) : null;
    } else if (geometry instanceof rhino.SubD) {
      surfaces = true;
      const buffers = subdBuffers(geometry);
      part = buffers ? joined([buffers], null) : null;
    } else if (geometry instanceof rhino.Surface) {
      surfaces = true;
    }
    if (!part && surfaces) skippedObjects += 1;
    if (surfaces && part?.ownTriangles == null) ownTriangles = null;
    parts.set(entry, part);
    return part;
  };

  const meshes = new Map<string, GltfMesh>();
  const meshOf = (entry: ObjectEntry, part: Part, appearance: Appearance, name: string): GltfMesh => {
    const shown = part.colors
      ? { key: 'vertex colours', name: 'vertex colours', color: [1, 1, 1, 1] }
      : appearance;
    const key = `${entry.index}/${shown.key}`;
    const known = meshes.get(key);
    if (known) return known;
    const material = builder.material(shown.key, () => ({
      name: shown.name,
      baseColor: shown.color as [number, number, number, number],
      metallic: 0,
      roughness: 0.6,
      // Rhino shows both sides of open surfaces and meshes.
      doubleSided: true,
    }));
    const primitive = builder.primitive({
      positions: part.positions,
      normals: part.normals,
      colors: part.colors,
      indices: part.indices,
      material,
    });
    const mesh = builder.mesh(name, [primitive]);
    meshes.set(key, mesh);
    return mesh;
  };

  const shown = (attributes: ObjectAttributes) =>
    attributes.visible &&
    attributes.mode !== rhino.ObjectMode.Hidden &&
    attributes.activeSpace !== rhino.ActiveSpace.PageSpace &&
    layerShown(layers.get(attributes.layerIndex));

  const draw = (entry: ObjectEntry, parent: Node, inherited: Appearance | undefined, blocks: string[]) => {
    const { attributes, geometry } = entry;
    if (!shown(attributes)) return;
    if (geometry instanceof rhino.InstanceReference) {
      const definitionId = geometry.parentIdefId;
      const members = definitions.get(definitionId);
      if (!members || blocks.includes(definitionId) || blocks.length >= MAX_BLOCK_DEPTH) return;
      const xform = hold(geometry.xform);
      const matrix = xform.toFloatArray(false);
      if (matrix.length !== 16) return;
      const node = builder.node(attributes.name || 'Block', { matrix: matrix as Matrix4, parent });
      const appearance = appearanceOf(attributes, inherited);
      for (const member of members) draw(member, node, appearance, [...blocks, definitionId]);
      return;
    }
    const part = partOf(entry);
    if (!part) return;
    withinCap(part.triangles);
    triangles += part.triangles;
    if (ownTriangles !== null) {
      ownTriangles = part.ownTriangles === null ? null : ownTriangles + part.ownTriangles;
    }
    const name = attributes.name || geometry.constructor.name;
    builder.node(name, { mesh: meshOf(entry, part, appearanceOf(attributes, inherited), name), parent });
  };

  for (const entry of entries) {
    if (entry.attributes.isInstanceDefinitionObject) continue;
    draw(entry, builder.root, undefined, []);
  }
  if (triangles === 0) throw new GeometryFailure('noGeometry');

  const archive = doc.archiveVersion;
  return {
    document: builder.document,
    format: '3DM',
    version: archive >= 50 ? String(archive / 10) : archive > 0 ? String(archive) : null,
    encoding: null, // 3DM is binary only
    sourceTriangles: ownTriangles,
    missingTextures: [],
    skippedObjects,
  };
}

export const readRhino = (input: SourceReaderInput): Promise<SourceModel> => readRhinoFile(input);
