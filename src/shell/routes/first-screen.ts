/**
 * A first visit of a list without a waterfall: the entry (src/main.tsx) asks for the list's rows with the session
 * cookie's token at once, together with the session check, the tenant lookup and the translations, before
 * refine, the route table and the resource declarations have loaded. What the request needs of the declaration
 * is in `FIRST_LISTS` (first-lists.ts: the list settings the declarations take theirs from); the request is built
 * by the same functions as the list page's (list-request.ts, list-query.ts). The answer waits in the HTTP client
 * for the page's own identical request (same URL, token and language) and is taken once, so nothing is asked
 * twice; nothing is shown that the page would not have been given: the server answers the
 * token as it would answer the page, which shows the rows only after the session check and the route guard let
 * it render, and a failed answer or one for another session is never used.
 */
import type { PlatformKey } from '@shared/platforms';
import { listRequestSettings, pageCall, requestWith } from '@/pages/list/list-request';
import { apiRequest, sessionToken } from '@/providers/http-client';
import { apiMeta, listPageQuery } from '@/providers/list-query';
import type { ListSettings } from '@/declarations/types';
import { FIRST_LISTS } from './first-lists';

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
