/**
 * V8's explicit compile hint on every script of the production build (scripts/build/compile-hints.ts): Chromium
 * reads it only as the file's first line, so it must come before Vite's own preamble. Builds the portal only when
 * dist/ is missing or older than its sources.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { COMPILE_HINT, shiftedOneLine, withCompileHint } from '../../scripts/build/compile-hints';
import { ensureBuild } from '../../scripts/ensure-build';

const ASSETS = join('dist', 'assets');

beforeAll(() => ensureBuild(), 240_000);

describe('the compile hint', () => {
  it('is the first line of every script of the build', () => {
    const scripts = readdirSync(ASSETS).filter((name) => name.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(20);
    const unmarked = scripts.filter(
      (name) => readFileSync(join(ASSETS, name), 'utf8').split('\n', 1)[0] !== COMPILE_HINT,
    );
    expect(unmarked).toEqual([]);
  });

  it('comes before the preamble Vite puts at the top of a chunk with dynamic imports', () => {
    const withPreamble = readdirSync(ASSETS)
      .filter((name) => name.endsWith('.js'))
      .map((name) => readFileSync(join(ASSETS, name), 'utf8'))
      .filter((code) => code.includes('__vite__mapDeps='));
    expect(withPreamble.length).toBeGreaterThan(0);
    for (const code of withPreamble) expect(code.split('\n')[1]).toMatch(/^const __vite__mapDeps=/);
  });

  it('is added once, and a source map moves down by the one line it adds', () => {
    expect(withCompileHint('a();')).toBe(`${COMPILE_HINT}\na();`);
    expect(withCompileHint(withCompileHint('a();'))).toBe(`${COMPILE_HINT}\na();`);
    expect(shiftedOneLine('AAAA;CAAC')).toBe(';AAAA;CAAC');
  });
});
