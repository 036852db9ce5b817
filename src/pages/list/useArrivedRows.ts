/**
 * A list's rows that a first visit asked for ahead and that arrived before the list rendered (list-request.ts),
 * as the options of the list's query: its first render shows them, and the query does not ask again on mount. A
 * refetch on mount would only take the same prefetched answer, yet render the whole list a second time before the
 * browser paints. Once the list has mounted with them, the prefetched answer is forgotten, so a later refetch
 * (after a delete, a push) asks the server.
 */
import type { BaseRecord } from '@refinedev/core';
import { useEffect } from 'react';
import type { ApiListResponse } from '@/providers/list-query';
import { forgetPrefetched } from '@/providers/http-client';
import { toListResponse } from '@/providers/list-query';
import { arrivedAnswer, type pageCall } from './list-request';

export interface ArrivedRowsOptions<TData> {
  initialData: ApiListResponse<TData>;
  refetchOnMount: false;
}

export function useArrivedRows<TData extends BaseRecord>(
  call: ReturnType<typeof pageCall>,
): ArrivedRowsOptions<TData> | undefined {
  const answer = arrivedAnswer<TData>(call);
  useEffect(() => {
    if (answer) forgetPrefetched(answer);
  }, [answer]);
  return answer && { initialData: toListResponse(answer), refetchOnMount: false };
}
