/**
 * refine's react-router bindings, with two changes to how an address is read (`parse`):
 *
 * - refine sees only the address parameters it reads itself (a list's filters, sorting and page, and where to go
 *   after signing in). refine adds every parameter of the address to each data hook's meta, and so to its cache
 *   key. A screen's own parameters (a kept version shown, a comparison, an opened comment) would then make its
 *   record a new query: read again on each step, and shown as loading, with the screen's state lost, the first
 *   time a step is taken. The data provider reads none of them (list-query.ts `apiMeta`).
 * - Which resource and action a path shows is worked out once per path, not once per hook: the bindings match
 *   the path against every route of every resource in each component that reads it (dozens on a list's first
 *   render), compiling each route's pattern again each time.
 */
import {
  type IResourceItem,
  matchResourceFromRoute,
  type ParseResponse,
  QS_PARSE_DEPTH,
  ResourceContext,
  type RouterProvider,
} from '@refinedev/core';
import routerBindings from '@refinedev/react-router';
import { useContext, useMemo } from 'react';
import { matchPath, useLocation, useParams } from 'react-router';
import { parse as parseQuery } from '@/lib/qs';

/** The address parameters refine's hooks read: useTable's location sync, and the sign-in redirect. */
const REFINE_PARAMETERS = ['filters', 'sorters', 'currentPage', 'pageSize', 'to'] as const;

type RouteMatch = ReturnType<typeof matchResourceFromRoute>;

/** The resource and action of each path, per resource list (a new list, e.g. another language's, starts afresh). */
const routeMatches = new WeakMap<IResourceItem[], Map<string, RouteMatch>>();

function matchRoute(pathname: string, resources: IResourceItem[]): RouteMatch {
  let byPath = routeMatches.get(resources);
  if (!byPath) routeMatches.set(resources, (byPath = new Map()));
  let match = byPath.get(pathname);
  if (!match) byPath.set(pathname, (match = matchResourceFromRoute(pathname, resources)));
  return match;
}

/** A page number or size as refine's bindings give it: a number when the text is one, else the text. */
const numberIfPossible = (value: unknown) =>
  typeof value === 'string' && `${Number(value)}` === value ? Number(value) : value;

/** What refine's bindings parse from a location, with only refine's own parameters (see above). */
function parseLocation(
  pathname: string,
  search: string,
  routeParams: Record<string, string | undefined>,
  resources: IResourceItem[],
): ParseResponse {
  const { resource, action, matchedRoute } = matchRoute(pathname, resources);
  const pathParams =
    Object.keys(routeParams).length === 0 && matchedRoute
      ? (matchPath(matchedRoute, pathname)?.params ?? {})
      : routeParams;
  const query = parseQuery(search, { ignoreQueryPrefix: true, depth: QS_PARSE_DEPTH });
  const address: Record<string, unknown> = { ...pathParams, ...query };
  const params: NonNullable<ParseResponse['params']> = {};
  for (const name of REFINE_PARAMETERS) {
    const value =
      name === 'currentPage' || name === 'pageSize'
        ? numberIfPossible(address[name])
        : name === 'to' && typeof address.to === 'string'
          ? decodeURIComponent(address.to)
          : address[name];
    if (value !== undefined) params[name] = value as never;
  }
  return {
    ...(resource && { resource }),
    ...(action && { action }),
    ...(pathParams.id && { id: decodeURIComponent(pathParams.id) }),
    pathname,
    params,
  };
}

export const routerProvider: RouterProvider = {
  ...routerBindings,
  parse: () => {
    // A hook, as refine calls it.
    const routeParams = useParams();
    const { pathname, search } = useLocation();
    const { resources } = useContext(ResourceContext);
    return useMemo(() => {
      const parsed = parseLocation(pathname, search, routeParams, resources);
      return () => parsed;
    }, [pathname, search, routeParams, resources]);
  },
};
