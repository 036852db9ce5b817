/**
 * The 3D formats a model or library item file may be in, by the extensions that name them, as the server's 3D
 * pipeline reads them (server/geometry/readers/), the upload kinds accept them (upload-kinds.ts) and the
 * statistics name them. A zip archive holds one of them with its companion files (textures, .mtl, .bin).
 */
export const MODEL_FORMATS = {
  FBX: ['fbx'],
  glTF: ['glb', 'gltf'],
  OBJ: ['obj'],
  STL: ['stl'],
  PLY: ['ply'],
  '3MF': ['3mf'],
  STEP: ['step', 'stp'],
  IGES: ['iges', 'igs'],
  IFC: ['ifc'],
  '3DM': ['3dm'],
} as const satisfies Record<string, readonly string[]>;

export type ModelFormat = keyof typeof MODEL_FORMATS;
export type ModelExtension = (typeof MODEL_FORMATS)[ModelFormat][number];

export const MODEL_FORMAT_NAMES = Object.keys(MODEL_FORMATS) as ModelFormat[];

/** Every extension of a model format, in the formats' order (FBX first: the spec's own). */
export const MODEL_EXTENSIONS = Object.values(MODEL_FORMATS).flat() as ModelExtension[];

/** The format an extension names (lower case, no dot), or null. */
export function modelFormatOf(extension: string): ModelFormat | null {
  return (
    MODEL_FORMAT_NAMES.find((format) => (MODEL_FORMATS[format] as readonly string[]).includes(extension)) ??
    null
  );
}

/**
 * Which model an archive's files make when it holds several: the first format of this list present (FBX and
 * glTF carry the most of a scene; STL and PLY the least), then the largest file of it.
 */
export const ARCHIVE_MODEL_PREFERENCE: readonly ModelFormat[] = [
  'FBX',
  'glTF',
  '3MF',
  'OBJ',
  'STEP',
  'IGES',
  'IFC',
  '3DM',
  'STL',
  'PLY',
];
