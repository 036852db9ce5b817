/**
 * The optimization of a converted model with glTF-Transform, before the viewer loads it: duplicates merged
 * (dedup), unused data dropped (prune), identical vertices welded (weld), textures resized to at most
 * 2048 × 2048 and re-encoded in their own format by sharp (textureCompress), and the geometry quantized and
 * compressed with meshoptimizer (meshopt: EXT_meshopt_compression, which three.js's GLTFLoader decodes with
 * its MeshoptDecoder). The converted glb stays as it was; the optimized one is written beside it.
 */
import type { Document } from '@gltf-transform/core';
import { dedup, meshopt, prune, textureCompress, weld } from '@gltf-transform/functions';
import { MeshoptEncoder } from 'meshoptimizer';
import sharp from 'sharp';

/** The largest texture the viewer gets, per side. */
export const MAX_TEXTURE_SIZE = 2048;

export async function optimizeDocument(document: Document): Promise<Document> {
  await MeshoptEncoder.ready;
  await document.transform(
    dedup(),
    prune(),
    weld(),
    textureCompress({ encoder: sharp, resize: [MAX_TEXTURE_SIZE, MAX_TEXTURE_SIZE] }),
    meshopt({ encoder: MeshoptEncoder, level: 'high' }),
  );
  return document;
}
