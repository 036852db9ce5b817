/**
 * One way of writing each text (issue 12): the English texts spell as the spec's quoted texts do ('Primary Color',
 * 'Set Custom Company color', 'Unauthorized': American), the Dutch texts say 'Updated' one way ('Gewijzigd'),
 * and a status reads the same on every card and tag (the locale's text as it is, 'Active' and 'Archived' as in
 * the spec's '{name} Archived...'), on the materials', categories' and libraries' lists, except the Processor's
 * material cards, whose badge spec 2 §Processor upper-cases (issue 31).
 */
import { render } from '@testing-library/react';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RESOURCES } from '@/resources/index';
import { PROCESSOR_TABS } from '@/pages/processor/processor-tabs';
import type { ResourceDeclaration } from '@/declarations/types';
import { portalI18n } from './support/portal-app';

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
    const british = /\b(colour|licence|favourite|optimis|organis|behaviour|centre\b|catalogue)/i;
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

describe('status tags', () => {
  const en = portalI18n('en');
  const statusOf = (resource: ResourceDeclaration, status: string) => {
    const t = en.getFixedT('en', resource.ns) as (key: string, options?: Record<string, unknown>) => string;
    const record = {
      id: 1,
      name: 'Oak',
      status,
      status_color: '#52c41a',
      preview_image: null,
      preview_image_url: null,
      indirect_items_count: 0,
      indirect_materials_count: 0,
      active_version_creator_name: 'Alice',
      created_at: '2026-03-01T08:00:00.000Z',
    };
    const { container, unmount } = render(
      <>{resource.list!.cards!.card(record, { t, platform: 'hatch', can: () => true })}</>,
    );
    const shown = container.querySelector('.status-badge')?.textContent;
    unmount();
    return shown;
  };
  const withStatusCards = ['libraries', 'materials', 'materials/categories'].map(
    (name) => [name, RESOURCES.find((resource) => resource.name === name)!] as const,
  );

  it.each(withStatusCards)('%s: show the status as the locale writes it', (_name, resource) => {
    expect(statusOf(resource, 'ACTIVE')).toBe('Active');
    expect(statusOf(resource, 'ARCHIVED')).toBe('Archived');
  });

  it("processor materials: show the locale's status upper-cased, as spec 2 §Processor says ('upper-cased status badge')", () => {
    const resource = PROCESSOR_TABS.find((tab) => tab.key === 'materials')!.resource;
    expect(statusOf(resource, 'ACTIVE')).toBe('ACTIVE');
    expect(statusOf(resource, 'ARCHIVED')).toBe('ARCHIVED');
  });
});
