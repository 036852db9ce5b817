/**
 * A first visit of a list or an overview without a waterfall: the entry (src/main.tsx) asks for the list's rows or
 * the overview's record with the session cookie's token at once, together with the session check, the tenant
 * lookup and the translations, before refine, the route table and the resource declarations have loaded. What the
 * request needs of the declaration is in `FIRST_LISTS` (first-lists.ts: the list settings the declarations take
 * theirs from) and `FIRST_OVERVIEWS` (first-overviews.ts: the record settings); the request is built by the same
 * functions as the page's (list-request.ts; list-query.ts, which the data provider's getList and getOne use). The
 * answer waits in the HTTP client for the page's own identical request (same URL, token and language) and is taken
 * once, so nothing is asked twice; nothing is shown that the page would not have been given: the server answers
 * the token as it would answer the page, which shows the rows or the record only after the session check and the
 * route guard let it render, and a failed answer or one for another session is never used.
 */
import type { PlatformKey } from '@shared/platforms';
import { routeParams } from '@shared/route-pattern';
import { listRequestSettings, pageCall, requestWith } from '@/pages/list/list-request';
import { apiRequest, sessionToken } from '@/providers/http-client';
import { apiMeta, listPageQuery, recordRequest } from '@/providers/list-query';
import type { ListSettings, OverviewSettings } from '@/declarations/types';
import { FIRST_LISTS } from './first-lists';
import { FIRST_OVERVIEWS } from './first-overviews';

/** The generic list a location opens, if any (the route table's paths, with or without a trailing slash). */
export const firstListAt = (pathname: string, lists: Readonly<Record<string, ListSettings>> = FIRST_LISTS) =>
  lists[pathname.replace(/(.)\/+$/, '$1')] as ListSettings | undefined;

/** Asks for the rows the list page at this location will ask for, when it is a list and a session cookie is set. */
export function prefetchFirstList(
  location: Pick<Location, 'pathname' | 'search'>,
  platform: PlatformKey,
  lists: Readonly<Record<string, ListSettings>> = FIRST_LISTS,
): void {
  const settings = firstListAt(location.pathname, lists);
  if (!settings || !sessionToken()) return;
  const request = requestWith(
    listRequestSettings(settings.list, platform),
    new URLSearchParams(location.search),
  );
  const call = pageCall(settings.name, settings.list.meta, request);
  apiRequest(`/${call.resource}`, { query: listPageQuery(apiMeta(call.meta), call), prefetch: true }).catch(
    () => undefined,
  );
}

/** The declared overview a location opens and its record's id (the route's `:<idParam>`), if any. */
export function firstOverviewAt(
  pathname: string,
  overviews: readonly OverviewSettings[] = FIRST_OVERVIEWS,
): { settings: OverviewSettings; id: string } | undefined {
  for (const settings of overviews) {
    const id = routeParams(settings.route, pathname)?.[settings.idParam];
    if (id !== undefined) return { settings, id };
  }
  return undefined;
}

/**
 * Asks for the record the overview page at this location will ask for (the generic overview's `useShow`: getOne
 * with no meta of its own), when it is a declared overview and a session cookie is set.
 */
export function prefetchFirstRecord(
  location: Pick<Location, 'pathname'>,
  overviews: readonly OverviewSettings[] = FIRST_OVERVIEWS,
): void {
  const overview = firstOverviewAt(location.pathname, overviews);
  if (!overview || !sessionToken()) return;
  const { path, query } = recordRequest(overview.settings.name, overview.id, apiMeta(undefined));
  apiRequest(path, { query, prefetch: true }).catch(() => undefined);
}
