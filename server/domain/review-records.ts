/**
 * The records a review is kept on (issue 45): a project's model or a library item, whose comments
 * (server/api/model-comments.ts) and saved viewpoints (server/api/model-viewpoints.ts) live at
 * `/{collection}/{id}/…` of the kind's collection (`COMMENTED_RECORDS`, shared/comment-values.ts). Each kind's table,
 * its kept versions' table, the column of a review's row naming the record, and the model a 404 names; the live
 * record of the company (or that 404), the record's columns of a new row, the user's activity entry of a write, and
 * its announcement on the company's channel.
 */
import type { FastifyRequest } from 'fastify';
import { type CommentedRecordType } from '../../shared/comment-values';
import { message, type MessageParams } from '../../shared/messages';
import type { Session } from '../auth/session';
import type { DB } from '../db/database';
import { modelNotFound } from '../errors/http-errors';
import type { ActivityMessageKey } from '../http/guarded-route';
import type { ActivityAction } from './activity-messages';
import { recordActivity } from './activity-recorder';
import { broadcast } from '../realtime/broadcast';
import { channels } from '../realtime/broadcaster';

export const REVIEWED_RECORDS = {
  model: { table: 'project_models', versions: 'model_versions', column: 'model_id', model: 'ProjectModel' },
  item: {
    table: 'library_items',
    versions: 'library_item_versions',
    column: 'item_id',
    model: 'LibraryItem',
  },
} as const satisfies Record<
  CommentedRecordType,
  {
    table: 'project_models' | 'library_items';
    versions: 'model_versions' | 'library_item_versions';
    column: 'model_id' | 'item_id';
    model: string;
  }
>;

export interface ReviewedRecord {
  id: number;
  name: string;
  version: number;
}

/**
 * The live record of the company, or the 404 of a route-model binding. With `lock`, its row stays locked (for no
 * key update, so rows naming it may still be written) until the transaction `db` is ends, so the writes on one
 * record's review that check what it already has (the viewpoints' names and count) take turns.
 */
export async function recordOf(
  db: DB,
  type: CommentedRecordType,
  companyId: number,
  id: number,
  lock = false,
): Promise<ReviewedRecord> {
  const { table, model } = REVIEWED_RECORDS[type];
  const query = db
    .selectFrom(table)
    .select(['id', 'name', 'version'])
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null);
  const record = await (lock ? query.forNoKeyUpdate() : query).executeTakeFirst();
  if (!record) throw modelNotFound(model, id);
  return record;
}

/** A new row's columns naming its record: exactly one of `model_id` and `item_id`. */
export const recordColumns = (type: CommentedRecordType, recordId: number) => ({
  model_id: type === 'model' ? recordId : null,
  item_id: type === 'item' ? recordId : null,
});

/** The record a row names (the one of `model_id` and `item_id` that is set). */
export const recordIdOf = (row: { model_id: number | null; item_id: number | null }): number =>
  (row.model_id ?? row.item_id)!;

/**
 * The user's activity entry of a write on a record's review (inside the write's transaction), worded by `wording`
 * (`account:activity.messages.*`) with the record's name as `name` and `params` besides; `subject` is its API path.
 */
export function recordReviewActivity(
  trx: DB,
  session: Session,
  record: ReviewedRecord,
  entry: { action: ActivityAction; wording: ActivityMessageKey; subject: string; params?: MessageParams },
): Promise<void> {
  return recordActivity(trx, {
    companyId: session.company.id,
    userId: session.user.id,
    action: entry.action,
    subject: entry.subject,
    message: message(`account:activity.messages.${entry.wording}`, { ...entry.params, name: record.name }),
  });
}

/**
 * `event` on the company's channel after a write on a record's review committed: `{record_type, record_id}` and what
 * the write was on (`{comment_id}`, `{viewpoint_id}`), so every overview of the record reads its review again.
 */
export const announceReview = (
  request: FastifyRequest,
  companyId: number,
  event: string,
  type: CommentedRecordType,
  recordId: number,
  subject: Record<string, number>,
) =>
  broadcast(request, [channels.company(companyId)], event, {
    record_type: type,
    record_id: recordId,
    ...subject,
  });
