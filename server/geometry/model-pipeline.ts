/**
 * The 3D pipeline of one model or library item file, in a work folder of its own. The file (or the model a zip
 * holds with its companion files, unpacked safely: archive.ts) is read by its format's reader (readers/: FBX,
 * glTF, OBJ, STL, PLY, 3MF, STEP, IGES, IFC, 3DM) into a glTF document in metres with Y up; its textures are made
 * browser-decodable (texture-images.ts); it is measured (geometry-statistics.ts) against what the file itself
 * holds; it is optimized with glTF-Transform (optimizer.ts), and the smaller of the converted and the optimized glb
 * is what the viewer loads; and the preview is drawn at card size and at 2× (preview-render.ts). Each step reports
 * what it found as it ends (`report`), so the worker publishes a true statement about the file at every step,
 * warnings included (textures missing from the upload or converted, fewer triangles than the file holds); a file
 * the pipeline cannot use throws a GeometryFailure (failures.ts). Everything it writes stays inside the work
 * folder: the caller stores the results and removes the folder.
 */
import { copyFile, link, mkdir, stat, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { type Document, Logger } from '@gltf-transform/core';
import { cloneDocument } from '@gltf-transform/functions';
import { AR_TRIANGLES_MAX } from '../../shared/ar-models';
import type { GeometryStatistics } from '../../shared/geometry-statistics';
import {
  ARCHIVE_MODEL_PREFERENCE,
  MODEL_EXTENSIONS,
  type ModelFormat,
  modelFormatOf,
} from '../../shared/model-formats';
import { ARCHIVE_LIMITS, type ArchiveLimits, type UnpackedFile, unpackArchive } from './archive';
import { GeometryFailure } from './failures';
import type { ConversionLimits } from './fbx-converter';
import { drawnGeometry } from './geometry-statistics';
import { gltfIO } from './gltf-io';
import { optimizeDocument } from './optimizer';
import { renderModelPreview } from './preview-render';
import { exportUsdz } from './usdz-export';
import { READERS } from './readers/readers';
import { READER_LIMITS, type ReaderLimits } from './readers/source-model';
import { makeImagesViewable } from './texture-images';

/** How an uploaded file reaches the pipeline: a model file by its extension, or a zip archive holding one. */
export type ModelFileKind = (typeof MODEL_EXTENSIONS)[number] | 'zip';

export interface ModelPipelineInput {
  /** The original file, on the local disk. */
  source: string;
  kind: ModelFileKind;
  /** An empty folder the pipeline may fill. */
  workFolder: string;
  limits?: {
    archive?: ArchiveLimits;
    conversion?: ConversionLimits;
    reader?: Partial<ReaderLimits>;
    /** The most triangles a model may draw to get a USDZ (AR_TRIANGLES_MAX unless given). */
    arTriangles?: number;
  };
}

/** What each step found, in the order they end. */
export type PipelineReport =
  | {
      step: 'read';
      format: ModelFormat;
      /** e.g. '7.4'; null when the file does not say. */
      version: string | null;
      encoding: 'binary' | 'ascii' | null;
      meshes: number;
      materials: number;
      textures: number;
    }
  /** Texture files the model names that the upload does not hold. */
  | { step: 'missingTextures'; files: string[] }
  /** Textures converted to PNG for browsers. */
  | { step: 'texturesConverted'; files: string[] }
  /** Textures in a form no browser shows (taken off their materials). */
  | { step: 'texturesUnsupported'; files: string[] }
  /** The converted model draws fewer triangles than the file's own polygons make. */
  | { step: 'geometryShort'; drawn: number; own: number }
  | {
      step: 'converted';
      triangles: number;
      vertices: number;
      size: [number, number, number];
    }
  /** `after`: the bytes of the glb the viewer loads, never more than `before`; `kept`: optimizing did not help. */
  | { step: 'optimized'; before: number; after: number; kept: boolean }
  | { step: 'preview'; width: number; height: number }
  /** The USDZ for AR (usdz-export.ts); `skipped`: the model is too large for AR, or the export failed. */
  | { step: 'ar'; bytes: number }
  | { step: 'arSkipped'; reason: 'tooLarge' | 'failed'; triangles: number; limit: number };

export interface ModelPipelineResult {
  statistics: GeometryStatistics;
  /** Paths inside the work folder. */
  files: { glb: string; preview: string; preview2x: string; usdz: string | null };
}

/** The card's preview size (16:9, as the cards show it); the 2× copy is twice that. */
export const PREVIEW_SIZE = { width: 480, height: 270 };

/** The share of the file's own triangles a conversion may drop (degenerate polygons) before it is reported. */
export const GEOMETRY_SHORT_TOLERANCE = 0.02;

/** What an archive may hold that a model uses: model files, images, OBJ materials, glTF buffers. */
const COMPANION = /\.(png|jpe?g|tga|bmp|tiff?|gif|webp|psd|dds|ktx2|mtl|bin)$/i;

const extensionOf = (name: string) => extname(name).slice(1).toLowerCase();

/** The model an archive's files make: the preferred format present (shared/model-formats.ts), its largest file. */
function archiveModel(files: UnpackedFile[]): { path: string; format: ModelFormat } {
  for (const format of ARCHIVE_MODEL_PREFERENCE) {
    const [largest] = files
      .filter((file) => modelFormatOf(extensionOf(file.name)) === format)
      .sort((a, b) => b.size - a.size);
    if (largest) return { path: largest.path, format };
  }
  throw new GeometryFailure('archiveNoModel');
}

/** The model file and the folder of its companions: the unpacked zip, or a folder holding the file alone. */
async function modelSource(
  input: ModelPipelineInput,
  folder: string,
): Promise<{ path: string; format: ModelFormat }> {
  if (input.kind === 'zip') {
    const files = await unpackArchive(
      input.source,
      folder,
      (name) => modelFormatOf(extensionOf(name)) !== null || COMPANION.test(name),
      input.limits?.archive ?? ARCHIVE_LIMITS,
    );
    return archiveModel(files);
  }
  const format = modelFormatOf(input.kind);
  if (!format) throw new GeometryFailure('wrongType');
  // The reader sees the file under its own extension, alone in its folder (nothing else to take for a texture).
  const path = join(folder, `model.${input.kind}`);
  await link(input.source, path).catch(() => copyFile(input.source, path));
  return { path, format };
}

/** Writes the model's USDZ to `path`, unless it is too large for AR or the export fails. */
async function arModel(
  document: Document,
  triangles: number,
  limit: number,
  path: string,
): Promise<{ path: string; bytes: number } | { skipped: 'tooLarge' | 'failed' }> {
  if (triangles > limit) return { skipped: 'tooLarge' };
  try {
    const usdz = await exportUsdz(document);
    await writeFile(path, usdz);
    return { path, bytes: usdz.byteLength };
  } catch {
    return { skipped: 'failed' };
  }
}

export async function runModelPipeline(
  input: ModelPipelineInput,
  report: (found: PipelineReport) => void | Promise<void>,
): Promise<ModelPipelineResult> {
  const sourceFolder = join(input.workFolder, 'source');
  const scratch = join(input.workFolder, 'scratch');
  const output = join(input.workFolder, 'output');
  await Promise.all([sourceFolder, scratch, output].map((folder) => mkdir(folder, { recursive: true })));
  const originalBytes = (await stat(input.source)).size;
  if (!originalBytes) throw new GeometryFailure('fileEmpty');

  const model = await modelSource(input, sourceFolder);
  const limits: ReaderLimits = {
    ...READER_LIMITS,
    ...input.limits?.reader,
    conversion: input.limits?.conversion,
  };
  const reader = await READERS[model.format]();
  const read = await reader({ path: model.path, folder: sourceFolder, scratch, limits });
  const { document } = read;
  // The optimizer's steps log what they drop and skip at their info and warning levels: nobody reads that here.
  document.setLogger(new Logger(Logger.Verbosity.ERROR));
  const images = await makeImagesViewable(document);
  const drawn = drawnGeometry(document);
  await report({
    step: 'read',
    format: read.format,
    version: read.version,
    encoding: read.encoding,
    meshes: drawn.meshes,
    materials: drawn.materials,
    textures: drawn.textures,
  });
  if (read.missingTextures.length) await report({ step: 'missingTextures', files: read.missingTextures });
  const converted = images.flatMap((image) => ('unsupported' in image ? [] : [image.name]));
  const unsupported = images.flatMap((image) => ('unsupported' in image ? [image.name] : []));
  if (converted.length) await report({ step: 'texturesConverted', files: converted });
  if (unsupported.length) await report({ step: 'texturesUnsupported', files: unsupported });
  if (!drawn.triangles) throw new GeometryFailure('noGeometry');
  if (read.sourceTriangles && drawn.triangles < read.sourceTriangles * (1 - GEOMETRY_SHORT_TOLERANCE))
    await report({ step: 'geometryShort', drawn: drawn.triangles, own: read.sourceTriangles });
  await report({ step: 'converted', triangles: drawn.triangles, vertices: drawn.vertices, size: drawn.size });

  // The converted glb is the document as read, its images made viewable; the optimized one is kept only where it
  // is smaller (the optimizer keeps each texture's smaller encoding; this keeps the smaller file).
  const io = await gltfIO();
  const convertedGlb = await io.writeBinary(document);
  const optimizedGlb = await io.writeBinary(await optimizeDocument(cloneDocument(document)));
  const kept = optimizedGlb.byteLength >= convertedGlb.byteLength;
  const glb = join(output, kept ? 'converted.glb' : 'optimized.glb');
  await writeFile(glb, kept ? convertedGlb : optimizedGlb);
  const viewerBytes = Math.min(optimizedGlb.byteLength, convertedGlb.byteLength);
  await report({ step: 'optimized', before: convertedGlb.byteLength, after: viewerBytes, kept });

  // The preview is drawn from the converted geometry as it was before quantization.
  const preview = await renderModelPreview(document, PREVIEW_SIZE);
  const files = {
    glb,
    preview: join(output, 'preview.webp'),
    preview2x: join(output, 'preview@2x.webp'),
    usdz: null as string | null,
  };
  await writeFile(files.preview, preview.image1x);
  await writeFile(files.preview2x, preview.image2x);
  await report({ step: 'preview', width: preview.width, height: preview.height });

  // The USDZ for AR on iPhones and iPads, from the converted geometry too; a model without one is still viewed.
  const usdz = await arModel(
    document,
    drawn.triangles,
    input.limits?.arTriangles ?? AR_TRIANGLES_MAX,
    join(output, 'model.usdz'),
  );
  await report(
    'bytes' in usdz
      ? { step: 'ar', bytes: usdz.bytes }
      : {
          step: 'arSkipped',
          reason: usdz.skipped,
          triangles: drawn.triangles,
          limit: input.limits?.arTriangles ?? AR_TRIANGLES_MAX,
        },
  );
  if ('bytes' in usdz) files.usdz = usdz.path;

  return {
    statistics: {
      format: read.format,
      version: read.version,
      encoding: read.encoding,
      meshes: drawn.meshes,
      materials: drawn.materials,
      textures: drawn.textures,
      nodes: drawn.nodes,
      triangles: drawn.triangles,
      vertices: drawn.vertices,
      size_m: drawn.size,
      original_bytes: originalBytes,
      converted_bytes: convertedGlb.byteLength,
      optimized_bytes: viewerBytes,
      ...('bytes' in usdz ? { usdz_bytes: usdz.bytes } : {}),
    },
    files,
  };
}
