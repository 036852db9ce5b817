/**
 * refine's react-router bindings, with one change: refine sees only the address parameters it reads itself (a
 * list's filters, sorting and page, and where to go after signing in).
 *
 * refine adds every parameter of the address to each data hook's meta, and so to its cache key. A screen's own
 * parameters (a kept version shown, a comparison, an opened comment) would then make its record a new query: read
 * again on each step, and shown as loading, with the screen's state lost, the first time a step is taken. The data
 * provider reads none of them (list-query.ts `apiMeta`).
 */
import type { ParseResponse, RouterProvider } from '@refinedev/core';
import routerBindings from '@refinedev/react-router';
import { useCallback } from 'react';

/** The address parameters refine's hooks read: useTable's location sync, and the sign-in redirect. */
const REFINE_PARAMETERS = ['filters', 'sorters', 'currentPage', 'pageSize', 'to'] as const;

/** Only refine's own parameters of a parsed location. */
function refineParameters(parsed: ParseResponse): ParseResponse {
  if (!parsed.params) return parsed;
  const params: NonNullable<ParseResponse['params']> = {};
  for (const name of REFINE_PARAMETERS)
    if (parsed.params[name] !== undefined) params[name] = parsed.params[name];
  return { ...parsed, params };
}

const parseLocation = routerBindings.parse;

export const routerProvider: RouterProvider = {
  ...routerBindings,
  ...(parseLocation && {
    parse: () => {
      // A hook, as refine calls it (the bindings read the router's location).
      const parse = parseLocation();
      return useCallback(() => refineParameters(parse()), [parse]);
    },
  }),
};
