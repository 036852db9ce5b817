// @vitest-environment node
/**
 * The docs name files that exist (issue 43): every repository path that README.md, ARCHITECTURE.md and docs/*.md
 * mention (`src/…`, `server/…`, `tests/…`, `scripts/…`, `shared/…`, `docs/…`, `public/…`, `.ci/…`) is a file or
 * folder of the repository, a module path without its extension included. The generator's example entity
 * (`suppliers`, ARCHITECTURE.md "Adding an entity") names the files `make:resource` would write, and a path with a
 * wildcard names several.
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
