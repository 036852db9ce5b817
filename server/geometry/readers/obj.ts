/**
 * Wavefront OBJ into a glTF document: three's OBJLoader parses the geometry (faces fan-triangulated, `usemtl`
 * groups, vertex colours), MTLLoader parses each material library the OBJ names that the upload carries. Only
 * MTLLoader's parsed statements are used (its `create` builds three materials and loads textures through a
 * browser's Image): base colour from Kd and emission from Ke (sRGB in the file, linear in glTF, converted as three
 * converts them), opacity from d (or 1 − Tr), the map_Kd image's bytes from the upload. Companion files are found
 * case-insensitively, by their base name when the MTL names a Windows or absolute path, as uploads from Windows
 * tools need (the glTF reader finds its files the same way); a map the upload lacks is listed in `missingTextures`
 * and the material keeps its colour. OBJ has no units: metres, Y up, as the usual exporters mean them.
 */
import { readFile } from 'node:fs/promises';
import { basename, dirname, extname } from 'node:path';
import { Color, SRGBColorSpace, type Group } from 'three';
import { MTLLoader, type MaterialInfo } from 'three/examples/jsm/loaders/MTLLoader.js';
import { OBJLoader } from 'three/examples/jsm/loaders/OBJLoader.js';
import { GeometryFailure } from '../failures';
import { CompanionFiles, fileName } from './companion-files';
import { DocumentBuilder, rootMatrix, type ImageInput, type MaterialInput } from './document-builder';
import type { SourceReader } from './source-model';
import { addThreeScene, isMesh, sceneTriangles } from './three-scene';

const FORMAT = 'OBJ';

/** Text as UTF-8 when it is, else as Windows-1252 (older exporters write material names in the machine's code page). */
function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/**
 * The triangles the OBJ's faces make (an n-gon n − 2, as OBJLoader fans them), counted on the text before three
 * parses it: a file past the cap fails before its arrays are built.
 */
function faceTriangles(text: string): number {
  const faces = /^[ \t]*f[ \t]+([^\n]*)/gm;
  let triangles = 0;
  for (let match = faces.exec(text); match; match = faces.exec(text))
    triangles += Math.max(0, match[1].trim().split(/\s+/).length - 2);
  return triangles;
}

/**
 * The options a map statement may carry before its file name (`-s 1 1 1 file.png`), with the values each takes:
 * -o, -s and -t one to three numbers, the others a fixed count. three's getTextureParams knows only -bm, -mm, -s
 * and -o.
 */
const MAP_OPTIONS: Record<string, { min: number; max: number }> = {
  '-blendu': { min: 1, max: 1 },
  '-blendv': { min: 1, max: 1 },
  '-boost': { min: 1, max: 1 },
  '-cc': { min: 1, max: 1 },
  '-clamp': { min: 1, max: 1 },
  '-imfchan': { min: 1, max: 1 },
  '-texres': { min: 1, max: 1 },
  '-type': { min: 1, max: 1 },
  '-bm': { min: 1, max: 1 },
  '-mm': { min: 2, max: 2 },
  '-o': { min: 1, max: 3 },
  '-s': { min: 1, max: 3 },
  '-t': { min: 1, max: 3 },
};

/** The file name of a map statement, its options dropped; spaces inside the name kept. */
function mapFileName(statement: string): string {
  const tokens = [...statement.matchAll(/\S+/g)];
  let next = 0;
  const isNumber = (token: string) => /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(token);
  while (next < tokens.length - 1) {
    const option = MAP_OPTIONS[tokens[next][0].toLowerCase()];
    if (!option) break;
    next += 1;
    for (let taken = 0; taken < option.max && next < tokens.length - 1; taken += 1) {
      if (taken >= option.min && !isNumber(tokens[next][0])) break;
      next += 1;
    }
  }
  const first = tokens[next];
  return first ? statement.slice(first.index).trim() : '';
}

const IMAGE_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
};

/** An MTL colour statement (sRGB, 0–1) as linear RGB, as three converts it; undefined when it is not three numbers. */
function linearColor(values: number[] | undefined): [number, number, number] | undefined {
  if (!values || values.length < 3 || !values.every(Number.isFinite)) return undefined;
  const [r, g, b] = values.map((value) => Math.min(1, Math.max(0, value)));
  const color = new Color().setRGB(r, g, b, SRGBColorSpace);
  return [color.r, color.g, color.b];
}

/** The opacity an MTL material states: d, else 1 − Tr; 1 when it states neither. */
function opacityOf(info: MaterialInfo): number {
  // MTLLoader keeps every statement but the colours as text.
  const number = (value: unknown) => (value === undefined ? NaN : parseFloat(String(value)));
  const dissolve = number(info.d);
  if (Number.isFinite(dissolve)) return Math.min(1, Math.max(0, dissolve));
  const transparency = number(info.tr);
  if (!Number.isFinite(transparency)) return 1;
  const opacity = Math.min(1, Math.max(0, 1 - transparency));
  // Some exporters write Tr as the opacity (Tr 1 for an opaque material): a wholly invisible material is that.
  return opacity === 0 ? 1 : opacity;
}

const NEUTRAL_GREY: [number, number, number] = [0.8, 0.8, 0.8];

export const readObj: SourceReader = async (input) => {
  const bytes = await readFile(input.path);
  let text: string;
  try {
    text = decodeText(bytes);
  } catch {
    // Longer than a JavaScript string can be: three's parser cannot take it.
    throw new GeometryFailure('unreadable', { format: FORMAT });
  }
  // Text without a face statement (not an OBJ at all) has nothing to draw; three would warn of every line.
  if (!/^[ \t]*f[ \t]/m.test(text)) throw new GeometryFailure('noGeometry');
  if (faceTriangles(text) > input.limits.maxTriangles)
    throw new GeometryFailure('tooManyTriangles', { limit: input.limits.maxTriangles });
  let group: Group;
  try {
    group = new OBJLoader().parse(text);
  } catch {
    throw new GeometryFailure('unreadable', { format: FORMAT });
  }
  const triangles = sceneTriangles(group);
  if (triangles === 0) throw new GeometryFailure('noGeometry');
  if (triangles > input.limits.maxTriangles)
    throw new GeometryFailure('tooManyTriangles', { limit: input.limits.maxTriangles });

  const files = await CompanionFiles.of(input.folder);
  const modelFolder = dirname(input.path);
  // The material libraries the OBJ names that the upload carries; a name may hold spaces or list several files.
  const libraries = new Map<string, { info: Record<string, MaterialInfo>; folder: string }>();
  const named = 'materialLibraries' in group ? group.materialLibraries : undefined;
  for (const statement of Array.isArray(named) ? named.map(String) : []) {
    const candidates = [statement, ...statement.split(/\s+/)];
    const path = candidates.map((name) => files.find(name, modelFolder)).find(Boolean);
    if (!path || libraries.has(path)) continue;
    const creator = new MTLLoader().parse(decodeText(await readFile(path)), '');
    libraries.set(path, { info: creator.materialsInfo, folder: dirname(path) });
  }
  const materialInfo = (name: string) => {
    for (const library of libraries.values()) {
      const found =
        library.info[name] ??
        Object.entries(library.info).find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1];
      if (found) return { info: found, folder: library.folder };
    }
    return undefined;
  };

  const missingTextures = new Set<string>();
  const images = new Map<string, ImageInput>();
  const imageOf = async (statement: string | undefined, from: string): Promise<ImageInput | undefined> => {
    const name = statement ? mapFileName(statement) : '';
    if (!name) return undefined;
    const path = files.find(name, from);
    if (!path) {
      missingTextures.add(fileName(name));
      return undefined;
    }
    const known = images.get(path);
    if (known) return known;
    const image = {
      bytes: new Uint8Array(await readFile(path)),
      mimeType: IMAGE_TYPES[extname(path).toLowerCase()] ?? '',
      name: basename(path),
    };
    images.set(path, image);
    return image;
  };
  // Every material's image, read before the (synchronous) scene conversion asks for it.
  const materialInputs = new Map<string, MaterialInput>();
  const usedNames = new Set<string>();
  group.traverse((object) => {
    if (!isMesh(object)) return;
    for (const material of Array.isArray(object.material) ? object.material : [object.material])
      usedNames.add(material.name);
  });
  for (const name of usedNames) {
    const found = materialInfo(name);
    const baseColorImage = found ? await imageOf(found.info.map_kd, found.folder) : undefined;
    const opacity = found ? opacityOf(found.info) : 1;
    // Without Kd three draws a textured material's map as it is (white); an untextured one is neutral grey.
    const base = linearColor(found?.info.kd) ?? (baseColorImage ? [1, 1, 1] : NEUTRAL_GREY);
    const emissive = linearColor(found?.info.ke);
    materialInputs.set(name, {
      name: name || 'default',
      baseColor: [base[0], base[1], base[2], opacity],
      emissive: emissive?.some((value) => value > 0) ? emissive : undefined,
      baseColorImage,
    });
  }

  const builder = new DocumentBuilder(basename(input.path), rootMatrix(1, false));
  addThreeScene(builder, group, {
    format: FORMAT,
    material: (material, vertexColors) =>
      builder.material(`${material.name}\u0000${vertexColors}`, () => {
        const made = materialInputs.get(material.name) ?? { name: material.name || 'default' };
        // Vertex colours are the colour when the MTL gives none (three's OBJ material is white then).
        if (vertexColors && !materialInfo(material.name)?.info.kd)
          return { ...made, baseColor: [1, 1, 1, made.baseColor?.[3] ?? 1] };
        return made;
      }),
  });
  return {
    document: builder.document,
    format: FORMAT,
    version: null,
    encoding: null, // OBJ is text only: no encoding to tell apart
    sourceTriangles: triangles,
    missingTextures: [...missingTextures],
  };
};
