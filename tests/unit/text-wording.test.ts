// @vitest-environment node
/**
 * One way of writing each text (issue 12), over every text of public/locales: the English texts spell as the
 * spec's quoted texts do ('Primary Color', 'Set Custom Company color', 'Unauthorized': American), the Dutch texts
 * say 'Updated' one way ('Gewijzigd'), and a file size limit reads one way in each language. An added entity's
 * texts (`npm run make:resource`) must too: the generator's test runs this file on the entity it generates
 * (tests/generator/make-resource.test.ts). A status on the cards and tags: text-consistency.test.tsx.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };

/** Every text of a language as `namespace:key` and its value. */
function texts(language: string): Array<[string, string]> {
  const folder = join(import.meta.dirname, '../../public/locales', language);
  const flatten = (tree: Tree, prefix: string): Array<[string, string]> =>
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'string'
        ? [[`${prefix}${key}`, value] as [string, string]]
        : flatten(value, `${prefix}${key}.`),
    );
  return readdirSync(folder).flatMap((file) =>
    flatten(JSON.parse(readFileSync(join(folder, file), 'utf8')) as Tree, `${file.replace(/\.json$/, '')}:`),
  );
}

/**
 * A text's words outside its interpolations and nestings (`{{licence}}` names a parameter and
 * `$t(common:licences.hatch)` another text, not words the reader sees).
 */
const words = (value: string) => value.replace(/\{\{[^}]*\}\}/g, '').replace(/\$t\([^)]*\)/g, '');

describe('English spelling', () => {
  it('is American throughout, as the spec quotes its texts', () => {
    const british = /\b(colour|licence|favourite|optimis|organis|behaviour|centre\b|catalogue|metre)/i;
    expect(texts('en').filter(([, value]) => british.test(words(value)))).toEqual([]);
  });
});

describe('Dutch wording', () => {
  it("says 'Updated' as 'Gewijzigd' everywhere, never 'Bijgewerkt'", () => {
    expect(texts('nl').filter(([, value]) => /bijgewerkt|bijwerk/i.test(value))).toEqual([]);
  });
});

describe('file size limits', () => {
  it.each([
    ['en', /\bup to \d+ MB\b/, /\bmax\.? \d+ MB\b/i],
    ['nl', /\bmaximaal \d+ MB\b/, /\bmax\.? \d+ MB\b/i],
  ])("read one way in '%s' ('up to 3 MB', 'maximaal 3 MB')", (language, way, otherWay) => {
    const limits = texts(language).filter(([, value]) => /\d+ MB\b/.test(value));
    expect(limits.length).toBeGreaterThan(0);
    expect(limits.filter(([, value]) => otherWay.test(value) || !way.test(value))).toEqual([]);
  });
});
