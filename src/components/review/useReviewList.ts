/**
 * A list a record's overview reviews it with (issue 45: its comments, its saved viewpoints), from
 * `GET {collection}/{id}/{segment}`, kept live: the company's channel says when the list of a record changed (its
 * event carries `{record_type, record_id}` and no text), and the record's list is read again when it is this one;
 * also when the channel was (re)subscribed, so nothing pushed meanwhile is lost. Writes go through the API below
 * the same path and read the list again.
 */
import { useSubscription } from '@refinedev/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { COMMENTED_RECORDS, type CommentedRecordType } from '@shared/comment-values';
import { apiRequest } from '@/providers/http-client';
import { CHANNEL_SUBSCRIBED } from '@/providers/live-provider';

export interface ReviewList<T> {
  items: T[];
  loading: boolean;
  failed: boolean;
  /** The list's API path (`/projects/models/7/comments`). */
  path: string;
  /** A write below the path (`''` or `/{id}`), then the list read again. */
  write<A>(subPath: string, method: 'POST' | 'PATCH' | 'DELETE', body?: unknown): Promise<A>;
}

/** Whether a push is about this record. */
function concerns(payload: unknown, type: CommentedRecordType, recordId: number): boolean {
  const event = payload as { record_type?: unknown; record_id?: unknown } | null;
  return event?.record_type === type && Number(event.record_id) === recordId;
}

export function useReviewList<T>(
  type: CommentedRecordType,
  recordId: number,
  segment: string,
  event: string,
): ReviewList<T> {
  const path = `/${COMMENTED_RECORDS[type].collection}/${recordId}/${segment}`;
  const queryKey = ['record-review', segment, type, recordId];
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => apiRequest<{ data: T[] }>(path, { signal }).then((answer) => answer.data),
  });

  const reread = () => queryClient.invalidateQueries({ queryKey });
  // refine subscribes once: the current record is read at each event.
  const onEvent = useRef<(type: string, payload: unknown) => void>(() => undefined);
  useEffect(() => {
    onEvent.current = (name, payload) => {
      if (name === CHANNEL_SUBSCRIBED || concerns(payload, type, recordId)) void reread();
    };
  });
  const events = [event, CHANNEL_SUBSCRIBED];
  useSubscription({
    channel: `resources/${segment}`,
    types: events,
    params: { subscriptionType: 'useList', meta: { liveEvents: events } },
    onLiveEvent: (live) => onEvent.current(live.type, live.payload),
  });

  return {
    items: query.data ?? [],
    loading: query.isPending,
    failed: query.isError,
    path,
    write: async <A>(subPath: string, method: 'POST' | 'PATCH' | 'DELETE', body?: unknown) => {
      const answer = await apiRequest<A>(`${path}${subPath}`, { method, body });
      await reread();
      return answer;
    },
  };
}
