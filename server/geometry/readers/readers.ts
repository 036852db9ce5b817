/**
 * The reader of each model format (shared/model-formats.ts): a format the shared list adds is a type error here
 * until it has one. Each is imported when a file of its format comes: the pipeline's process reads one file, and
 * importing every reader (three's loaders, Open CASCADE, web-ifc, rhino3dm) cost each run over two seconds.
 * docs/3d-pipeline.md's reader table says which library reads each format and why.
 */
import type { ModelFormat } from '../../../shared/model-formats';
import type { SourceReader } from './source-model';

export const READERS: { readonly [Format in ModelFormat]: () => Promise<SourceReader> } = {
  FBX: async () => (await import('./fbx')).readFbx,
  glTF: async () => (await import('./gltf')).readGltf,
  OBJ: async () => (await import('./obj')).readObj,
  STL: async () => (await import('./stl')).readStl,
  PLY: async () => (await import('./ply')).readPly,
  '3MF': async () => (await import('./threemf')).read3mf,
  STEP: async () => (await import('./occt')).readStep,
  IGES: async () => (await import('./occt')).readIges,
  IFC: async () => (await import('./ifc')).readIfc,
  '3DM': async () => (await import('./rhino')).readRhino,
};
