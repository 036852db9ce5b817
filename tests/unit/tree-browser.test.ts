// @vitest-environment node
/**
 * The tree browser's pieces that need no server: a tree declaration's container route (bound to the tree page),
 * two lists sharing one URL under their prefixes, default filters the user may clear, and the move's removal flag
 * (spec 2 §5).
 */
import { describe, expect, it } from 'vitest';
import { parseListState, serializeListState } from '@/pages/list/list-state';
import { toResourceRoutes } from '@/declarations/derive';
import { RESOURCES } from '@/resources/index';
import { removalFlag } from '@/components/MoveToContainersDialog';
import { resourceRouteEntry, TREE_PAGE } from '@/shell/routes/resource-pages';

const libraries = RESOURCES.find((resource) => resource.name === 'libraries')!;

describe('a tree declaration', () => {
  it('adds the container route beside the list route, both shown by the tree browser', () => {
    const routes = toResourceRoutes(libraries);
    const tree = routes.filter((route) => route.action === 'list');
    expect(tree.map((route) => [route.path, route.screen])).toEqual([
      ['libraries', 'libraries.list'],
      ['libraries/:libraryId', 'libraries.library'],
    ]);
    expect(tree.every((route) => route.guard?.ability === 'list-libraries')).toBe(true);
    expect(TREE_PAGE).toBeTypeOf('function');
    for (const route of tree) expect(resourceRouteEntry(libraries, route).page).toBeTypeOf('function');
  });
});

describe('lists sharing a URL', () => {
  const containers = { pageSize: 10, sort: '-updated_at', prefix: 'libraries' };
  const leaves = { pageSize: 10, sort: '-updated_at', prefix: 'items', filters: { status: ['FINISHED'] } };

  it('read and write only their own prefixed parameters', () => {
    const params = new URLSearchParams('libraries.page=2&items.search=chair&items.status=FAILED');
    expect(parseListState(params, containers, ['status'])).toMatchObject({
      page: 2,
      search: '',
      filters: {},
    });
    expect(parseListState(params, leaves, ['status'])).toMatchObject({
      page: 1,
      search: 'chair',
      filters: { status: ['FAILED'] },
    });
    const written = serializeListState(
      { page: 3, perPage: 10, sort: '-updated_at', search: '', filters: {} },
      containers,
    );
    expect(written.toString()).toBe('libraries.page=3');
  });

  it('start with the default filters and keep a cleared one cleared', () => {
    expect(parseListState(new URLSearchParams(''), leaves, ['status']).filters).toEqual({
      status: ['FINISHED'],
    });
    const cleared = serializeListState(
      { page: 1, perPage: 10, sort: '-updated_at', search: '', filters: {} },
      leaves,
    );
    expect(cleared.toString()).toBe('items.status=');
    expect(parseListState(cleared, leaves, ['status']).filters).toEqual({});
  });
});

describe('the move of items', () => {
  it('sends the removal flag 1 for a single item or without a target, else as chosen', () => {
    expect(removalFlag(1, 2, false)).toBe(1);
    expect(removalFlag(3, 0, false)).toBe(1);
    expect(removalFlag(3, 1, false)).toBe(0);
    expect(removalFlag(3, 1, true)).toBe(1);
  });
});
