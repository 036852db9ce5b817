// @vitest-environment node
/**
 * V8's compile hint (scripts/build/compile-hints.ts): added once, with the source map moved down by its line. That
 * every script of the production build starts with it is checked on the build itself in bundle-budget.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { COMPILE_HINT, shiftedOneLine, withCompileHint } from '../../scripts/build/compile-hints';

describe('the compile hint', () => {
  it('is added once, and a source map moves down by the one line it adds', () => {
    expect(withCompileHint('a();')).toBe(`${COMPILE_HINT}\na();`);
    expect(withCompileHint(withCompileHint('a();'))).toBe(`${COMPILE_HINT}\na();`);
    expect(shiftedOneLine('AAAA;CAAC')).toBe(';AAAA;CAAC');
  });
});
