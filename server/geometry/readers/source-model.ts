/**
 * What every reader of a 3D source format answers (server/geometry/readers/): the file as a glTF document in
 * glTF's conventions (metres, Y up, +Z the front), with what the file itself says about its geometry, so the
 * pipeline (model-pipeline.ts) measures, optimizes and previews every format the same way and can tell when a
 * conversion lost geometry.
 */
import type { Document } from '@gltf-transform/core';
import type { ConversionLimits } from '../fbx-converter';

import type { ModelFormat } from '../../../shared/model-formats';

/** The formats a model file may be in (shared/model-formats.ts), as the statistics and events name them. */
export type { ModelFormat };

/** How finely curved surfaces (STEP, IGES, IFC, 3DM breps) are cut into triangles. */
export const TESSELLATION_QUALITIES = ['draft', 'standard', 'fine'] as const;
export type TessellationQuality = (typeof TESSELLATION_QUALITIES)[number];

export interface ReaderLimits {
  /** More triangles than this fails the file (`tooManyTriangles`) instead of exhausting memory. */
  maxTriangles: number;
  quality: TessellationQuality;
  /** What an external converter process (FBX2glTF) may take; its own defaults unless given. */
  conversion?: ConversionLimits;
}

export const READER_LIMITS: ReaderLimits = { maxTriangles: 10_000_000, quality: 'standard' };

/** What a deployment sets of the reading (server/config.ts): the rest is the pipeline's own. */
export type ModelReading = Pick<ReaderLimits, 'quality' | 'maxTriangles'>;

export interface SourceReaderInput {
  /** The model file on the local disk (for a zip: the model file inside the unpacked folder). */
  path: string;
  /** The folder the model's companion files are in (textures, .mtl, .bin): the unpacked zip's, or the file's. */
  folder: string;
  /** An empty folder the reader may write temporary files into; removed with the run. */
  scratch: string;
  limits: ReaderLimits;
}

export interface SourceModel {
  /** The scene: meshes with materials, images as the file holds them (texture-images.ts makes them viewable). */
  document: Document;
  format: ModelFormat;
  /** The format's version as its file states it ('7.4', '2.0', 'IFC4'); null when it does not say. */
  version: string | null;
  encoding: 'binary' | 'ascii' | null;
  /**
   * The triangles the file itself holds (its polygons triangulated, each placed instance counted), as the
   * format's own reader counts them; the pipeline warns or fails when the document draws fewer. Null when the
   * format has no count of its own (tessellated surfaces: the count is the tessellation's).
   */
  sourceTriangles: number | null;
  /** Texture files the source names that the upload does not carry, by their file names (no folders). */
  missingTextures: string[];
}

export type SourceReader = (input: SourceReaderInput) => Promise<SourceModel>;
