/**
 * The reader of each model format (shared/model-formats.ts): a format the shared list adds is a type error here
 * until it has one. ARCHITECTURE.md's reader table says which library reads each and why.
 */
import type { ModelFormat } from '../../../shared/model-formats';
import { readFbx } from './fbx';
import { readGltf } from './gltf';
import { readIfc } from './ifc';
import { readObj } from './obj';
import { readIges, readStep } from './occt';
import { readPly } from './ply';
import { readRhino } from './rhino';
import type { SourceReader } from './source-model';
import { readStl } from './stl';
import { read3mf } from './threemf';

export const READERS: { readonly [Format in ModelFormat]: SourceReader } = {
  FBX: readFbx,
  glTF: readGltf,
  OBJ: readObj,
  STL: readStl,
  PLY: readPly,
  '3MF': read3mf,
  STEP: readStep,
  IGES: readIges,
  IFC: readIfc,
  '3DM': readRhino,
};
