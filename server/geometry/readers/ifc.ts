/**
 * IFC (.ifc) files read with web-ifc: its WebAssembly engine builds each product's geometry (extrusions, breps,
 * booleans, curved profiles cut into `CIRCLE_SEGMENTS` per circle by the quality preset) and places it with a
 * matrix that already carries the file's length unit to metres and IFC's Z up to Y up, so the root node needs no
 * conversion. One glTF mesh per geometry (and colour): the products that share a geometry are nodes pointing at
 * it. One material per colour. The engine is made once per process; each file's model is closed after reading.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, dirname } from 'node:path';
import type { Mesh } from '@gltf-transform/core';
import {
  IfcAPI,
  LogLevel,
  type Color,
  type FlatMesh,
  type IfcGeometry,
  type LoaderSettings,
  type PlacedGeometry,
  type Vector,
} from 'web-ifc';
import { GeometryFailure } from '../failures';
import { DocumentBuilder, type Matrix4, srgbToLinear } from './document-builder';
import type { SourceModel, SourceReader, TessellationQuality } from './source-model';

/**
 * Segments per full circle of curved profiles, sweeps and revolutions (planar IFC geometry does not change):
 * draft 8, standard 12 (web-ifc's default, the corpus's reference counts), fine 24. On example.ifc (pipes and
 * round columns): 10,308, 14,660 and 27,716 triangles.
 */
export const IFC_CIRCLE_SEGMENTS: Record<TessellationQuality, number> = { draft: 8, standard: 12, fine: 24 };

/**
 * Beyond this distance from the origin (metres) float32 positions lose millimetres, as georeferenced models
 * placed at their map coordinates are: such an axis is moved back to the model's centre.
 */
const FAR_FROM_ORIGIN = 10_000;

let ifc: Promise<IfcAPI> | undefined;

/** The process's one engine, its wasm (web-ifc-node.wasm in Node) read from the package's folder. */
function ifcApi(): Promise<IfcAPI> {
  ifc ??= (async () => {
    const api = new IfcAPI();
    const folder = dirname(createRequire(import.meta.url).resolve('web-ifc'));
    api.SetWasmPath(`${folder}/`, true);
    await api.Init();
    // Its messages about the file (unsupported schemas, unknown entities) are not the log's business.
    api.SetLogLevel(LogLevel.LOG_LEVEL_OFF);
    return api;
  })().catch((error: unknown) => {
    ifc = undefined;
    throw error;
  });
  return ifc;
}

const unreadable = () => new GeometryFailure('unreadable', { format: 'IFC' });

/** The file as unreadable; when the engine itself failed inside the WebAssembly, a fresh one for the next file. */
const unreadableAfter = (error: unknown) => {
  if (error instanceof WebAssembly.RuntimeError) ifc = undefined;
  return unreadable();
};

/**
 * IFC's file format is STEP's (ISO 10303-21): it opens every file (after a UTF-8 mark) with one keyword and ends
 * it with another. Without the end the file was cut off (web-ifc reads the part it has).
 */
const isWholeStepFile = (bytes: Uint8Array) =>
  /^(\xEF\xBB\xBF)?\s*ISO-10303-21\s*;/.test(Buffer.from(bytes.subarray(0, 1024)).toString('latin1')) &&
  Buffer.from(bytes.subarray(Math.max(0, bytes.length - 4096)))
    .toString('latin1')
    .includes('END-ISO-10303-21');

/** web-ifc hands each product's placed geometries over as a C++ vector the caller frees (0.0.78). */
const freeVector = (vector: Vector<PlacedGeometry>) => {
  const handle = vector as Vector<PlacedGeometry> & { delete?: () => void };
  if (typeof handle.delete === 'function') handle.delete();
};

const colorKey = (color: Color) =>
  [color.x, color.y, color.z, color.w].map((value) => value.toFixed(3)).join(',');

const hex = (color: Color) =>
  [color.x, color.y, color.z]
    .map((value) =>
      Math.round(Math.min(1, Math.max(0, value)) * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('');

interface IfcShape {
  positions: Float32Array;
  normals: Float32Array;
  indices: Uint32Array;
  /** Local bounds, for the scene's bounds in double precision. */
  min: [number, number, number];
  max: [number, number, number];
}

/** web-ifc's interleaved vertices (x, y, z, nx, ny, nz) as glTF's separate attributes. */
function shapeOf(api: IfcAPI, geometry: IfcGeometry): IfcShape {
  const vertices = api.GetVertexArray(geometry.GetVertexData(), geometry.GetVertexDataSize());
  const indices = api.GetIndexArray(geometry.GetIndexData(), geometry.GetIndexDataSize());
  const count = vertices.length / 6;
  const positions = new Float32Array(count * 3);
  const normals = new Float32Array(count * 3);
  const min: [number, number, number] = [Infinity, Infinity, Infinity];
  const max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  for (let vertex = 0; vertex < count; vertex += 1) {
    for (let axis = 0; axis < 3; axis += 1) {
      const value = vertices[vertex * 6 + axis];
      positions[vertex * 3 + axis] = value;
      normals[vertex * 3 + axis] = vertices[vertex * 6 + 3 + axis];
      if (value < min[axis]) min[axis] = value;
      if (value > max[axis]) max[axis] = value;
    }
  }
  return { positions, normals, indices, min, max };
}

/** The product's name as the file gives it (`Name`), else its entity type. */
function productName(api: IfcAPI, modelID: number, expressID: number): string {
  let type = 'IfcProduct';
  try {
    type = api.GetNameFromTypeCode(api.GetLineType(modelID, expressID)) || type;
    const line: unknown = api.GetLine(modelID, expressID);
    const name = (line as { Name?: { value?: unknown } | null } | null)?.Name?.value;
    return typeof name === 'string' && name.trim() ? `${type} ${name.trim()}` : type;
  } catch {
    return type;
  }
}

export const readIfc: SourceReader = async (input): Promise<SourceModel> => {
  const bytes = new Uint8Array(await readFile(input.path));
  if (!isWholeStepFile(bytes)) throw unreadable();
  const api = await ifcApi();
  const settings: LoaderSettings = {
    // The model where the file places it (the reference counts' setting); far placements are handled below.
    COORDINATE_TO_ORIGIN: false,
    CIRCLE_SEGMENTS: IFC_CIRCLE_SEGMENTS[input.limits.quality],
  };
  let modelID: number;
  try {
    modelID = api.OpenModel(bytes, settings);
  } catch (error) {
    throw unreadableAfter(error);
  }
  if (modelID < 0) throw unreadable();

  const builder = new DocumentBuilder(basename(input.path));
  const shapes = new Map<number, IfcShape | null>();
  const meshes = new Map<string, Mesh>();
  const sceneMin = [Infinity, Infinity, Infinity];
  const sceneMax = [-Infinity, -Infinity, -Infinity];
  let triangles = 0;

  const shape = (geometryExpressID: number): IfcShape | null => {
    if (shapes.has(geometryExpressID)) return shapes.get(geometryExpressID) ?? null;
    const geometry = api.GetGeometry(modelID, geometryExpressID);
    try {
      const found = geometry.GetIndexDataSize() >= 3 ? shapeOf(api, geometry) : null;
      shapes.set(geometryExpressID, found);
      return found;
    } finally {
      geometry.delete();
    }
  };

  const meshOf = (geometryExpressID: number, found: IfcShape, color: Color): Mesh => {
    const key = `${geometryExpressID}/${colorKey(color)}`;
    const known = meshes.get(key);
    if (known) return known;
    const material = builder.material(colorKey(color), () => ({
      name: `#${hex(color)}${color.w < 1 ? ` ${Math.round(color.w * 100)}%` : ''}`,
      // IFC colours are display colours (sRGB); alpha is 1 − the style's transparency.
      baseColor: [srgbToLinear(color.x), srgbToLinear(color.y), srgbToLinear(color.z), color.w],
      metallic: 0,
      roughness: 0.8,
      // Boolean results and surface models do not always keep one winding.
      doubleSided: true,
    }));
    const primitive = builder.primitive({ ...found, material });
    const mesh = builder.mesh(`geometry ${geometryExpressID}`, [primitive]);
    meshes.set(key, mesh);
    return mesh;
  };

  const place = (matrix: Matrix4, found: IfcShape) => {
    for (let corner = 0; corner < 8; corner += 1) {
      const [x, y, z] = [0, 1, 2].map((axis) => ((corner >> axis) & 1 ? found.max[axis] : found.min[axis]));
      for (let axis = 0; axis < 3; axis += 1) {
        const value = matrix[axis] * x + matrix[4 + axis] * y + matrix[8 + axis] * z + matrix[12 + axis];
        sceneMin[axis] = Math.min(sceneMin[axis], value);
        sceneMax[axis] = Math.max(sceneMax[axis], value);
      }
    }
  };

  const onProduct = (product: FlatMesh) => {
    const placed = product.geometries;
    try {
      const parts: Array<{ geometry: PlacedGeometry; found: IfcShape }> = [];
      for (let index = 0; index < placed.size(); index += 1) {
        const geometry = placed.get(index);
        const found = shape(geometry.geometryExpressID);
        if (!found || geometry.flatTransformation.length !== 16) continue;
        triangles += found.indices.length / 3;
        if (triangles > input.limits.maxTriangles) {
          throw new GeometryFailure('tooManyTriangles', { limit: input.limits.maxTriangles });
        }
        parts.push({ geometry, found });
      }
      if (!parts.length) return;
      const name = productName(api, modelID, product.expressID);
      const parent = parts.length > 1 ? builder.node(name) : undefined;
      for (const { geometry, found } of parts) {
        const matrix = geometry.flatTransformation as Matrix4;
        place(matrix, found);
        builder.node(parent ? `${name} ${geometry.geometryExpressID}` : name, {
          mesh: meshOf(geometry.geometryExpressID, found, geometry.color),
          matrix,
          parent,
        });
      }
    } finally {
      freeVector(placed);
    }
  };

  let schema: string | null = null;
  try {
    schema = api.GetModelSchema(modelID) ?? null;
    api.StreamAllMeshes(modelID, onProduct);
  } catch (error) {
    throw error instanceof GeometryFailure ? error : unreadableAfter(error);
  } finally {
    try {
      api.CloseModel(modelID);
    } catch {
      ifc = undefined;
    }
  }
  if (triangles === 0) throw new GeometryFailure('noGeometry');

  // Georeferenced models: the far axes back to the model's centre (whole metres), so positions stay exact.
  const centre = [0, 1, 2].map((axis) => (sceneMin[axis] + sceneMax[axis]) / 2);
  if (centre.some((value) => Math.abs(value) > FAR_FROM_ORIGIN)) {
    builder.root.setTranslation(
      centre.map((value) => (Math.abs(value) > FAR_FROM_ORIGIN ? -Math.round(value) : 0)) as [
        number,
        number,
        number,
      ],
    );
  }

  return {
    document: builder.document,
    format: 'IFC',
    version: schema,
    encoding: null, // IFC (STEP physical file) is text only
    sourceTriangles: null,
    missingTextures: [],
  };
};
