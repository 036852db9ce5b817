/**
 * What the 3D pipeline's steps say, in both languages (server/processing/processing-messages.ts over
 * public/locales): counts in the right number ('1 triangle', '1 driehoek'), the format read with its version and
 * encoding where it has one, each missing texture named with the advice to upload a zip, converted and left-out
 * textures, fewer triangles than the file holds, and an optimization that kept the converted file.
 */
import { describe, expect, it } from 'vitest';
import { PROCESSING_MESSAGES } from '../../server/processing/processing-messages';
import { renderMessage } from '../../server/http/messages';
import type { PipelineReport } from '../../server/geometry/model-pipeline';

const say = (found: PipelineReport) => ({
  en: renderMessage(PROCESSING_MESSAGES.found(found), 'en'),
  nl: renderMessage(PROCESSING_MESSAGES.found(found), 'nl'),
});

describe('the pipeline’s events', () => {
  it('count in the right number in both languages', () => {
    expect(say({ step: 'converted', triangles: 1, vertices: 3, size: [1, 0, 0.5] })).toEqual({
      en: 'Converted to glTF: 1 triangle, 3 vertices, 1 × 0 × 0.5 m',
      nl: 'Geconverteerd naar glTF: 1 driehoek, 3 hoekpunten, 1 × 0 × 0,5 m',
    });
    expect(say({ step: 'converted', triangles: 12_000, vertices: 1, size: [2, 2, 2] }).en).toBe(
      'Converted to glTF: 12,000 triangles, 1 vertex, 2 × 2 × 2 m',
    );
  });

  it('name the format read, with its version and its encoding where it has two', () => {
    const read = (
      format: 'FBX' | 'STEP' | 'OBJ',
      version: string | null,
      encoding: 'binary' | 'ascii' | null,
    ) => say({ step: 'read', format, version, encoding, meshes: 1, materials: 2, textures: 0 });
    expect(read('FBX', '5.0', 'binary')).toEqual({
      en: 'Geometry read: FBX 5.0 (binary), 1 mesh, 2 materials, 0 textures',
      nl: 'Geometrie gelezen: FBX 5.0 (binair), 1 mesh, 2 materialen, 0 texturen',
    });
    expect(read('STEP', 'AP214', null).en).toBe('Geometry read: STEP AP214, 1 mesh, 2 materials, 0 textures');
    expect(read('OBJ', null, null).en).toBe('Geometry read: OBJ, 1 mesh, 2 materials, 0 textures');
  });

  it('name each missing texture and say that a zip with it brings it in', () => {
    expect(say({ step: 'missingTextures', files: ['SpiderTex.jpg'] })).toEqual({
      en: 'Texture missing from the upload: SpiderTex.jpg. Upload a zip of the model with this file to show it.',
      nl: 'Textuur ontbreekt in de upload: SpiderTex.jpg. Upload een zip van het model met dit bestand om hem te tonen.',
    });
    expect(say({ step: 'missingTextures', files: ['a.png', 'b.tga'] }).en).toBe(
      '2 textures missing from the upload: a.png, b.tga. Upload a zip of the model with these files to show them.',
    );
  });

  it('tell what became of textures, of lost geometry and of an optimization that did not help', () => {
    expect(say({ step: 'texturesConverted', files: ['duckCM.tga'] }).en).toBe(
      'Texture converted to PNG for the viewer: duckCM.tga',
    );
    expect(say({ step: 'texturesUnsupported', files: ['a.dds', 'b.ktx2'] }).nl).toBe(
      '2 texturen weggelaten, in een vorm die browsers niet kunnen tonen: a.dds, b.ktx2',
    );
    expect(say({ step: 'geometryShort', drawn: 8683, own: 16275 }).en).toBe(
      'Warning: the converted model has 8,683 of the 16,275 triangles the file holds',
    );
    expect(say({ step: 'optimized', before: 5404, after: 5404, kept: true }).en).toBe(
      'Optimized: 5.4 kB; the converted file is kept, as optimizing did not make it smaller',
    );
  });
});
