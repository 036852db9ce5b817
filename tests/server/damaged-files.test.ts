/**
 * A damaged file of every model format through the 3D pipeline (in this process: the run in a process of its own
 * and what the API makes of a failure are processing-formats.test.ts's): real files from the shared corpus, cut off
 * as an interrupted copy leaves them, or damaged as the corpus has them, each fail with a GeometryFailure whose
 * event names the format and says why, in both languages.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GeometryFailure } from '../../server/geometry/failures';
import { type ModelFileKind, runModelPipeline } from '../../server/geometry/model-pipeline';
import { renderMessage } from '../../server/http/messages';
import { PROCESSING_MESSAGES } from '../../server/processing/processing-messages';
import { type CorpusFolder, corpusPath } from './corpus';

let work: string;
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'damaged-files-'));
});
afterAll(() => rm(work, { recursive: true, force: true }));

/** The first half of a corpus file: what an interrupted copy leaves. */
const firstHalf = async (folder: CorpusFolder, name: string) => {
  const bytes = await readFile(corpusPath(folder, name));
  return bytes.subarray(0, Math.floor(bytes.length / 2));
};

describe('a damaged file', () => {
  it.each<[string, ModelFileKind, () => Promise<Buffer>, string]>([
    [
      'FBX',
      'fbx',
      () => readFile(corpusPath('fbx', 'h_duck_bin_cut_half.fbx')),
      'the FBX file is damaged or cut off',
    ],
    [
      'zip',
      'zip',
      () => firstHalf('fbx', 'z_jeep1_bin_jpg.zip'),
      'the archive is damaged: its central directory is missing',
    ],
    [
      'glTF',
      'glb',
      () => readFile(corpusPath('formats', 'damaged_truncated_VertexColorTest.glb')),
      'the glTF file could not be read; it may be damaged or cut off',
    ],
    [
      'OBJ',
      'obj',
      () => readFile(corpusPath('formats', 'damaged_nonsense.obj')),
      'the file contains no geometry',
    ],
    [
      'STL',
      'stl',
      () => firstHalf('formats', '3DSMaxExport.STL'),
      'the STL file could not be read; it may be damaged or cut off',
    ],
    [
      'PLY',
      'ply',
      () => firstHalf('formats', 'cube_rgb_binary.ply'),
      'the PLY file could not be read; it may be damaged or cut off',
    ],
    [
      '3MF',
      '3mf',
      () => firstHalf('formats', 'cube_gears.3mf'),
      'the 3MF file could not be read; it may be damaged or cut off',
    ],
    [
      'STEP',
      'step',
      () => readFile(corpusPath('formats', 'damaged_truncated_io1-cm-214.stp')),
      'the STEP file could not be read; it may be damaged or cut off',
    ],
    [
      'IGES',
      'igs',
      () => firstHalf('formats', 'as1_pe_203.igs'),
      'the IGES file could not be read; it may be damaged or cut off',
    ],
    [
      'IFC',
      'ifc',
      () => firstHalf('formats', 'example.ifc'),
      'the IFC file could not be read; it may be damaged or cut off',
    ],
    [
      '3DM',
      '3dm',
      () => firstHalf('formats', 'RhinoLogo.3dm'),
      'the 3DM file could not be read; it may be damaged or cut off',
    ],
  ])('of %s fails, saying why', async (_, kind, bytes, reason) => {
    const folder = await mkdtemp(join(work, 'run-'));
    const source = join(folder, `damaged.${kind}`);
    await writeFile(source, await bytes());
    const failure = await runModelPipeline({ source, kind, workFolder: join(folder, 'work') }, () => {}).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(GeometryFailure);
    const stored = PROCESSING_MESSAGES.failedWith(failure as GeometryFailure);
    expect(renderMessage(stored, 'en')).toBe(`Conversion failed: ${reason}`);
    expect(renderMessage(stored, 'nl')).toMatch(/^Conversie mislukt: /);
  });
});
