/**
 * What the 3D pipeline found in a processed file (issue 28), as a model's or library item's detail answers it
 * (`statistics`) and the viewer's statistics panel shows it: the source format and its version, what the converted glTF holds
 * (meshes, materials, textures, nodes, triangles and vertices as drawn, the size of its bounding box in metres)
 * and the bytes of the original file, the converted glb and the optimized glb the viewer loads.
 */
import { type Static, Type } from '@sinclair/typebox';
import { MODEL_FORMAT_NAMES } from './model-formats';

export const GeometryStatisticsSchema = Type.Object({
  /** The source file's format (shared/model-formats.ts). */
  format: Type.Union(MODEL_FORMAT_NAMES.map((name) => Type.Literal(name))),
  /** e.g. '7.4' (FBX), '2.0' (glTF), 'AP214' (STEP), 'IFC4'; null when the file does not say. */
  version: Type.Union([Type.String(), Type.Null()]),
  /** Null for formats with one encoding (OBJ, STEP, IFC…). */
  encoding: Type.Union([Type.Literal('binary'), Type.Literal('ascii'), Type.Null()]),
  meshes: Type.Integer(),
  materials: Type.Integer(),
  textures: Type.Integer(),
  nodes: Type.Integer(),
  triangles: Type.Integer(),
  vertices: Type.Integer(),
  /** Width, height and depth of the bounding box, in metres (glTF's unit, Y up). */
  size_m: Type.Tuple([Type.Number(), Type.Number(), Type.Number()]),
  original_bytes: Type.Integer(),
  converted_bytes: Type.Integer(),
  optimized_bytes: Type.Integer(),
  /** The USDZ for AR (iPhone, iPad); absent when the model has none (too large, or processed before there was AR). */
  usdz_bytes: Type.Optional(Type.Integer()),
});

export type GeometryStatistics = Static<typeof GeometryStatisticsSchema>;

/**
 * What a processed file's detail adds for the viewer: the optimized glb, the USDZ for AR (shared/ar-models.ts; null
 * for a model without one) and the figures, null until FINISHED.
 */
export const ViewerFieldsSchema = {
  viewer_model_url: Type.Union([Type.String(), Type.Null()]),
  ar_model_url: Type.Union([Type.String(), Type.Null()]),
  statistics: Type.Union([GeometryStatisticsSchema, Type.Null()]),
};
