// @vitest-environment node
/**
 * The docs name files that exist (issue 43): every repository path that README.md, ARCHITECTURE.md and docs/*.md
 * mention (`src/…`, `server/…`, `tests/…`, `scripts/…`, `shared/…`, `docs/…`, `public/…`, `.ci/…`) is a file or
 * folder of the repository, a module path without its extension included. The generator's example entity
 * (`suppliers`, docs/declarations.md "Adding an entity") names the files `make:resource` would write, and a path with a
 * wildcard names several. The two docs a newcomer reads first stay short: ARCHITECTURE.md a map of at most 4,000 words,
 * README.md at most 150 lines; reference belongs in docs/.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const DOCS = [
  'README.md',
  'ARCHITECTURE.md',
  ...readdirSync(join(ROOT, 'docs')).map((file) => `docs/${file}`),
];
const PATH = /(?<![\w/.@-])((?:src|server|tests|scripts|shared|docs|public|\.ci)\/[\w./*-]*\w)/g;
const EXAMPLE_ENTITY = /(^|\/)(suppliers?|supplier-values)([./]|$)/;

const exists = (path: string) =>
  path.includes('*') || ['', '.ts', '.tsx'].some((extension) => existsSync(join(ROOT, path + extension)));

describe('the paths the docs name', () => {
  it.each(DOCS)('%s names only paths that exist', (doc) => {
    const text = readFileSync(join(ROOT, doc), 'utf8');
    const named = new Set([...text.matchAll(PATH)].map((match) => match[1]));
    const missing = [...named].filter((path) => !EXAMPLE_ENTITY.test(path) && !exists(path));
    expect(missing).toEqual([]);
  });
});

describe('the docs a newcomer reads first', () => {
  const read = (doc: string) => readFileSync(join(ROOT, doc), 'utf8');

  it('ARCHITECTURE.md is a map of at most 4,000 words', () => {
    const words = read('ARCHITECTURE.md').split(/\s+/).filter(Boolean).length;
    expect(words).toBeLessThanOrEqual(4000);
  });

  it('README.md has at most 150 lines', () => {
    const lines = read('README.md').trimEnd().split('\n').length;
    expect(lines).toBeLessThanOrEqual(150);
  });
});
