/**
 * The entry asks for a first visit's overview record without the declarations (src/shell/routes/first-screen.ts),
 * from the record settings the overview's declaration takes its own from
 * (`src/resources/<entity>/overview-settings.ts`): each is a declared overview of the route table, read from a
 * path as the router reads it, and its request is the overview's own, which then takes its answer instead of asking
 * the server again (the whole portal's first visit: first-overview-visit.test.tsx). The server names the chunks of
 * the same screens for a first visit (server/portal-preloads.ts): each is a route of the table, with its screen.
 */
import Cookies from 'js-cookie';
import { matchRoutes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routeParams } from '@shared/route-pattern';
import { toRefineResource } from '@/declarations/derive';
import { createDataProvider } from '@/providers/data-provider';
import { clearPrefetched, SESSION_COOKIE } from '@/providers/http-client';
import { FIRST_OVERVIEWS } from '@/shell/routes/first-overviews';
import { firstOverviewAt, prefetchFirstRecord } from '@/shell/routes/first-screen';
import { ROUTE_TABLE } from '@/shell/routes/route-table';
import { FIRST_VISIT_SCREENS, OVERVIEW_PAGE_MODULE } from '../../server/portal-preloads';
import { countingFetch } from './support/counting-fetch';

/** The route table's overview routes (a declaration's `routes.show`) by path. */
const declaredOverviews = new Map(
  ROUTE_TABLE.flatMap((entry) => (entry.overviewOf ? [[entry.path, entry.overviewOf] as const] : [])),
);

/** Paths a first visit may open: ids of both kinds, encoded ones, other letter cases, trailing slashes. */
const pathsOf = (route: string) => {
  const at = (id: string) => `/${route.replace(/:[\w-]+/, id)}`;
  return [at('7'), `${at('7')}/`, at('Oak%20wood'), at('7').toUpperCase(), `${at('7')}/more`, at('')];
};

describe('the first overviews', () => {
  it('are declared overviews of the route table, with their collection and record parameter', () => {
    expect(FIRST_OVERVIEWS.length).toBeGreaterThan(0);
    for (const settings of FIRST_OVERVIEWS) {
      const resource = declaredOverviews.get(settings.route);
      expect(resource, settings.route).toBeDefined();
      expect({ name: resource?.name, idParam: resource?.idParam, pages: resource?.pages?.show }).toEqual({
        name: settings.name,
        idParam: settings.idParam,
        pages: undefined,
      });
    }
  });

  it('read a path as the router reads it', () => {
    for (const { route, idParam } of FIRST_OVERVIEWS) {
      for (const path of pathsOf(route)) {
        // What useParams gives the page: the router decodes the path before it matches.
        const router = matchRoutes([{ path: `/${route}` }], path)?.[0].params;
        expect(routeParams(route, path), path).toEqual(router);
        expect(firstOverviewAt(path)?.id, path).toBe(router?.[idParam]);
      }
    }
    expect(firstOverviewAt('/projects')).toBeUndefined();
    expect(firstOverviewAt('/')).toBeUndefined();
  });
});

describe("a first visit's record request", () => {
  /** Answers every request with its own number, recording the URLs. */
  const countingServer = () => countingFetch((count) => ({ data: { id: count } }));

  afterEach(() => {
    clearPrefetched();
    Cookies.remove(SESSION_COOKIE);
    vi.unstubAllGlobals();
  });

  const dataProvider = createDataProvider();

  it.each(FIRST_OVERVIEWS.flatMap(({ route }) => pathsOf(route).slice(0, 3)))(
    "at %s is the overview's own request (getOne with what refine adds to its meta), which takes its answer",
    async (path) => {
      Cookies.set(SESSION_COOKIE, 'token-a');
      const urls = countingServer();
      prefetchFirstRecord({ pathname: path });
      expect(urls, `${path} was asked for`).toHaveLength(1);
      const { settings, id } = firstOverviewAt(path)!;
      const resource = declaredOverviews.get(settings.route)!;
      // refine's useShow merges the resource's meta and the route's parameters into the call's meta.
      const answer = await dataProvider.getOne({
        resource: resource.name,
        id,
        meta: {
          ...toRefineResource(resource).meta,
          [settings.idParam]: id,
          signal: new AbortController().signal,
        },
      });
      expect(urls).toHaveLength(1);
      expect(answer.data).toEqual({ id: 1 });
    },
  );

  it('is not made without a session cookie, nor where no overview is', () => {
    const urls = countingServer();
    prefetchFirstRecord({ pathname: '/projects/models/overview/7' });
    Cookies.set(SESSION_COOKIE, 'token-a');
    prefetchFirstRecord({ pathname: '/projects' });
    prefetchFirstRecord({ pathname: '/projects/models/edit/7' });
    expect(urls).toHaveLength(0);
  });
});

describe('the screens whose chunks the server names for a first visit', () => {
  it.each(FIRST_VISIT_SCREENS)('$route is a declared overview, its page and screen named', async (screen) => {
    const declared = declaredOverviews.get(screen.route.slice(1))?.overview?.page;
    if (!declared) throw new Error(`${screen.route} is no declared overview with a screen of its own`);
    expect(screen.modules).toContain(OVERVIEW_PAGE_MODULE);
    // The declaration's screen is one of the named modules (the very module, as the bundler resolves it).
    const named = await Promise.all(
      screen.modules.map((module) => import(/* @vite-ignore */ `/${module}`) as Promise<unknown>),
    );
    expect(named).toContain(await declared());
  });
});
