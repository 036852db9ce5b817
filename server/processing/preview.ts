/**
 * The preview image a processed model gets: an SVG drawing of an isometric block in a colour derived from the
 * model, with its name, stored through the FileStorage like any upload (so `preview_image_url` is a served file).
 */
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FileStorage } from '../storage/storage';

/** A preview that is a storage key, as opposed to an absolute URL or path (kept as they are, never deleted). */
export const isStorageKey = (value: string | null): value is string =>
  !!value && !/^([a-z]+:|\/)/i.test(value);

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

/** A stable hue per model, so its preview keeps its colour when it is processed again. */
function hueOf(seed: string): number {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash % 360;
}

export function previewSvg(name: string, seed: string): string {
  const hue = hueOf(seed);
  const shade = (lightness: number) => `hsl(${hue} 55% ${lightness}%)`;
  const label = name.length > 40 ? `${name.slice(0, 39)}…` : name;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300" viewBox="0 0 400 300">
  <rect width="400" height="300" fill="${shade(96)}"/>
  <polygon points="200,50 310,110 200,170 90,110" fill="${shade(70)}"/>
  <polygon points="90,110 200,170 200,250 90,190" fill="${shade(50)}"/>
  <polygon points="310,110 200,170 200,250 310,190" fill="${shade(38)}"/>
  <text x="200" y="284" font-family="sans-serif" font-size="16" text-anchor="middle" fill="${shade(25)}">${escapeXml(label)}</text>
</svg>
`;
}

/** Renders and stores a model's preview; answers its storage key. */
export async function storeModelPreview(
  storage: FileStorage,
  modelId: number,
  name: string,
): Promise<string> {
  const folder = join(tmpdir(), 'portal-previews');
  await mkdir(folder, { recursive: true });
  const path = join(folder, randomUUID());
  await writeFile(path, previewSvg(name, `model-${modelId}`));
  const key = `previews/models/${randomUUID()}.svg`;
  await storage.putFile(key, path);
  return key;
}
