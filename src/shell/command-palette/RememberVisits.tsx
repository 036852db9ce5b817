/**
 * The palette's Recent from anywhere (issue 33): every screen and record overview the user enters, by any way
 * (the side navigation, a link, the search, the palette, the address bar), is kept in the recent entries
 * (recent.ts). Rendered once by the signed-in layout, it reads the route the router matched (its route-table
 * entry, the route's `handle`): a screen without a record in its path is kept by its screen name (translated when
 * shown, so in the language of the moment); a record's overview (`overviewOf`) is kept with the record's name once
 * its page has loaded the record (the overview's own `useShow` answer in the query cache, no request of its own).
 */
import { type BaseRecord, keys } from '@refinedev/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router';
import { deployment } from '@/lib/runtime-config';
import { useAuthorization } from '@/providers/useAuthorization';
import type { RouteHandle } from '../routes/ProtectedLayout';
import { rememberRecent, type RecentScope } from './recent';

/** What a record is called: its list's name field, else its name, title or display name. */
function recordName(record: BaseRecord, nameField = 'name'): string | undefined {
  const name = record[nameField] ?? record.name ?? record.title ?? record.display_name;
  return typeof name === 'string' && name.trim() ? name : undefined;
}

export function RememberVisits() {
  const { user } = useAuthorization();
  const { pathname } = useLocation();
  const match = useMatches().at(-1);
  const entry = (match?.handle as RouteHandle | undefined)?.entry;
  const queryClient = useQueryClient();
  const userId = user?.id;
  const { company, platform } = deployment.host;
  const resource = entry?.overviewOf;
  const id = resource ? match?.params[resource.idParam] : undefined;

  useEffect(() => {
    if (userId === undefined || !entry) return undefined;
    const scope: RecentScope = { userId, company, platform };
    if (!entry.path.includes(':')) {
      rememberRecent(scope, { kind: 'screen', path: `/${entry.path}`, label: entry.screen });
      return undefined;
    }
    if (!resource || !id) return undefined;
    // The overview's record as its page asked for it (any of its parameters).
    const detailKey = keys().data().resource(resource.name).action('one').id(id).get();
    const remember = () => {
      const record = queryClient
        .getQueriesData<{ data?: BaseRecord }>({ queryKey: detailKey })
        .map(([, answer]) => answer?.data)
        .find((data) => !!data);
      const name = record && recordName(record, resource.list?.nameField);
      if (!name) return false;
      rememberRecent(scope, { kind: 'record', path: pathname, label: name, group: resource.search?.key });
      return true;
    };
    if (remember()) return undefined;
    const unsubscribe = queryClient.getQueryCache().subscribe(() => {
      if (remember()) unsubscribe();
    });
    return unsubscribe;
  }, [userId, company, platform, entry, resource, id, pathname, queryClient]);

  return null;
}
