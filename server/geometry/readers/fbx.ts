/**
 * FBX, as other people's exporters write it, to a glTF document: FBX2glTF converts it (fbx-converter.ts;
 * docs/3d-pipeline.md says why), and what the file itself says (fbx-facts.ts) corrects what the converter gets
 * wrong on real files:
 * - polygons of four or more corners are triangulated before the converter reads the file (fbx-triangulation.ts),
 *   because the FBX SDK's own triangulation loses some (a concave n-gon becomes one triangle, a ZBrush mesh kept
 *   one triangle per quad);
 * - the converter looks for texture files beside the FBX only, by the name after the path's last `/`, so every
 *   image of the upload (a zip's subfolders too) and every image the file embeds is put there under its own
 *   name, and the file's texture paths (often Windows paths of the author's machine) are cut to that name;
 * - a texture whose file is in neither place becomes FBX2glTF's stand-in, a 1 × 1 half-transparent yellow
 *   image, which would paint the model yellow: it is taken off its materials, which get the FBX material's own
 *   colour back, and its file is named as missing.
 * Files over FBX_TREE_LIMIT_BYTES are converted as they are, without these corrections (their tree would cost
 * too much memory to read here).
 */
import { copyFile, link, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import type { Document, Material, Texture } from '@gltf-transform/core';
import { GeometryFailure } from '../failures';
import { CONVERSION_LIMITS, convertFbx } from '../fbx-converter';
import { baseName, type FbxFacts, fbxFacts, meshRecords } from '../fbx-facts';
import { FBX_VERSIONS, fbxVersionText, readFbxSource } from '../fbx-source';
import {
  type FbxProperty,
  type FbxRecord,
  type FbxTree,
  FbxFormatError,
  parseFbx,
  stringOf,
  writeFbx,
} from '../fbx-tree';
import { triangulateFbx } from '../fbx-triangulation';
import { gltfIO } from '../gltf-io';
import type { SourceReader } from './source-model';

/** Files up to this size are read as a tree and corrected; larger ones are converted as they are. */
export const FBX_TREE_LIMIT_BYTES = 512 * 1024 ** 2;

/** The image FBX2glTF puts where a texture's file is missing: 1 × 1, RGBA (255, 255, 0, 128). */
const STAND_IN_IMAGE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==',
  'base64',
);

/** Image files a texture may name (FBX2glTF's list, and what exporters write). */
const IMAGE = /\.(png|jpe?g|tga|bmp|tiff?|gif|webp|psd|dds|ktx2?|exr|hdr)$/i;

/** A file's name without its extension, lower case: FBX2glTF matches textures to files this way. */
const stem = (name: string) => name.slice(0, name.length - extname(name).length).toLowerCase();

async function* filesUnder(folder: string): AsyncGenerator<string> {
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

/** A link to `from` at `to` (a copy across file systems). */
const place = (from: string, to: string) => link(from, to).catch(() => copyFile(from, to));

/**
 * The converter's folder: the FBX (the triangulated copy, when there is one) with the upload's images and the
 * file's embedded ones beside it, each under its own name (the first of a name wins). Answers the FBX's path and
 * the names of the images placed there.
 */
async function converterFolder(
  folder: string,
  source: { path: string; corrected: Buffer | null },
  imageFolder: string,
  facts: FbxFacts | null,
): Promise<{ fbx: string; images: Set<string> }> {
  await mkdir(folder, { recursive: true });
  const fbx = join(folder, 'model.fbx');
  if (source.corrected) await writeFile(fbx, source.corrected);
  else await place(source.path, fbx);
  const images = new Set<string>();
  const taken = (name: string) => images.has(name.toLowerCase());
  for await (const path of filesUnder(imageFolder)) {
    const name = basename(path);
    if (!IMAGE.test(name) || taken(name)) continue;
    images.add(name.toLowerCase());
    await place(path, join(folder, name));
  }
  for (const image of facts?.embedded ?? []) {
    if (!IMAGE.test(image.fileName) || taken(image.fileName)) continue;
    images.add(image.fileName.toLowerCase());
    await writeFile(join(folder, image.fileName), image.bytes);
  }
  return { fbx, images };
}

const TEXTURE_SLOTS = [
  ['getBaseColorTexture', 'setBaseColorTexture'],
  ['getEmissiveTexture', 'setEmissiveTexture'],
  ['getNormalTexture', 'setNormalTexture'],
  ['getOcclusionTexture', 'setOcclusionTexture'],
  ['getMetallicRoughnessTexture', 'setMetallicRoughnessTexture'],
] as const;

/** Takes FBX2glTF's stand-in images off every material; a base colour gets the FBX material's own colour back. */
function removeStandIns(document: Document, facts: FbxFacts | null): number {
  const standIns = new Set<Texture>(
    document
      .getRoot()
      .listTextures()
      .filter((texture) => STAND_IN_IMAGE.equals(Buffer.from(texture.getImage() ?? []))),
  );
  if (!standIns.size) return 0;
  for (const material of document.getRoot().listMaterials()) {
    for (const [get, set] of TEXTURE_SLOTS) {
      const texture = material[get]();
      if (!texture || !standIns.has(texture)) continue;
      material[set](null);
      if (get === 'getBaseColorTexture') restoreOwnColour(material, facts);
    }
  }
  for (const texture of standIns) texture.dispose();
  return standIns.size;
}

/** The FBX material's diffuse colour and opacity (a light grey when the file has none) as the base colour. */
function restoreOwnColour(material: Material, facts: FbxFacts | null): void {
  const own = facts?.materials.get(material.getName());
  const [r, g, b] = own?.diffuse ?? [0.8, 0.8, 0.8];
  const opacity = own?.opacity ?? 1;
  material.setBaseColorFactor([r, g, b, opacity]);
  material.setAlphaMode(opacity < 1 ? 'BLEND' : 'OPAQUE');
}

/** The texture files the FBX names that are neither in the upload nor inside the file, by file name. */
function missingTextures(facts: FbxFacts | null, images: Set<string>): string[] {
  const present = new Set([...images].map(stem));
  const missing = new Map<string, string>();
  for (const texture of facts?.textures ?? []) {
    const key = texture.fileName.toLowerCase();
    if (!present.has(stem(texture.fileName)) && !missing.has(key)) missing.set(key, texture.fileName);
  }
  return [...missing.values()];
}

/**
 * Names every texture's and image's file by its base name alone. Exporters write the author's own paths
 * (`D:\\projects\\maps\\wood.jpg`); FBX2glTF takes the name after the last `/`, so on this server a Windows path
 * never matches the file beside the FBX, and a whole zip of textures went unused. Answers how many it renamed.
 */
function relinkTextureFiles(tree: FbxTree): number {
  let renamed = 0;
  const rename = (property: FbxProperty | undefined) => {
    if (property?.kind !== 'string' || !/[\\/]/.test(property.value)) return;
    property.value = baseName(property.value);
    property.bytes = undefined;
    renamed += 1;
  };
  const visit = (records: FbxRecord[]) => {
    for (const record of records) {
      if (record.name === 'Texture' || record.name === 'Video') {
        for (const child of record.children) {
          if (/^(FileName|Filename|RelativeFilename)$/.test(child.name)) rename(child.properties[0]);
          if (child.name === 'Properties70' || child.name === 'Properties60')
            for (const entry of child.children)
              if (/^(Path|RelPath)$/.test(stringOf(entry.properties[0]) ?? ''))
                rename(entry.properties.at(-1));
        }
      }
      visit(record.children);
    }
  };
  visit(tree.records);
  return renamed;
}

function readTree(bytes: Buffer) {
  try {
    const tree = parseFbx(bytes);
    return { tree, facts: fbxFacts(tree) };
  } catch (error) {
    if (error instanceof FbxFormatError) throw new GeometryFailure('fbxDamaged');
    throw error;
  }
}

export const readFbx: SourceReader = async (input) => {
  const source = await readFbxSource(input.path);
  const size = (await stat(input.path)).size;
  const read = size <= FBX_TREE_LIMIT_BYTES ? readTree(await readFile(input.path)) : null;
  const facts = read?.facts ?? null;
  const version = facts?.version ?? source.version;
  if (version !== null && (version < FBX_VERSIONS.min || version > FBX_VERSIONS.max))
    throw new GeometryFailure('fbxVersion', { version: fbxVersionText(version) });
  let corrected: Buffer | null = null;
  if (read) {
    // Both corrections run (`|`, not `||`): each changes the tree in place.
    const triangulated = read.facts.hasLargePolygons && triangulateFbx(read.tree, meshRecords(read.tree)) > 0;
    if (Number(triangulated) | Number(relinkTextureFiles(read.tree))) corrected = writeFbx(read.tree, { compress: false });
  }
  const folder = await converterFolder(
    join(input.scratch, 'fbx'),
    { path: input.path, corrected },
    input.folder,
    facts,
  );
  const converted = await convertFbx(
    folder.fbx,
    join(input.scratch, 'converted'),
    input.scratch,
    input.limits.conversion ?? CONVERSION_LIMITS,
  );
  const document = await (await gltfIO()).read(converted);
  removeStandIns(document, facts);
  return {
    document,
    format: 'FBX',
    version: version === null ? null : fbxVersionText(version),
    encoding: source.encoding,
    sourceTriangles: facts?.triangles ?? null,
    missingTextures: missingTextures(facts, folder.images),
  };
};
