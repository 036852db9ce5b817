/**
 * A record's comments (issue 45), kept live (useReviewList.ts, `ModelCommentsUpdated`): writing a thread or a
 * reply, editing, resolving or reopening, deleting; and the users a comment may mention, asked for as the writer
 * types.
 */
import type { CommentedRecordType } from '@shared/comment-values';
import type { CommentInput, CommentUpdate, CommentUser, ModelComment } from '@shared/entities/model-comments';
import { COMMENTS_EVENT } from '@shared/events';
import { apiRequest } from '@/providers/http-client';
import { useReviewList } from './useReviewList';

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

type One = { data: ModelComment };

export function useModelComments(type: CommentedRecordType, recordId: number): ModelComments {
  const list = useReviewList<ModelComment>(type, recordId, 'comments', COMMENTS_EVENT);
  return {
    comments: list.items,
    loading: list.loading,
    failed: list.failed,
    create: (input) => list.write<One>('', 'POST', input).then((answer) => answer.data),
    update: (id, input) => list.write<One>(`/${id}`, 'PATCH', input).then((answer) => answer.data),
    remove: (id) => list.write<unknown>(`/${id}`, 'DELETE').then(() => undefined),
    mentionable: (search, signal) =>
      apiRequest<{ data: CommentUser[] }>(`${list.path}/mentionable`, { query: { search }, signal }).then(
        (answer) => answer.data,
      ),
  };
}
