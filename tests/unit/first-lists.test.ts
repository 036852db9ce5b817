/**
 * The entry asks for a first visit's list rows without the declarations (src/shell/routes/first-screen.ts), from
 * the list settings each generic list's declaration takes its own from (`src/resources/<entity>/list-settings.ts`):
 * on every generic list of the route table, and nowhere else, it makes the list page's own request, which then
 * takes its answer instead of asking the server again.
 */
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PLATFORM_KEYS, type PlatformKey } from '@shared/platforms';
import { listCall, listRequest } from '@/pages/list/list-request';
import { USER_SORTS_KEY } from '@/pages/list/user-sorts';
import { createDataProvider } from '@/providers/data-provider';
import { clearPrefetched, SESSION_COOKIE } from '@/providers/http-client';
import { FIRST_LISTS } from '@/shell/routes/first-lists';
import { firstListAt, prefetchFirstList } from '@/shell/routes/first-screen';
import { ROUTE_TABLE } from '@/shell/routes/route-table';
import { countingFetch } from './support/counting-fetch';

/** The route table's generic lists by path. */
const declaredLists = new Map(
  ROUTE_TABLE.flatMap((entry) => (entry.listOf ? [[`/${entry.path}`, entry.listOf] as const] : [])),
);

describe('the first lists', () => {
  it('are the generic lists of the route table, so no page is asked for that the page will not ask for', () => {
    expect(Object.keys(FIRST_LISTS).sort()).toEqual([...declaredLists.keys()].sort());
  });

  it('finds a list by its path, with or without a trailing slash, and nothing elsewhere', () => {
    expect(firstListAt('/projects')?.name).toBe('projects');
    expect(firstListAt('/projects/')?.name).toBe('projects');
    expect(firstListAt('/')).toBeUndefined();
    expect(firstListAt('/projects/create')).toBeUndefined();
  });
});

describe("a first visit's list request", () => {
  /** Answers every request with its own number, recording the URLs. */
  const countingServer = () => countingFetch((count) => ({ data: [], meta: { total: count } }));

  afterEach(() => {
    clearPrefetched();
    Cookies.remove(SESSION_COOKIE);
    sessionStorage.clear();
    vi.unstubAllGlobals();
  });

  const dataProvider = createDataProvider();
  const searches = ['', '?per_page=25', '?page=2&sort=name&search=harbour', '?status=&per_page=10'];

  it.each(PLATFORM_KEYS.flatMap((platform) => searches.map((search) => [platform, search] as const)))(
    'on %s at "%s" is the list page\'s own request, which takes its answer',
    async (platform: PlatformKey, search) => {
      Cookies.set(SESSION_COOKIE, 'token-a');
      // A sort the user picked on one list counts for the first visit as for the page.
      sessionStorage.setItem(USER_SORTS_KEY, JSON.stringify({ projects: '-name' }));
      for (const [path, resource] of declaredLists) {
        const urls = countingServer();
        prefetchFirstList({ pathname: path, search }, platform);
        expect(urls, `${path}${search} was asked for`).toHaveLength(1);
        const call = listCall(resource, listRequest(resource.list!, new URLSearchParams(search), platform));
        const answer = await dataProvider.getList(call);
        expect(urls, `${path}${search}`).toHaveLength(1);
        expect(answer.total).toBe(1);
        clearPrefetched();
      }
    },
  );

  it('is not made without a session cookie, nor where no list is', () => {
    const urls = countingServer();
    prefetchFirstList({ pathname: '/projects', search: '' }, 'hatch');
    Cookies.set(SESSION_COOKIE, 'token-a');
    prefetchFirstList({ pathname: '/tools/trash', search: '' }, 'hatch');
    expect(urls).toHaveLength(0);
  });
});
