/**
 * What the processor reads in a model file (server/processing/inspection.ts), streamed in chunks as storage hands
 * it over: FBX versions and geometry (also when the keyword straddles two chunks), zip central directories (also
 * behind an archive comment), empty and cut-off files.
 */
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { inspectModelFile } from '../../server/processing/inspection';
import { FBX_ASCII, fbxBinary, truncatedZip, zipArchive } from './model-fixtures';

/** The file as a stream of `size`-byte chunks. */
const chunked = (bytes: Buffer, size = 7) =>
  Readable.from(
    Array.from({ length: Math.ceil(bytes.length / size) }, (_, index) =>
      bytes.subarray(index * size, (index + 1) * size),
    ),
  );

describe('inspecting an FBX file', () => {
  it('reads ASCII and binary files with geometry, whatever the chunks', async () => {
    expect(await inspectModelFile(chunked(FBX_ASCII), 'fbx')).toEqual({ ok: true, summary: 'FBX (ASCII)' });
    for (const size of [1, 3, 5, 4096])
      expect(await inspectModelFile(chunked(fbxBinary(7700), size), 'fbx')).toEqual({
        ok: true,
        summary: 'FBX 7.7 (binary)',
      });
    expect(await inspectModelFile(chunked(fbxBinary(6100)), 'fbx')).toEqual({
      ok: true,
      summary: 'FBX 6.1 (binary)',
    });
  });

  it('refuses files without geometry, of unknown versions, cut off or empty', async () => {
    expect(await inspectModelFile(chunked(fbxBinary(7400, false)), 'fbx')).toEqual({
      ok: false,
      reason: 'the FBX file contains no geometry',
    });
    expect(await inspectModelFile(chunked(fbxBinary(8100)), 'fbx')).toEqual({
      ok: false,
      reason: 'FBX version 8100 is not supported',
    });
    expect(await inspectModelFile(chunked(fbxBinary().subarray(0, 25)), 'fbx')).toEqual({
      ok: false,
      reason: 'the FBX file is cut off after its header',
    });
    expect(await inspectModelFile(chunked(Buffer.alloc(0)), 'fbx')).toEqual({
      ok: false,
      reason: 'the file is empty',
    });
  });
});

describe('inspecting a zip archive', () => {
  it('counts the entries of the central directory, also behind a comment', async () => {
    const archive = zipArchive({ 'model.fbx': 'mesh', 'texture.png': 'pixels', 'notes.txt': 'text' });
    expect(await inspectModelFile(chunked(archive, 1000), 'zip')).toEqual({
      ok: true,
      summary: 'zip archive with 3 files',
    });
    const comment = Buffer.from('Exported by a modelling tool');
    const commented = Buffer.from(archive);
    commented.writeUInt16LE(comment.length, commented.length - 2);
    expect(await inspectModelFile(chunked(Buffer.concat([commented, comment])), 'zip')).toMatchObject({
      ok: true,
    });
    expect(await inspectModelFile(chunked(zipArchive({ 'one.fbx': 'x' })), 'zip')).toEqual({
      ok: true,
      summary: 'zip archive with 1 file',
    });
  });

  it('refuses an archive cut off before its central directory, and an empty one', async () => {
    expect(await inspectModelFile(chunked(truncatedZip()), 'zip')).toEqual({
      ok: false,
      reason: 'the archive is damaged: its central directory is missing',
    });
    expect(await inspectModelFile(chunked(zipArchive({})), 'zip')).toEqual({
      ok: false,
      reason: 'the archive is empty',
    });
    const wrongComment = Buffer.concat([zipArchive({ 'a.fbx': 'x' }), Buffer.from('trailing bytes')]);
    expect(await inspectModelFile(chunked(wrongComment), 'zip')).toMatchObject({ ok: false });
  });
});
