/**
 * Comments pinned to a model (issue 45; the contract in shared/comment-values.ts and
 * shared/entities/model-comments.ts), for each kind of record (a project's model, a library item) at
 * `/{collection}/{id}/comments` of its collection:
 * - `GET …/comments`: the record's comments, threads and replies flat, oldest first, for whoever may see the record
 *   (its list ability); 404 for a record of another company, or deleted.
 * - `GET …/comments/mentionable?search=`: the company's members who may see the record (at most 20, by name), whom a
 *   comment may mention; for whoever may comment (the kind's comment ability).
 * - `POST …/comments`: a thread's first comment (`point`, `normal` and `camera` required; its pin number is the
 *   record's next one, never one given before) or a reply (`parent_id` of a thread of the record; no point), on the
 *   record's current version or a kept one (`version`), mentioning readers of the record (`mentions`), each of whom
 *   but the author is notified (`commentMention`, linking to the comment).
 * - `PATCH …/comments/{commentId}`: its author edits the text and mentions (newly mentioned users are notified);
 *   anyone who may comment resolves or reopens a thread (`resolved`, on its first comment only).
 * - `DELETE …/comments/{commentId}`: by its author or an administrator; a thread's replies go with it.
 * Each write is recorded in the user's activity by the handler, worded by what it did to which record ('Resolved a
 * comment on model Chair'), and, once committed, announced on the company's channel (`ModelCommentsUpdated`
 * `{record_type, record_id, comment_id}`), so every overview of the record reads its comments again. The table's
 * type is in server/db/schema.ts.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type SqlBool } from 'kysely';
import { type Ability, hasAbility } from '../../shared/abilities';
import {
  COMMENTED_RECORD_TYPES,
  COMMENTED_RECORDS,
  type CommentedRecordType,
  commentPath,
} from '../../shared/comment-values';
import {
  CommentInputSchema,
  CommentSchema,
  CommentUpdateSchema,
  CommentUserSchema,
  type ModelComment,
} from '../../shared/entities/model-comments';
import { COMMENTS_EVENT } from '../../shared/events';
import { message } from '../../shared/messages';
import { authenticate, type Session } from '../auth/session';
import { memberAbilities } from '../auth/user-fields';
import type { DB } from '../db/database';
import { type ActivityAction } from '../domain/activity-messages';
import {
  announceNotifications,
  deliverNotification,
  type NotificationRow,
} from '../realtime/notifications-delivery';
import {
  announceReview,
  recordColumns,
  recordIdOf,
  recordOf,
  recordReviewActivity,
  REVIEWED_RECORDS,
  type ReviewedRecord,
} from '../domain/review-records';
import { type FieldErrors, HttpError, modelNotFound } from '../errors/http-errors';
import { Id, IdParams } from '../http/crud/ids';
import { invalidSelection, requiredField, throwIfAny } from '../http/field-checks';
import { guard, guarded, type ActivityMessageKey } from '../http/guarded-route';
import { FORM_CONTENT_TYPES } from '../http/request-input';
import { DataSchema } from '../http/responses';
import { iso, MessageSchema } from '../http/schema-types';
import { fileUrl } from '../http/stored-files';

export const COMMENT_AUTHOR_ONLY = 'Only the author of a comment can change its text or mentions.';
export const COMMENT_DELETE_REFUSED = 'Only the author of a comment or an administrator can delete it.';
export const COMMENT_REPLY_RESOLVED = 'Only the first comment of a thread can be resolved or reopened.';
export const COMMENT_DELETED = 'Comment deleted.';

/** Laravel's `prohibited` rule: a field a reply must not carry. */
const prohibitedField = (field: string) => `The ${field.replace(/_/g, ' ')} field is prohibited.`;

/** The most users `mentionable` answers. */
const MENTIONABLE_LIMIT = 20;
/** How much of a comment a mention's notification quotes. */
const EXCERPT_LENGTH = 140;

/** The activity wordings of each kind (`account:activity.messages.*`). */
type ActivityWording = 'commented' | 'edited' | 'resolved' | 'reopened' | 'deleted';

/** Each kind's wordings of its activity entries. */
const COMMENT_ACTIVITY = {
  model: {
    commented: 'commentedModel',
    edited: 'editedCommentModel',
    resolved: 'resolvedCommentModel',
    reopened: 'reopenedCommentModel',
    deleted: 'deletedCommentModel',
  },
  item: {
    commented: 'commentedItem',
    edited: 'editedCommentItem',
    resolved: 'resolvedCommentItem',
    reopened: 'reopenedCommentItem',
    deleted: 'deletedCommentItem',
  },
} as const satisfies Record<CommentedRecordType, Record<ActivityWording, ActivityMessageKey>>;

/**
 * The company's members who may see records of the kind (`read`, its list ability; administrators see all):
 * accounts not deleted, whose invitation is accepted.
 */
function readersOf(db: DB, companyId: number, read: Ability) {
  return db
    .selectFrom('company_user')
    .innerJoin('users', 'users.id', 'company_user.user_id')
    .select(['users.id', 'users.name', 'users.profile_image'])
    .where('company_user.company_id', '=', companyId)
    .where('users.deleted_at', 'is', null)
    .where(({ exists, not, selectFrom }) =>
      not(
        exists(
          selectFrom('invitations')
            .select('invitations.id')
            .whereRef('invitations.user_id', '=', 'users.id')
            .where('invitations.company_id', '=', companyId)
            .where('invitations.accepted_at', 'is', null),
        ),
      ),
    )
    .where(
      sql<SqlBool>`(users.admin or ${read} = any(${memberAbilities(
        sql.ref('company_user.role_id'),
        sql.ref('users.id'),
        companyId,
      )}))`,
    );
}

/** The comments of a record with their author's and resolver's names (one comment with `id`), oldest first. */
const commentRows = (db: DB, type: CommentedRecordType, recordId: number, id?: number) => {
  let query = db
    .selectFrom('model_comments')
    .leftJoin('users as author', 'author.id', 'model_comments.author_id')
    .leftJoin('users as resolver', 'resolver.id', 'model_comments.resolved_by')
    .selectAll('model_comments')
    .select([
      'author.name as author_name',
      'author.profile_image as author_image',
      'resolver.name as resolver_name',
    ])
    .where(`model_comments.${REVIEWED_RECORDS[type].column}`, '=', recordId);
  if (id !== undefined) query = query.where('model_comments.id', '=', id);
  return query.orderBy('model_comments.id');
};

type CommentRow = Awaited<ReturnType<ReturnType<typeof commentRows>['executeTakeFirstOrThrow']>>;

/** The comments as the API answers them, to the session's user (`can_edit`, `can_delete`). */
async function presentComments(
  request: FastifyRequest,
  session: Session,
  type: CommentedRecordType,
  rows: CommentRow[],
): Promise<ModelComment[]> {
  const mentioned = [...new Set(rows.flatMap((row) => row.mentions))];
  const names = new Map(
    mentioned.length
      ? (
          await request.server.ctx.db
            .selectFrom('users')
            .select(['id', 'name'])
            .where('id', 'in', mentioned)
            .execute()
        ).map((user) => [user.id, user.name])
      : [],
  );
  const { user } = session;
  const writes = hasAbility(user, COMMENTED_RECORDS[type].write);
  return rows.map((row) => {
    const own = row.author_id !== null && row.author_id === user.id;
    return {
      id: row.id,
      record_type: type,
      record_id: recordIdOf(row),
      parent_id: row.parent_id,
      number: row.number,
      body: row.body,
      point: row.point,
      normal: row.normal,
      camera: row.camera,
      version: row.version,
      author:
        row.author_id === null
          ? null
          : {
              id: row.author_id,
              name: row.author_name ?? '',
              profile_image: fileUrl(request, row.author_image),
            },
      mentions: row.mentions.flatMap((id) => {
        const name = names.get(id);
        return name === undefined ? [] : [{ id, name }];
      }),
      resolved_at: iso(row.resolved_at),
      resolved_by: row.resolved_at === null ? null : row.resolver_name,
      created_at: iso(row.created_at)!,
      edited_at: iso(row.edited_at),
      can_edit: writes && own,
      can_delete: writes && (own || user.admin),
    };
  });
}

/** One comment of the record as the API answers it (after its write committed). */
async function presentedComment(
  request: FastifyRequest,
  session: Session,
  type: CommentedRecordType,
  recordId: number,
  id: number,
): Promise<ModelComment> {
  const row = await commentRows(request.server.ctx.db, type, recordId, id).executeTakeFirstOrThrow();
  const [comment] = await presentComments(request, session, type, [row]);
  return comment;
}

/** The ids without repeats; null (an emptied form field) is none. */
const uniqueIds = (ids: readonly number[] | null | undefined): number[] => [...new Set(ids ?? [])];

/**
 * The error of `mentions` unless every id names a member who may see the record (the users `mentionable` lists,
 * whatever their name).
 */
async function mentionErrors(
  db: DB,
  type: CommentedRecordType,
  companyId: number,
  ids: number[],
): Promise<FieldErrors> {
  if (!ids.length) return {};
  const readers = await readersOf(db, companyId, COMMENTED_RECORDS[type].read)
    .where('users.id', 'in', ids)
    .execute();
  return readers.length === ids.length ? {} : { mentions: [invalidSelection('mentions')] };
}

/** The error of `version` unless it is the record's current version or one it keeps. */
async function versionErrors(
  db: DB,
  type: CommentedRecordType,
  record: ReviewedRecord,
  version: number,
): Promise<FieldErrors> {
  if (version === record.version) return {};
  const { versions, column } = REVIEWED_RECORDS[type];
  const { rows } = await sql<{ number: number }>`
    select number from ${sql.table(versions)} where ${sql.ref(column)} = ${record.id} and number = ${version}
  `.execute(db);
  return rows.length ? {} : { version: [invalidSelection('version')] };
}

/** A reply's thread: a thread's first comment of the record, kept from being deleted until the reply is in. */
async function parentErrors(
  trx: DB,
  type: CommentedRecordType,
  recordId: number,
  parentId: number,
): Promise<FieldErrors> {
  const parent = await trx
    .selectFrom('model_comments')
    .select('id')
    .where('id', '=', parentId)
    .where(REVIEWED_RECORDS[type].column, '=', recordId)
    .where('parent_id', 'is', null)
    .forKeyShare()
    .executeTakeFirst();
  return parent ? {} : { parent_id: [invalidSelection('parent_id')] };
}

const PLACEMENT = ['point', 'normal', 'camera'] as const;

/** A thread's first comment needs its point, normal and camera; a reply carries none of them. */
function placementErrors(body: { point?: unknown; normal?: unknown; camera?: unknown }, thread: boolean) {
  const errors: FieldErrors = {};
  for (const field of PLACEMENT) {
    const given = body[field] !== undefined && body[field] !== null;
    if (thread && !given) errors[field] = [requiredField(field)];
    if (!thread && given) errors[field] = [prohibitedField(field)];
  }
  return errors;
}

/**
 * The record's next pin number: its counter raised under the row's lock (held until the transaction commits, so
 * two comments at once get two numbers, as `keepCurrentVersion` keeps versions); 404 when the record went meanwhile.
 */
async function nextNumber(trx: DB, type: CommentedRecordType, recordId: number): Promise<number> {
  const { table, model } = REVIEWED_RECORDS[type];
  const { rows } = await sql<{ number: number }>`
    update ${sql.table(table)} set last_comment_number = last_comment_number + 1
    where id = ${recordId} and deleted_at is null
    returning last_comment_number as number
  `.execute(trx);
  if (!rows[0]) throw modelNotFound(model, recordId);
  return rows[0].number;
}

/** The start of a comment's text, on one line, as a notification quotes it. */
export function excerptOf(body: string): string {
  const line = body.replace(/\s+/g, ' ').trim();
  return line.length <= EXCERPT_LENGTH ? line : `${line.slice(0, EXCERPT_LENGTH - 1).trimEnd()}…`;
}

/** Tells each mentioned user but the author, in the bell, with the address of the comment (inside the write). */
async function notifyMentioned(
  trx: DB,
  mention: {
    companyId: number;
    type: CommentedRecordType;
    record: ReviewedRecord;
    commentId: number;
    author: { id: number; name: string };
    body: string;
    userIds: number[];
  },
): Promise<Array<NotificationRow | null>> {
  const delivered: Array<NotificationRow | null> = [];
  for (const userId of mention.userIds) {
    if (userId === mention.author.id) continue;
    delivered.push(
      await deliverNotification(trx, {
        companyId: mention.companyId,
        userId,
        type: 'commentMention',
        message: message('notifications:messages.commentMention', {
          user: mention.author.name,
          name: mention.record.name,
          excerpt: excerptOf(mention.body),
          path: commentPath(mention.type, mention.record.id, mention.commentId),
        }),
      }),
    );
  }
  return delivered;
}

/** The user's activity entry of a write on the record's comments (its API path as the subject). */
const recordCommentActivity = (
  trx: DB,
  session: Session,
  type: CommentedRecordType,
  record: ReviewedRecord,
  entry: { action: ActivityAction; wording: ActivityWording; subject: string },
) => recordReviewActivity(trx, session, record, { ...entry, wording: COMMENT_ACTIVITY[type][entry.wording] });

/** A comment of the record, locked until the transaction ends; the 404 of a route-model binding otherwise. */
async function lockedComment(
  trx: DB,
  column: (typeof REVIEWED_RECORDS)[CommentedRecordType]['column'],
  recordId: number,
  commentId: number,
) {
  const comment = await trx
    .selectFrom('model_comments')
    .select(['id', 'author_id', 'parent_id', 'body', 'mentions', 'resolved_at'])
    .where('id', '=', commentId)
    .where(column, '=', recordId)
    .forUpdate()
    .executeTakeFirst();
  if (!comment) throw modelNotFound('ModelComment', commentId);
  return comment;
}

const CommentParams = Type.Object({ id: IdParams.properties.id, commentId: Id });
const MentionableQuery = Type.Object({ search: Type.Optional(Type.String({ maxLength: 255 })) });
const CommentListSchema = Type.Object({ data: Type.Array(CommentSchema) });
const CommentUserListSchema = Type.Object({ data: Type.Array(CommentUserSchema) });

const TAG = 'model comments';
const documented = <S extends object>(summary: string, schema: S) => ({ tags: [TAG], summary, ...schema });

/** A LIKE pattern matching `term` anywhere, its wildcards taken literally. */
const containing = (term: string) => `%${term.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;

/** The same ids, whatever their order. */
const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

export default async function modelCommentRoutes(server: FastifyInstance): Promise<void> {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();

  for (const type of COMMENTED_RECORD_TYPES) {
    const { collection, read, write } = COMMENTED_RECORDS[type];
    const { column } = REVIEWED_RECORDS[type];
    const base = `/${collection}/:id/comments`;
    const pathOf = (recordId: number, commentId?: number) =>
      `${collection}/${recordId}/comments${commentId === undefined ? '' : `/${commentId}`}`;

    app.get(
      base,
      guarded(
        guard.ability(read),
        documented(
          `The comments pinned to the ${type}: threads and replies, flat, oldest first, with whether the user may edit and delete each`,
          { params: IdParams, response: { 200: CommentListSchema, 404: MessageSchema } },
        ),
      ),
      async (request) => {
        const session = await authenticate(request);
        const { db } = request.server.ctx;
        const record = await recordOf(db, type, session.company.id, request.params.id);
        const rows = await commentRows(db, type, record.id).execute();
        return { data: await presentComments(request, session, type, rows) };
      },
    );

    app.get(
      `${base}/mentionable`,
      guarded(
        guard.ability(write),
        documented(
          `The company's members who may see the ${type}, whom a comment may mention: at most ${MENTIONABLE_LIMIT}, by name, whose name contains \`search\``,
          {
            params: IdParams,
            querystring: MentionableQuery,
            response: { 200: CommentUserListSchema, 404: MessageSchema },
          },
        ),
      ),
      async (request) => {
        const session = await authenticate(request);
        const { db } = request.server.ctx;
        await recordOf(db, type, session.company.id, request.params.id);
        let query = readersOf(db, session.company.id, read);
        const search = request.query.search?.trim();
        if (search) query = query.where('users.name', 'ilike', containing(search));
        const users = await query
          .orderBy(sql`lower(users.name)`)
          .orderBy('users.id')
          .limit(MENTIONABLE_LIMIT)
          .execute();
        return {
          data: users.map((user) => ({
            id: user.id,
            name: user.name,
            profile_image: fileUrl(request, user.profile_image),
          })),
        };
      },
    );

    app.post(
      base,
      guarded(
        guard.ability(write),
        documented(
          `Pins a comment to the ${type}: a thread's first comment (point, normal and camera; the next pin number) or a reply (parent_id of a thread, no point), on a version of its file, notifying the users it mentions`,
          {
            consumes: FORM_CONTENT_TYPES,
            params: IdParams,
            body: CommentInputSchema,
            response: { 201: DataSchema(CommentSchema), 404: MessageSchema },
          },
        ),
        { activity: false },
      ),
      async (request, reply) => {
        const session = await authenticate(request);
        const { db } = request.server.ctx;
        const companyId = session.company.id;
        const record = await recordOf(db, type, companyId, request.params.id);
        const { body } = request;
        const parentId = body.parent_id ?? null;
        const thread = parentId === null;
        const mentions = uniqueIds(body.mentions);
        const version = body.version ?? record.version;
        const written = await db.transaction().execute(async (trx) => {
          throwIfAny({
            ...(parentId === null ? {} : await parentErrors(trx, type, record.id, parentId)),
            ...placementErrors(body, thread),
            ...(await versionErrors(trx, type, record, version)),
            ...(await mentionErrors(trx, type, companyId, mentions)),
          });
          const number = thread ? await nextNumber(trx, type, record.id) : null;
          const { id } = await trx
            .insertInto('model_comments')
            .values({
              company_id: companyId,
              ...recordColumns(type, record.id),
              parent_id: parentId,
              number,
              author_id: session.user.id,
              body: body.body,
              point: thread ? JSON.stringify(body.point) : null,
              normal: thread ? JSON.stringify(body.normal) : null,
              camera: thread ? JSON.stringify(body.camera) : null,
              version,
              mentions: JSON.stringify(mentions),
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          const notices = await notifyMentioned(trx, {
            companyId,
            type,
            record,
            commentId: id,
            author: session.user,
            body: body.body,
            userIds: mentions,
          });
          await recordCommentActivity(trx, session, type, record, {
            action: 'created',
            wording: 'commented',
            subject: pathOf(record.id),
          });
          return { id, notices };
        });
        await announceNotifications(request, written.notices);
        await announceReview(request, companyId, COMMENTS_EVENT, type, record.id, { comment_id: written.id });
        return reply
          .status(201)
          .send({ data: await presentedComment(request, session, type, record.id, written.id) });
      },
    );

    app.patch(
      `${base}/:commentId`,
      guarded(
        guard.ability(write),
        documented(
          `Edits a comment on the ${type}: its text and mentions by its author (newly mentioned users are notified); resolves or reopens a thread (\`resolved\`, on its first comment)`,
          {
            consumes: FORM_CONTENT_TYPES,
            params: CommentParams,
            body: CommentUpdateSchema,
            response: { 200: DataSchema(CommentSchema), 404: MessageSchema },
          },
        ),
        { activity: false },
      ),
      async (request) => {
        const session = await authenticate(request);
        const { db } = request.server.ctx;
        const companyId = session.company.id;
        const record = await recordOf(db, type, companyId, request.params.id);
        const { commentId } = request.params;
        const { body } = request;
        const changed = await db.transaction().execute(async (trx) => {
          const comment = await lockedComment(trx, column, record.id, commentId);
          const editing = body.body !== undefined || body.mentions !== undefined;
          if (editing && comment.author_id !== session.user.id) throw new HttpError(403, COMMENT_AUTHOR_ONLY);
          const mentions = body.mentions === undefined ? comment.mentions : uniqueIds(body.mentions);
          const resolving = body.resolved !== undefined && body.resolved !== null;
          throwIfAny({
            ...(body.body === null ? { body: [requiredField('body')] } : {}),
            ...(body.resolved === null ? { resolved: [requiredField('resolved')] } : {}),
            ...(resolving && comment.parent_id !== null ? { resolved: [COMMENT_REPLY_RESOLVED] } : {}),
            ...(await mentionErrors(
              trx,
              type,
              companyId,
              mentions.filter((id) => !comment.mentions.includes(id)),
            )),
          });
          const text = body.body ?? comment.body;
          const edited = text !== comment.body || !sameIds(mentions, comment.mentions);
          const resolved = resolving ? body.resolved === true : comment.resolved_at !== null;
          const resolution = resolved !== (comment.resolved_at !== null);
          if (!edited && !resolution) return null;
          const now = new Date();
          await trx
            .updateTable('model_comments')
            .set({
              updated_at: now,
              ...(edited ? { body: text, mentions: JSON.stringify(mentions), edited_at: now } : {}),
              ...(resolution
                ? { resolved_at: resolved ? now : null, resolved_by: resolved ? session.user.id : null }
                : {}),
            })
            .where('id', '=', comment.id)
            .execute();
          const subject = pathOf(record.id, comment.id);
          if (edited)
            await recordCommentActivity(trx, session, type, record, {
              action: 'updated',
              wording: 'edited',
              subject,
            });
          if (resolution)
            await recordCommentActivity(trx, session, type, record, {
              action: 'updated',
              wording: resolved ? 'resolved' : 'reopened',
              subject,
            });
          // Those it mentions now and did not before.
          const notices = edited
            ? await notifyMentioned(trx, {
                companyId,
                type,
                record,
                commentId: comment.id,
                author: session.user,
                body: text,
                userIds: mentions.filter((id) => !comment.mentions.includes(id)),
              })
            : [];
          return { notices };
        });
        if (changed) {
          await announceNotifications(request, changed.notices);
          await announceReview(request, companyId, COMMENTS_EVENT, type, record.id, {
            comment_id: commentId,
          });
        }
        return { data: await presentedComment(request, session, type, record.id, commentId) };
      },
    );

    app.delete(
      `${base}/:commentId`,
      guarded(
        guard.ability(write),
        documented(
          `Deletes a comment on the ${type}, by its author or an administrator; a thread's replies go with it`,
          { params: CommentParams, response: { 200: MessageSchema, 404: MessageSchema } },
        ),
        { activity: false },
      ),
      async (request) => {
        const session = await authenticate(request);
        const { db } = request.server.ctx;
        const companyId = session.company.id;
        const record = await recordOf(db, type, companyId, request.params.id);
        const { commentId } = request.params;
        await db.transaction().execute(async (trx) => {
          const comment = await lockedComment(trx, column, record.id, commentId);
          if (comment.author_id !== session.user.id && !session.user.admin)
            throw new HttpError(403, COMMENT_DELETE_REFUSED);
          await trx.deleteFrom('model_comments').where('id', '=', comment.id).execute();
          await recordCommentActivity(trx, session, type, record, {
            action: 'deleted',
            wording: 'deleted',
            subject: pathOf(record.id, comment.id),
          });
        });
        await announceReview(request, companyId, COMMENTS_EVENT, type, record.id, { comment_id: commentId });
        return { message: COMMENT_DELETED };
      },
    );
  }
}
