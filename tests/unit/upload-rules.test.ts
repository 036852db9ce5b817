// @vitest-environment node
/** What the upload component accepts (spec 2 §5): types by name with .matz as .zip, optional size limits. */
import { describe, expect, it } from 'vitest';
import { fileTypeOf, formatBytes, MODEL_FILE_RULES, refusalOf } from '@/components/upload/upload-rules';

describe('upload rules', () => {
  it('takes the type from the name: .fbx is fbx, .zip and .matz are zip', () => {
    expect(fileTypeOf('Lobby.FBX')).toBe('fbx');
    expect(fileTypeOf('scene.v2.zip')).toBe('zip');
    expect(fileTypeOf('Materials.matz')).toBe('zip');
    expect(fileTypeOf('README')).toBe('');
    expect(fileTypeOf('.fbx')).toBe('');
    expect(fileTypeOf('trailing.')).toBe('');
  });

  it('refuses by type first, then by size; without limits any size passes', () => {
    const rules = { types: ['fbx', 'zip'], minSize: 10, maxSize: 100 };
    expect(refusalOf({ name: 'model.obj', size: 50 }, rules)).toBe('invalidType');
    expect(refusalOf({ name: 'model.obj', size: 500 }, rules)).toBe('invalidType');
    expect(refusalOf({ name: 'model.fbx', size: 101 }, rules)).toBe('tooLarge');
    expect(refusalOf({ name: 'model.matz', size: 9 }, rules)).toBe('tooSmall');
    expect(refusalOf({ name: 'model.matz', size: 10 }, rules)).toBeNull();
    expect(refusalOf({ name: 'model.zip', size: 100 }, rules)).toBeNull();
    expect(refusalOf({ name: 'anything.bin', size: 5_000_000_000 }, {})).toBeNull();
  });

  it('model files are fbx or zip archives of at least one byte, with no upper limit', () => {
    expect(refusalOf({ name: 'a.fbx', size: 0 }, MODEL_FILE_RULES)).toBe('tooSmall');
    expect(refusalOf({ name: 'a.fbx', size: 40_000_000_000 }, MODEL_FILE_RULES)).toBeNull();
    expect(refusalOf({ name: 'a.matz', size: 1 }, MODEL_FILE_RULES)).toBeNull();
    expect(refusalOf({ name: 'a.rar', size: 1 }, MODEL_FILE_RULES)).toBe('invalidType');
  });

  it('shows sizes in decimal units', () => {
    expect(formatBytes(999, 'en')).toBe('999 B');
    expect(formatBytes(12_000_000, 'en')).toBe('12 MB');
    expect(formatBytes(1_536_000, 'en')).toBe('1.5 MB');
    expect(formatBytes(1_536_000, 'nl')).toBe('1,5 MB');
    expect(formatBytes(250_000_000_000, 'en')).toBe('250 GB');
  });
});
