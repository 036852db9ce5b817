/**
 * The shared corpus of real 3D files written by other people's tools (../shared/corpus/ from the repository's root,
 * present on every developer machine and in CI; never copied into the repository): where its folders are, what
 * each folder's expected.json says a right conversion gives, and the check of one pipeline result against it
 * (corpus-fbx.test.ts, corpus-formats.test.ts, and the score `npm run bench:processing` prints).
 */
import { readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Document } from '@gltf-transform/core';
import { GeometryFailure } from '../../server/geometry/failures';
import { gltfIO } from '../../server/geometry/gltf-io';
import {
  type ModelFileKind,
  type ModelPipelineResult,
  type PipelineReport,
  runModelPipeline,
} from '../../server/geometry/model-pipeline';
import { sniffImageType } from '../../server/geometry/texture-images';
import { AR_TRIANGLES_MAX } from '../../shared/ar-models';
import { usdzProblems } from './usdz-check';

export const CORPUS = fileURLToPath(new URL('../../../shared/corpus/', import.meta.url));

export type CorpusFolder = 'fbx' | 'formats';

/** What a right conversion of one corpus file gives (the folder's expected.json). */
export interface CorpusExpectation {
  status: 'FINISHED' | 'FAILED';
  /** The file's own triangles, as its reference reader counts them. */
  triangles?: number;
  /** The share of `triangles` a conversion may fall short by (0.02 unless given). */
  tolerance?: number;
  /** Textures the viewer model must draw, at least. */
  drawn?: number;
  /** Texture files the upload lacks, each of which an event must name. */
  missing?: string[];
}

export const corpusPath = (folder: CorpusFolder, name: string) => join(CORPUS, folder, name);

export function corpusExpectations(folder: CorpusFolder): Array<[string, CorpusExpectation]> {
  const expected = JSON.parse(readFileSync(join(CORPUS, folder, 'expected.json'), 'utf8')) as Record<
    string,
    CorpusExpectation | string
  >;
  return Object.entries(expected).filter((entry): entry is [string, CorpusExpectation] => entry[0] !== '_');
}

/** The pipeline's input kind of a corpus file: its extension (`.FBX` too). */
export const corpusKind = (name: string) => extname(name).slice(1).toLowerCase() as ModelFileKind;

/** FBX2glTF's stand-in for a missing texture's image: 1 × 1, RGBA (255, 255, 0, 128). */
const STAND_IN_COLOUR = [1, 1, 0, 0.5];

export interface CorpusOutcome {
  status: 'FINISHED' | 'FAILED';
  result?: ModelPipelineResult;
  failure?: GeometryFailure;
  reports: PipelineReport[];
  /** The glb the viewer loads, read back. */
  viewerModel?: Document;
}

/** Runs one corpus file through the 3D pipeline in `workFolder`. */
export async function convertCorpusFile(
  folder: CorpusFolder,
  name: string,
  workFolder: string,
): Promise<CorpusOutcome> {
  const reports: PipelineReport[] = [];
  try {
    const result = await runModelPipeline(
      { source: corpusPath(folder, name), kind: corpusKind(name), workFolder },
      (found) => {
        reports.push(found);
      },
    );
    const viewerModel = await (await gltfIO()).read(result.files.glb);
    return { status: 'FINISHED', result, reports, viewerModel };
  } catch (error) {
    if (!(error instanceof GeometryFailure)) throw error;
    return { status: 'FAILED', failure: error, reports };
  }
}

/** Textures a viewer model's materials draw with. */
function drawnTextures(document: Document): number {
  const used = new Set<unknown>();
  for (const material of document.getRoot().listMaterials())
    for (const texture of [
      material.getBaseColorTexture(),
      material.getEmissiveTexture(),
      material.getNormalTexture(),
      material.getOcclusionTexture(),
      material.getMetallicRoughnessTexture(),
    ])
      if (texture) used.add(texture);
  return used.size;
}

/** Where an outcome differs from its expectation, in words; none when it is right by the manifest. */
export function corpusProblems(outcome: CorpusOutcome, expected: CorpusExpectation): string[] {
  if (outcome.status !== expected.status)
    return [`${outcome.status} (${outcome.failure?.code ?? 'no failure'}), expected ${expected.status}`];
  if (outcome.status === 'FAILED') return [];
  const problems: string[] = [];
  const { statistics } = outcome.result!;
  const document = outcome.viewerModel!;
  const least = Math.ceil((expected.triangles ?? 0) * (1 - (expected.tolerance ?? 0.02)));
  if (statistics.triangles < least)
    problems.push(`${statistics.triangles} triangles, expected at least ${least}`);
  for (const material of document.getRoot().listMaterials())
    if (material.getBaseColorFactor().every((value, k) => Math.abs(value - STAND_IN_COLOUR[k]) < 0.01))
      problems.push(`material ${material.getName()} has the converter's stand-in colour`);
  for (const texture of document.getRoot().listTextures()) {
    const type = sniffImageType(texture.getImage() ?? new Uint8Array());
    if (type !== 'png' && type !== 'jpeg' && type !== 'webp')
      problems.push(`texture ${texture.getName()} is ${type ?? 'unknown'}, not browser-decodable`);
  }
  if (drawnTextures(document) < (expected.drawn ?? 0))
    problems.push(`${drawnTextures(document)} textures drawn, expected ${expected.drawn}`);
  const named = outcome.reports.flatMap((report) => (report.step === 'missingTextures' ? report.files : []));
  for (const file of expected.missing ?? [])
    if (!named.includes(file)) problems.push(`no event names the missing texture ${file}`);
  if (statistics.optimized_bytes > statistics.converted_bytes)
    problems.push(`optimized ${statistics.optimized_bytes} B > converted ${statistics.converted_bytes} B`);
  // The USDZ for AR (issue 45): written for every model AR takes, and holding what the viewer draws.
  const usdz = outcome.result!.files.usdz;
  if (usdz) problems.push(...usdzProblems(new Uint8Array(readFileSync(usdz)), document));
  else if (statistics.triangles <= AR_TRIANGLES_MAX) problems.push('no USDZ for AR');
  return problems;
}

/**
 * Corpus files this pipeline does not get right by the manifest, with exactly what differs (a test fails when a
 * miss changes, so the list stays true). `spider_obj_textured.zip`: its MTL defines five textured materials but
 * no face uses `Brusttex`, so the viewer model draws four; expected.json counts the MTL's materials.
 */
export const KNOWN_MISSES: Readonly<Record<string, string[]>> = {
  'formats/spider_obj_textured.zip': ['4 textures drawn, expected 5'],
};

/** Every corpus file, both folders: what the 97 % goal counts. */
export const corpusSize = () => corpusExpectations('fbx').length + corpusExpectations('formats').length;
