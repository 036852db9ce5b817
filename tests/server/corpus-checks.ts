/**
 * The corpus test of one folder (corpus-fbx.test.ts, corpus-formats.test.ts, side by side in two workers): every
 * file through the 3D pipeline, right by its manifest (tests/server/corpus.ts `corpusProblems`) or, for the
 * documented misses, wrong in exactly the documented way; and the misses stay within 3 % of the whole corpus.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  convertCorpusFile,
  type CorpusFolder,
  corpusExpectations,
  corpusProblems,
  corpusSize,
  KNOWN_MISSES,
} from './corpus';

export function describeCorpus(folder: CorpusFolder): void {
  describe(`the corpus's ${folder} files through the 3D pipeline`, () => {
    let work: string;
    beforeAll(async () => {
      work = await mkdtemp(join(tmpdir(), `corpus-${folder}-`));
    });
    afterAll(() => rm(work, { recursive: true, force: true }));

    it.each(corpusExpectations(folder))('%s', async (name, expected) => {
      const outcome = await convertCorpusFile(folder, name, await mkdtemp(join(work, 'run-')));
      expect(corpusProblems(outcome, expected)).toEqual(KNOWN_MISSES[`${folder}/${name}`] ?? []);
    });

    it('misses at most 3 % of the whole corpus, each documented', () => {
      expect(Object.keys(KNOWN_MISSES).length / corpusSize()).toBeLessThanOrEqual(0.03);
    });
  });
}
