// @vitest-environment node
/**
 * Each upload kind's rules in the portal are its shared declaration's (shared/upload-kinds.ts), counted as the
 * server counts types: a file the server takes by name the portal lets through, one it refuses the portal refuses.
 */
import { describe, expect, it } from 'vitest';
import { UPLOAD_KIND_TYPES, type UploadKindName } from '@shared/upload-kinds';
import { refusalOf, UPLOAD_RULES } from '@/components/upload/upload-rules';

const refusal = (kind: UploadKindName, name: string, size = 10) =>
  refusalOf({ name, size }, UPLOAD_RULES[kind]);

describe('the upload kinds in the portal', () => {
  it('has rules for every declared kind, naming the kind the server checks against', () => {
    for (const kind of Object.keys(UPLOAD_KIND_TYPES) as UploadKindName[])
      expect(UPLOAD_RULES[kind].kind).toBe(kind);
  });

  it('takes what the server takes by name: .jpg as jpeg, .matz as a zip archive, any type where none is named', () => {
    expect(refusal('image', 'Photo.JPG')).toBeNull();
    expect(refusal('image', 'logo.png')).toBeNull();
    expect(refusal('image', 'anim.gif')).toBe('invalidType');
    expect(refusal('library-item-file', 'Chair.matz')).toBeNull();
    expect(refusal('library-item-file', 'Chair.fbx')).toBeNull();
    expect(refusal('material-archive', 'Wood.zip')).toBeNull();
    expect(refusal('material-archive', 'Wood.fbx')).toBe('invalidType');
    expect(refusal('model-file', 'Tower.matz')).toBeNull();
    expect(refusal('model-file', 'Tower.dwg')).toBe('invalidType');
    for (const name of ['Tower.glb', 'Tower.obj', 'Part.STEP', 'House.ifc', 'Logo.3dm'])
      expect(refusal('model-file', name)).toBeNull();
    expect(refusal('download-file', 'manual.pdf')).toBeNull();
    expect(refusal('download-file', 'anything-at-all')).toBeNull();
  });

  it('refuses an empty file of every kind', () => {
    for (const kind of Object.keys(UPLOAD_KIND_TYPES) as UploadKindName[])
      expect(refusal(kind, 'x.zip', 0), kind).toBe(kind === 'image' ? 'invalidType' : 'tooSmall');
  });
});
