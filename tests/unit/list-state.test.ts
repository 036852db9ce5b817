import { beforeEach, describe, expect, it } from 'vitest';
import { parseListState, serializeListState, sortToSorters, stateToFilters } from '@/pages/list/list-state';
import { showsPagination } from '@/components/ListPagination';
import { toSortParameter } from '@/providers/list-query';
import { storedSort, storeSort, USER_SORTS_KEY } from '@/pages/list/user-sorts';

const defaults = { pageSize: 5, sort: '-created_at' };

describe('list state in the URL', () => {
  it('falls back to the defaults for an empty URL', () => {
    expect(parseListState(new URLSearchParams(''), defaults, ['status'])).toEqual({
      page: 1,
      perPage: 5,
      sort: '-created_at',
      search: '',
      filters: {},
    });
  });

  it('reads page, rows per page, sort, search and declared filters', () => {
    const params = new URLSearchParams(
      'page=3&per_page=25&sort=name&search=tower&status=active&label=1,4&other=x',
    );
    expect(parseListState(params, defaults, ['status', 'label'])).toEqual({
      page: 3,
      perPage: 25,
      sort: 'name',
      search: 'tower',
      filters: { status: ['active'], label: ['1', '4'] },
    });
  });

  it('ignores rows-per-page values the filter menu does not offer and invalid pages', () => {
    const state = parseListState(new URLSearchParams('page=-2&per_page=7'), defaults, []);
    expect(state.page).toBe(1);
    expect(state.perPage).toBe(5);
  });

  it('writes only what differs from the defaults, and round-trips', () => {
    const state = { page: 2, perPage: 5, sort: '-created_at', search: 'a b', filters: { label: ['1', '2'] } };
    const params = serializeListState(state, defaults);
    expect(params.toString()).toBe('page=2&search=a+b&label=1%2C2');
    expect(parseListState(params, defaults, ['label'])).toEqual(state);
  });
});

describe('sorts and filters', () => {
  it('converts Laravel sort strings to refine sorters and back', () => {
    const sorters = sortToSorters('favorite,-created_at');
    expect(sorters).toEqual([
      { field: 'favorite', order: 'asc' },
      { field: 'created_at', order: 'desc' },
    ]);
    expect(toSortParameter(sorters)).toBe('favorite,-created_at');
  });

  it('turns search and filters into refine filters', () => {
    expect(stateToFilters({ search: ' tower ', filters: { status: ['active'], label: ['1', '2'] } })).toEqual(
      [
        { field: 'search', operator: 'eq', value: 'tower' },
        { field: 'status', operator: 'eq', value: 'active' },
        { field: 'label', operator: 'in', value: ['1', '2'] },
      ],
    );
  });

  it('shows pagination only with more than 3 links', () => {
    expect(showsPagination(undefined)).toBe(false);
    expect(showsPagination([1, 2, 3])).toBe(false);
    expect(showsPagination([1, 2, 3, 4])).toBe(true);
  });
});

describe('user_sorts in sessionStorage', () => {
  beforeEach(() => sessionStorage.clear());

  it('stores a sort per list and forgets it when cleared', () => {
    storeSort('projects', 'name');
    storeSort('security_groups', '-updated_at');
    expect(JSON.parse(sessionStorage.getItem(USER_SORTS_KEY)!)).toEqual({
      projects: 'name',
      security_groups: '-updated_at',
    });
    expect(storedSort('projects')).toBe('name');
    storeSort('projects', undefined);
    expect(storedSort('projects')).toBeUndefined();
  });

  it('survives garbage in storage', () => {
    sessionStorage.setItem(USER_SORTS_KEY, '{not json');
    expect(storedSort('projects')).toBeUndefined();
  });
});
