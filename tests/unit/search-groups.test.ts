// @vitest-environment node
/**
 * The global search's groups (spec 1 §2.6), without rendering: every group of the registry, each shown only with
 * its permission and the authoring-only ones only on hatch, the spec's order, sort and row and View All targets;
 * a search needs a term and a category. An entity added beyond the spec (`npm run make:resource`) brings its own
 * group after the spec's: the generator's test runs this file on the entity it generates
 * (tests/generator/make-resource.test.ts). The search page and box themselves: search.test.tsx.
 */
import { describe, expect, it } from 'vitest';
import { ABILITIES, hasAbility, type PermissionSubject } from '@shared/abilities';
import type { SearchRecord } from '@/shell/search/search-group';
import { SEARCH_GROUPS, visibleSearchGroups } from '@/shell/search/search-groups';
import { DEFAULT_SETTINGS, groupSorters, searchProblem } from '@/shell/search/search-settings';

/** Alice holds every ability and both licences; Bob views. */
const alice: PermissionSubject = {
  admin: false,
  abilities: [...ABILITIES],
  licenses: ['hatch', 'design_and_sales'],
};
const bob: PermissionSubject = {
  ...alice,
  abilities: [
    'view-projects',
    'list-project-models',
    'list-libraries',
    'list-library-items',
    'list-labels',
    'list-downloads',
    'view-company',
  ],
};
const canFor = (subject: PermissionSubject) => (ability: string) => hasAbility(subject, ability);

/** Spec 1 §2.6's groups; an entity added beyond the spec (`npm run make:resource`) brings its own after them. */
const SPEC_GROUPS = [
  'projects',
  'models',
  'libraries',
  'libraryItems',
  'materials',
  'materialCategories',
  'users',
  'roles',
  'groups',
  'labels',
  'downloads',
  'propertyMaps',
];
const inSpec = (group: { key: string }) => SPEC_GROUPS.includes(group.key);

describe('search rules', () => {
  const groups = visibleSearchGroups(canFor(alice), 'hatch');

  it('needs a non-empty term and at least one category', () => {
    expect(searchProblem('', groups, DEFAULT_SETTINGS)).toBe('emptyTerm');
    expect(searchProblem('   ', groups, DEFAULT_SETTINGS)).toBe('emptyTerm');
    const allOff = {
      ...DEFAULT_SETTINGS,
      categories: Object.fromEntries(groups.map((group) => [group.key, false])),
    };
    expect(searchProblem('tower', groups, allOff)).toBe('allDisabled');
    expect(
      searchProblem('tower', groups, { ...allOff, categories: { ...allOff.categories, labels: true } }),
    ).toBeNull();
  });

  it('shows each group only with its permission, and the authoring-only ones only on hatch', () => {
    expect(groups.map((group) => group.key)).toEqual(SEARCH_GROUPS.map((group) => group.key));
    expect(SEARCH_GROUPS.filter(inSpec).map((group) => group.key)).toEqual(SPEC_GROUPS);
    const visible = (subject: PermissionSubject, platform: 'hatch' | 'customerportal') =>
      visibleSearchGroups(canFor(subject), platform)
        .filter(inSpec)
        .map((group) => group.key);
    expect(visible(alice, 'customerportal')).toEqual([
      'projects',
      'libraries',
      'libraryItems',
      'users',
      'roles',
      'groups',
      'labels',
      'downloads',
    ]);
    expect(visible(bob, 'hatch')).toEqual([
      'projects',
      'models',
      'libraries',
      'libraryItems',
      'labels',
      'downloads',
    ]);
  });

  it('sorts by the chosen field, and users by email_verified_at by default', () => {
    const projects = SEARCH_GROUPS.find((group) => group.key === 'projects')!;
    const users = SEARCH_GROUPS.find((group) => group.key === 'users')!;
    expect(groupSorters('modified_desc', projects)).toEqual([{ field: 'updated_at', order: 'desc' }]);
    expect(groupSorters('modified_desc', users)).toEqual([{ field: 'email_verified_at', order: 'asc' }]);
    expect(groupSorters('name_asc', users)).toEqual([{ field: 'name', order: 'asc' }]);
    expect(groupSorters('created_desc', projects)).toEqual([{ field: 'created_at', order: 'desc' }]);
  });

  it('leads rows and View All where spec 1 §2.6 says', () => {
    const target = (key: string, record: SearchRecord) =>
      SEARCH_GROUPS.find((group) => group.key === key)!.rowTarget(record);
    expect(target('libraries', { id: 4, name: 'Chairs' })).toEqual({
      to: '/libraries/4',
      state: { name: 'Chairs' },
    });
    expect(target('materials', { id: 1, name: 'Oak / natural' })).toEqual({
      to: '/materials/overview/Oak%20%2F%20natural',
    });
    expect(target('libraryItems', { id: 9 }).to).toBe('/libraries/items/overview/9');
    expect(target('propertyMaps', { id: 2 }).to).toBe('/tools/property-maps/edit/2');
    expect(SEARCH_GROUPS.filter(inSpec).map((group) => group.viewAll)).toEqual([
      '/projects',
      '/processor',
      '/libraries',
      '/libraries',
      '/materials',
      '/materials',
      '/security/users',
      '/security/roles',
      '/security/groups',
      '/tools/labels',
      '/tools/downloads',
      '/tools/property-maps',
    ]);
  });
});
