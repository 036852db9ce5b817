/**
 * The pictures of the materials an uploaded archive holds (server/processing/material-import-processing.ts): the
 * archive's images are unpacked safely (archive.ts) and grouped per material the way the import names them (a
 * .matz is one material; a .zip one per top-level folder or file, material-archive.ts). Each material's
 * base-colour map (named so: base colour, albedo, diffuse, colour; else its first image) is re-encoded as WebP of
 * at most 2048 px a side for the viewer's sphere, and a lit sphere with that map is drawn as its preview, at card
 * size and at 2×. A material without an image, or whose map no image reader reads, gets neither.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import sharp from 'sharp';
import { ARCHIVE_LIMITS, type ArchiveLimits, type UnpackedFile, unpackArchive } from './archive';
import { PREVIEW_SIZE } from './model-pipeline';
import { MAX_TEXTURE_SIZE } from './optimizer';
import { renderMaterialPreview } from './preview-render';

export interface MaterialPipelineInput {
  /** The archive, on the local disk. */
  source: string;
  /** Its client file name: `.matz` is one material named after the file. */
  fileName: string;
  workFolder: string;
  limits?: ArchiveLimits;
}

export interface MaterialPicture {
  texture: string;
  preview: string;
  preview2x: string;
}

export interface MaterialPipelineResult {
  /** Per material name (as the import names it), the files in the work folder. */
  pictures: Record<string, MaterialPicture>;
}

const IMAGE = /\.(png|jpe?g|bmp|tiff?|gif|webp)$/i;
const BASE_COLOUR = /base[ _-]?colou?r|albedo|diffuse|(^|[ _-])(col|colou?r)([ _.-]|$)/i;

/** The material an entry belongs to, as material-archive.ts names materials. */
function materialOf(entry: string, archiveName: string): string {
  if (extname(archiveName).toLowerCase() === '.matz')
    return basename(archiveName, extname(archiveName)).trim();
  const parts = entry.split('/').filter(Boolean);
  const top = parts[0];
  return (parts.length > 1 ? top : basename(top, extname(top))).slice(0, 255).trim();
}

function baseColourMap(files: UnpackedFile[]): UnpackedFile {
  return files.find((file) => BASE_COLOUR.test(basename(file.name, extname(file.name)))) ?? files[0];
}

export async function runMaterialPipeline(input: MaterialPipelineInput): Promise<MaterialPipelineResult> {
  const unpacked = join(input.workFolder, 'source');
  const output = join(input.workFolder, 'output');
  await mkdir(unpacked, { recursive: true });
  await mkdir(output, { recursive: true });
  const images = await unpackArchive(
    input.source,
    unpacked,
    (name) => IMAGE.test(name),
    input.limits ?? ARCHIVE_LIMITS,
  );
  const groups = new Map<string, UnpackedFile[]>();
  for (const image of images) {
    const name = materialOf(image.name, input.fileName);
    if (name) groups.set(name, [...(groups.get(name) ?? []), image]);
  }
  const pictures: Record<string, MaterialPicture> = {};
  let index = 0;
  for (const [name, files] of groups) {
    index += 1;
    const map = baseColourMap(files);
    // An image sharp cannot read gives its material no picture; the import goes on.
    const texture = await sharp(map.path)
      .resize(MAX_TEXTURE_SIZE, MAX_TEXTURE_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 90 })
      .toBuffer()
      .catch(() => null);
    if (!texture) continue;
    const preview = await renderMaterialPreview({ texture, ...PREVIEW_SIZE });
    const picture = {
      texture: join(output, `${index}-texture.webp`),
      preview: join(output, `${index}-preview.webp`),
      preview2x: join(output, `${index}-preview@2x.webp`),
    };
    await writeFile(picture.texture, texture);
    await writeFile(picture.preview, preview.image1x);
    await writeFile(picture.preview2x, preview.image2x);
    pictures[name] = picture;
  }
  return { pictures };
}
