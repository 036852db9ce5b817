/**
 * The signed-in user's exports under way (issue 46, server/api/list-exports.ts): read once when the bell's data
 * mounts, then kept by `ListExportUpdated` on the user's private channel, which every page of a running export
 * sends. An export that ends leaves the list; its notification brings the file.
 */
import { useSubscription } from '@refinedev/core';
import { useEffect, useState } from 'react';
import { userChannel } from '@shared/channels';
import { LIST_EXPORT_EVENT, type ListExport } from '@shared/list-exports';
import { apiRequest } from '@/providers/http-client';
import { useAuthorization } from '@/providers/useAuthorization';
import { useTenant } from '@/shell/tenant/TenantContext';

const running = (item: ListExport) => item.status === 'QUEUED' || item.status === 'RUNNING';

/** The exports in `known` with `item` in its place (a new one first), those that ended left out. */
export function withExport(known: readonly ListExport[], item: ListExport): ListExport[] {
  const others = known.filter((other) => other.id !== item.id);
  return (running(item) ? [item, ...others] : others).sort((left, right) => right.id - left.id);
}

export function useListExports(): ListExport[] {
  const { user } = useAuthorization();
  const { tenant } = useTenant();
  const [exports, setExports] = useState<ListExport[]>([]);
  const signedIn = !!tenant && !!user;

  useEffect(() => {
    if (!signedIn) return;
    const controller = new AbortController();
    apiRequest<{ data: ListExport[] }>('/list-exports', { signal: controller.signal, announce: false })
      .then((answer) => setExports(answer.data.filter(running)))
      .catch(() => {
        // Without the list the bell shows the exports whose events arrive.
      });
    return () => controller.abort();
  }, [signedIn]);

  useSubscription({
    channel: signedIn ? userChannel(tenant.id, user.id) : '',
    types: [LIST_EXPORT_EVENT],
    enabled: signedIn,
    onLiveEvent: (event) => {
      const item = (event.payload as { export?: ListExport }).export;
      if (item) setExports((known) => withExport(known, item));
    },
  });

  return exports;
}
