/**
 * A record's comments (issue 45) from `GET {collection}/{id}/comments`, kept live: the company's channel says when
 * any comment of a record changed (`ModelCommentsUpdated`, with no text), and the record's comments are read
 * again when it is this one; also when the channel was (re)subscribed, so nothing pushed meanwhile is lost. Writes
 * (a thread, a reply, an edit, resolve or reopen, a delete) go through the API and read the list again; the users a
 * comment may mention are asked for as the writer types.
 */
import { useSubscription } from '@refinedev/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { COMMENTED_RECORDS, type CommentedRecordType } from '@shared/comment-values';
import type { CommentInput, CommentUpdate, CommentUser, ModelComment } from '@shared/entities/model-comments';
import { COMMENTS_EVENT } from '@shared/events';
import { apiRequest } from '@/providers/http-client';
import { CHANNEL_SUBSCRIBED } from '@/providers/live-provider';

const LIVE_EVENTS = [COMMENTS_EVENT, CHANNEL_SUBSCRIBED];

export interface ModelComments {
  comments: ModelComment[];
  loading: boolean;
  failed: boolean;
  create(input: CommentInput): Promise<ModelComment>;
  update(id: number, input: CommentUpdate): Promise<ModelComment>;
  remove(id: number): Promise<void>;
  /** Company users the comment may mention, whose name matches `search`. */
  mentionable(search: string, signal?: AbortSignal): Promise<CommentUser[]>;
}

/** Whether a push is about this record's comments (a subscription's own event always is). */
function concerns(payload: unknown, type: CommentedRecordType, recordId: number): boolean {
  const event = payload as { record_type?: unknown; record_id?: unknown } | null;
  return event?.record_type === type && Number(event.record_id) === recordId;
}

export function useModelComments(type: CommentedRecordType, recordId: number): ModelComments {
  const path = `/${COMMENTED_RECORDS[type].collection}/${recordId}/comments`;
  const queryKey = ['model-comments', type, recordId];
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) =>
      apiRequest<{ data: ModelComment[] }>(path, { signal }).then((answer) => answer.data),
  });

  const reread = () => queryClient.invalidateQueries({ queryKey });
  // refine subscribes once: the current record is read at each event.
  const onEvent = useRef<(type: string, payload: unknown) => void>(() => undefined);
  useEffect(() => {
    onEvent.current = (event, payload) => {
      if (event === CHANNEL_SUBSCRIBED || concerns(payload, type, recordId)) void reread();
    };
  });
  useSubscription({
    channel: 'resources/model-comments',
    types: LIVE_EVENTS,
    params: { subscriptionType: 'useList', meta: { liveEvents: LIVE_EVENTS } },
    onLiveEvent: (event) => onEvent.current(event.type, event.payload),
  });

  const write = async <T>(subPath: string, method: 'POST' | 'PATCH' | 'DELETE', body?: unknown) => {
    const answer = await apiRequest<T>(`${path}${subPath}`, { method, body });
    await reread();
    return answer;
  };
  return {
    comments: query.data ?? [],
    loading: query.isPending,
    failed: query.isError,
    create: (input) => write<{ data: ModelComment }>('', 'POST', input).then((answer) => answer.data),
    update: (id, input) =>
      write<{ data: ModelComment }>(`/${id}`, 'PATCH', input).then((answer) => answer.data),
    remove: (id) => write<unknown>(`/${id}`, 'DELETE').then(() => undefined),
    mentionable: (search, signal) =>
      apiRequest<{ data: CommentUser[] }>(`${path}/mentionable`, { query: { search }, signal }).then(
        (answer) => answer.data,
      ),
  };
}
