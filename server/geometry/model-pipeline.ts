/**
 * The 3D pipeline of one model or library item file, in a work folder of its own: an FBX, or a zip holding one
 * with its textures (unpacked safely, archive.ts), is checked (fbx-source.ts), converted to glb by FBX2glTF
 * (fbx-converter.ts), measured (geometry-statistics.ts), optimized with glTF-Transform (optimizer.ts) and drawn
 * as a preview at card size and at 2× (preview-render.ts). Each step reports what it found as it ends (`report`),
 * so the worker publishes a true statement about the file at every step; a file the pipeline cannot use throws a
 * GeometryFailure (failures.ts). Everything it writes stays inside the work folder: the caller stores the results
 * and removes the folder.
 */
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { cloneDocument } from '@gltf-transform/functions';
import type { GeometryStatistics } from '../../shared/geometry-statistics';
import { ARCHIVE_LIMITS, type ArchiveLimits, unpackArchive } from './archive';
import { GeometryFailure } from './failures';
import { CONVERSION_LIMITS, type ConversionLimits, convertFbx } from './fbx-converter';
import { fbxVersionText, readFbxSource } from './fbx-source';
import { drawnGeometry } from './geometry-statistics';
import { gltfIO } from './gltf-io';
import { optimizeDocument } from './optimizer';
import { renderModelPreview } from './preview-render';

export type ModelFileKind = 'fbx' | 'zip';

export interface ModelPipelineInput {
  /** The original file, on the local disk. */
  source: string;
  kind: ModelFileKind;
  /** An empty folder the pipeline may fill. */
  workFolder: string;
  limits?: { archive?: ArchiveLimits; conversion?: ConversionLimits };
}

/** What each step found, in the order they end. */
export type PipelineReport =
  | {
      step: 'read';
      encoding: 'binary' | 'ascii';
      version: string;
      meshes: number;
      materials: number;
      textures: number;
    }
  | {
      step: 'converted';
      triangles: number;
      vertices: number;
      size: [number, number, number];
    }
  | { step: 'optimized'; before: number; after: number }
  | { step: 'preview'; width: number; height: number };

export interface ModelPipelineResult {
  statistics: GeometryStatistics;
  /** Paths inside the work folder. */
  files: { glb: string; preview: string; preview2x: string };
}

/** The card's preview size (16:9, as the cards show it); the 2× copy is twice that. */
export const PREVIEW_SIZE = { width: 480, height: 270 };

const IMAGE = /\.(png|jpe?g|tga|bmp|tiff?|gif|webp|psd|dds)$/i;
const FBX = /\.fbx$/i;

/** The FBX an unpacked archive holds: the only one, or the largest of several. */
async function modelOfArchive(input: ModelPipelineInput, folder: string): Promise<string> {
  const files = await unpackArchive(
    input.source,
    folder,
    (name) => FBX.test(name) || IMAGE.test(name),
    input.limits?.archive ?? ARCHIVE_LIMITS,
  );
  const models = files.filter((file) => FBX.test(file.name)).sort((a, b) => b.size - a.size);
  if (!models.length) throw new GeometryFailure('archiveNoModel');
  return models[0].path;
}

export async function runModelPipeline(
  input: ModelPipelineInput,
  report: (found: PipelineReport) => void | Promise<void>,
): Promise<ModelPipelineResult> {
  const unpacked = join(input.workFolder, 'source');
  const output = join(input.workFolder, 'output');
  await mkdir(unpacked, { recursive: true });
  await mkdir(output, { recursive: true });
  const originalBytes = (await stat(input.source)).size;
  if (!originalBytes) throw new GeometryFailure('fileEmpty');

  const fbx = input.kind === 'zip' ? await modelOfArchive(input, unpacked) : input.source;
  const source = await readFbxSource(fbx);
  const convertedPath = await convertFbx(
    fbx,
    join(output, 'converted'),
    input.workFolder,
    input.limits?.conversion ?? CONVERSION_LIMITS,
  );
  const io = await gltfIO();
  const document = await io.read(convertedPath);
  const drawn = drawnGeometry(document);
  const version = fbxVersionText(source.version);
  await report({
    step: 'read',
    encoding: source.encoding,
    version,
    meshes: drawn.meshes,
    materials: drawn.materials,
    textures: drawn.textures,
  });
  if (!drawn.triangles) throw new GeometryFailure('noGeometry');
  await report({ step: 'converted', triangles: drawn.triangles, vertices: drawn.vertices, size: drawn.size });

  const convertedBytes = (await stat(convertedPath)).size;
  const optimized = await io.writeBinary(await optimizeDocument(cloneDocument(document)));
  const glb = join(output, 'optimized.glb');
  await writeFile(glb, optimized);
  await report({ step: 'optimized', before: convertedBytes, after: optimized.byteLength });

  // The preview is drawn from the converted geometry as it was before quantization.
  const preview = await renderModelPreview(document, PREVIEW_SIZE);
  const files = { glb, preview: join(output, 'preview.webp'), preview2x: join(output, 'preview@2x.webp') };
  await writeFile(files.preview, preview.image1x);
  await writeFile(files.preview2x, preview.image2x);
  await report({ step: 'preview', width: preview.width, height: preview.height });

  return {
    statistics: {
      format: 'FBX',
      version,
      encoding: source.encoding,
      meshes: drawn.meshes,
      materials: drawn.materials,
      textures: drawn.textures,
      nodes: drawn.nodes,
      triangles: drawn.triangles,
      vertices: drawn.vertices,
      size_m: drawn.size,
      original_bytes: originalBytes,
      converted_bytes: convertedBytes,
      optimized_bytes: optimized.byteLength,
    },
    files,
  };
}
