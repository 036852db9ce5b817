/**
 * 3MF (3D Manufacturing Format) into a glTF document with three's ThreeMFLoader: objects, components and build
 * items with their transforms, base materials, colour groups (vertex colours) and 2D textures. The loader is
 * written for a browser, so its parse runs here with three stand-ins, put on globalThis only for that synchronous
 * call and taken away after it (the loader reaches for the globals by name; there is no way to hand them over):
 * - `DOMParser`: linkedom's, behind one that drops element name prefixes (`<m:texture2d>`) first. The loader
 *   selects elements by unprefixed names, which a browser's selectors match whatever the prefix; linkedom's match
 *   the prefixed name only, so the materials extension's elements would be lost. It also notes each model part's
 *   `unit`, which the loader reads but does not apply.
 * - `document.createElementNS`, which three's ImageLoader calls for an <img>: an element that keeps the Blob the
 *   loader made of the texture's bytes (from the zip, with its content type) and reports itself loaded at once, so
 *   three hangs it on the texture and revokes the blob URL. The bytes go onto the glTF material.
 * 3MF is Z up, in the model's unit (millimetres unless it says otherwise).
 */
import { resolveObjectURL, type Blob } from 'node:buffer';
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { DOMParser as LinkedomDOMParser } from 'linkedom';
import { Loader, Texture, type Group, type Material } from 'three';
import { ThreeMFLoader } from 'three/examples/jsm/loaders/3MFLoader.js';
import { GeometryFailure } from '../failures';
import { DocumentBuilder, rootMatrix, type ImageInput } from './document-builder';
import type { SourceReader } from './source-model';
import { addThreeScene, isMesh, materialInputOf, sceneTriangles } from './three-scene';

const FORMAT = '3MF';

/** Metres per unit of the 3MF core specification's `unit` values. */
const UNITS: Record<string, number> = {
  micron: 1e-6,
  millimeter: 1e-3,
  centimeter: 1e-2,
  inch: 0.0254,
  foot: 0.3048,
  meter: 1,
};

/** Element names without their namespace prefix, as a browser's selectors see them (attributes untouched). */
const withoutElementPrefixes = (xml: string) => xml.replace(/<(\/?)[A-Za-z_][\w.-]*:(?=[A-Za-z_])/g, '<$1');

/** The DOMParser the loader gets: linkedom's on unprefixed XML, noting the `unit` of every model part it parses. */
function unprefixedParser(units: string[]) {
  return class UnprefixedDOMParser {
    parseFromString(text: string) {
      const parsed = new LinkedomDOMParser().parseFromString(withoutElementPrefixes(text), 'text/xml');
      const root = parsed.documentElement;
      if (root?.nodeName === 'model') units.push(root.getAttribute('unit') ?? 'millimeter');
      return parsed;
    }
  };
}

/** The <img> three's ImageLoader makes: keeps the Blob behind the URL it is given and is loaded at once. */
class DetachedImage extends EventTarget {
  blob: Blob | undefined;
  fetchPriority = 'auto';

  set src(url: string) {
    this.blob = resolveObjectURL(url);
    this.dispatchEvent(new Event('load'));
  }
}

/** Runs `parse` with `globals` set on globalThis, putting back what was there before. */
function withGlobals<T>(globals: Record<string, unknown>, parse: () => T): T {
  const before = Object.keys(globals).map(
    (name) => [name, Object.getOwnPropertyDescriptor(globalThis, name)] as const,
  );
  for (const [name, value] of Object.entries(globals))
    Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
  try {
    return parse();
  } finally {
    for (const [name, descriptor] of before)
      if (descriptor) Object.defineProperty(globalThis, name, descriptor);
      else Reflect.deleteProperty(globalThis, name);
  }
}

/** The image bytes behind every colour map of the scene, by three texture. */
async function textureImages(group: Group, name: string): Promise<Map<Texture, ImageInput>> {
  const images = new Map<Texture, ImageInput>();
  const maps = new Set<Texture>();
  group.traverse((object) => {
    if (!isMesh(object)) return;
    for (const material of Array.isArray(object.material) ? object.material : [object.material])
      if ('map' in material && material.map instanceof Texture) maps.add(material.map);
  });
  for (const map of maps) {
    const image: unknown = map.image;
    if (!(image instanceof DetachedImage) || !image.blob) continue;
    const bytes = new Uint8Array(await image.blob.arrayBuffer());
    const extension = image.blob.type.replace(/^image\//, '').replace('jpeg', 'jpg');
    images.set(map, {
      bytes,
      mimeType: image.blob.type,
      name: `${name}-texture${images.size + 1}.${extension}`,
    });
  }
  return images;
}

export const read3mf: SourceReader = async (input) => {
  const file = await readFile(input.path);
  const units: string[] = [];
  let group: Group;
  try {
    group = withGlobals(
      { DOMParser: unprefixedParser(units), document: { createElementNS: () => new DetachedImage() } },
      () => new ThreeMFLoader().parse(file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength)),
    );
  } catch {
    throw new GeometryFailure('unreadable', { format: FORMAT });
  }
  const triangles = sceneTriangles(group);
  if (triangles === 0) throw new GeometryFailure('noGeometry');
  if (triangles > input.limits.maxTriangles)
    throw new GeometryFailure('tooManyTriangles', { limit: input.limits.maxTriangles });
  const images = await textureImages(group, basename(input.path).replace(/\.3mf$/i, ''));
  // The loader parses the root model part last (sub-models first): its unit is the build's.
  const unit = UNITS[units[units.length - 1] ?? 'millimeter'] ?? UNITS.millimeter;
  const builder = new DocumentBuilder(basename(input.path), rootMatrix(unit, true));
  addThreeScene(builder, group, {
    format: FORMAT,
    material: (material: Material, vertexColors) =>
      builder.material(`${material.uuid}\u0000${vertexColors}`, () => {
        const map = 'map' in material && material.map instanceof Texture ? material.map : undefined;
        const made = { ...materialInputOf(material), baseColorImage: map && images.get(map) };
        if (!made.name || made.name === Loader.DEFAULT_MATERIAL_NAME) made.name = '3MF';
        return made;
      }),
  });
  return {
    document: builder.document,
    format: FORMAT,
    version: null,
    // A zip of XML parts: neither of the two encodings the other formats have.
    encoding: null,
    sourceTriangles: triangles,
    missingTextures: [],
  };
};
