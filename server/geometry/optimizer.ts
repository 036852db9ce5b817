/**
 * The optimization of a converted model with glTF-Transform, before the viewer loads it: duplicates merged
 * (dedup), unused data dropped (prune), identical vertices welded (weld), textures resized to at most
 * 2048 × 2048 and re-encoded in their own format by sharp (compressTextures below), and the geometry quantized and
 * compressed with meshoptimizer (meshopt: EXT_meshopt_compression, which three.js's GLTFLoader decodes with
 * its MeshoptDecoder). The converted glb stays as it was; the optimized one is written beside it.
 *
 * A texture's re-encoding is kept only when it is smaller than the original, or when the original passes 2048
 * pixels on a side and had to be resized; otherwise the original bytes stay. (glTF-Transform's textureCompress
 * keeps the smaller only when it is not asked to resize, and it is asked for every texture: sharp's default PNG
 * settings made a 1024² PNG 13 % larger, and whole optimized glbs larger than the converted ones.)
 */
import type { Document, ILogger, Texture } from '@gltf-transform/core';
import { compressTexture, createTransform, dedup, meshopt, prune, weld } from '@gltf-transform/functions';
import { MeshoptEncoder } from 'meshoptimizer';
import sharp from 'sharp';

/** The largest texture the viewer gets, per side. */
export const MAX_TEXTURE_SIZE = 2048;

/** What sharp re-encodes in the same format (as textureCompress does); KTX2 and the rest stay as they are. */
const REENCODED_MIME_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/avif']);

/**
 * Resizes a texture past MAX_TEXTURE_SIZE and keeps that; re-encodes any other and keeps the result only when it
 * is smaller (compressTexture does so itself when not given `resize`). An image sharp cannot read stays as it is.
 */
async function compressTextureUnlessLarger(texture: Texture, logger: ILogger): Promise<void> {
  const image = texture.getImage();
  if (!image || !REENCODED_MIME_TYPES.has(texture.getMimeType())) return;
  try {
    const { width = 0, height = 0 } = await sharp(image).metadata();
    const oversized = Math.max(width, height) > MAX_TEXTURE_SIZE;
    await compressTexture(texture, {
      encoder: sharp,
      ...(oversized ? { resize: [MAX_TEXTURE_SIZE, MAX_TEXTURE_SIZE] as [number, number] } : {}),
    });
  } catch (error) {
    // compressTexture sets the image only once encoded: the texture is as it was.
    const label = texture.getName() || texture.getURI() || texture.getMimeType();
    logger.warn(`optimizer: texture "${label}" kept as it is: ${String(error)}`);
  }
}

// One texture after another (textureCompress takes them all at once): a decoded 4096² image is 64 MB, and the
// pipeline's process has a memory limit.
const compressTextures = createTransform('compressTexturesUnlessLarger', async (document: Document) => {
  const logger = document.getLogger();
  for (const texture of document.getRoot().listTextures()) await compressTextureUnlessLarger(texture, logger);
});

export async function optimizeDocument(document: Document): Promise<Document> {
  await MeshoptEncoder.ready;
  await document.transform(
    dedup(),
    prune(),
    weld(),
    compressTextures,
    meshopt({ encoder: MeshoptEncoder, level: 'high' }),
  );
  return document;
}
