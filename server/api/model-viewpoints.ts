/**
 * Saved viewpoints of a model (issue 45; the contract in shared/entities/model-viewpoints.ts): a name and a camera,
 * kept per record and shared with the team, for each kind of record (a project's model, a library item) at
 * `/{collection}/{id}/viewpoints` of its collection (`COMMENTED_RECORDS`, shared/comment-values.ts):
 * - `GET …/viewpoints`: the record's viewpoints by name (whatever its case), then by id, for whoever may see the
 *   record (its list ability); 404 for a record of another company, or deleted.
 * - `POST …/viewpoints`: saves one, for whoever may comment on the record (the kind's comment ability); its name
 *   unique among the record's viewpoints whatever its case, at most `VIEWPOINTS_PER_RECORD_MAX` of them (both 422
 *   on `name`, checked under the record's lock so two saves at once take turns).
 * - `DELETE …/viewpoints/{viewpointId}`: by its maker or an administrator who may comment (else 403).
 * Each write is recorded in the user's activity by the handler ('Saved viewpoint Front of model Chair') and, once
 * committed, announced on the company's channel (`ModelViewpointsUpdated` `{record_type, record_id,
 * viewpoint_id}`), so every overview of the record reads its viewpoints again. The table's type is in
 * server/db/schema.ts.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { hasAbility } from '../../shared/abilities';
import {
  COMMENTED_RECORD_TYPES,
  COMMENTED_RECORDS,
  type CommentedRecordType,
} from '../../shared/comment-values';
import {
  type Viewpoint,
  ViewpointInputSchema,
  VIEWPOINTS_PER_RECORD_MAX,
  ViewpointSchema,
} from '../../shared/entities/model-viewpoints';
import { VIEWPOINTS_EVENT } from '../../shared/events';
import { authenticate, type Session } from '../auth/session';
import type { DB } from '../db/database';
import {
  announceReview,
  recordColumns,
  recordIdOf,
  recordOf,
  recordReviewActivity,
  REVIEWED_RECORDS,
} from '../domain/review-records';
import { type FieldErrors, HttpError, modelNotFound } from '../errors/http-errors';
import { Id, IdParams } from '../http/crud/ids';
import { alreadyTaken, throwIfAny } from '../http/field-checks';
import { guard, guarded, type ActivityMessageKey } from '../http/guarded-route';
import { FORM_CONTENT_TYPES } from '../http/request-input';
import { DataSchema } from '../http/responses';
import { iso, MessageSchema } from '../http/schema-types';

export const VIEWPOINT_DELETE_REFUSED = 'Only the maker of a viewpoint or an administrator can delete it.';
export const VIEWPOINT_DELETED = 'Viewpoint deleted.';
/** 422 on `name` when the record keeps as many viewpoints as it may (translated by a rule, server/http/language.ts). */
export const viewpointsFull = (type: CommentedRecordType) =>
  `This ${type} already has ${VIEWPOINTS_PER_RECORD_MAX} viewpoints, the most it can keep: delete one first.`;

/** Each kind's wordings of its activity entries (`account:activity.messages.*`, with `viewpoint` and `name`). */
const VIEWPOINT_ACTIVITY = {
  model: { saved: 'savedViewpointModel', deleted: 'deletedViewpointModel' },
  item: { saved: 'savedViewpointItem', deleted: 'deletedViewpointItem' },
} as const satisfies Record<CommentedRecordType, Record<'saved' | 'deleted', ActivityMessageKey>>;

/** The viewpoints of a record with their maker's name (one viewpoint with `id`), by name whatever its case, then id. */
const viewpointRows = (db: DB, type: CommentedRecordType, recordId: number, id?: number) => {
  let query = db
    .selectFrom('model_viewpoints')
    .leftJoin('users as maker', 'maker.id', 'model_viewpoints.created_by')
    .selectAll('model_viewpoints')
    .select('maker.name as maker_name')
    .where(`model_viewpoints.${REVIEWED_RECORDS[type].column}`, '=', recordId);
  if (id !== undefined) query = query.where('model_viewpoints.id', '=', id);
  return query.orderBy(sql`lower(model_viewpoints.name)`).orderBy('model_viewpoints.id');
};

type ViewpointRow = Awaited<ReturnType<ReturnType<typeof viewpointRows>['executeTakeFirstOrThrow']>>;

/** The viewpoints as the API answers them, to the session's user (`can_delete`). */
function presentViewpoints(session: Session, type: CommentedRecordType, rows: ViewpointRow[]): Viewpoint[] {
  const { user } = session;
  const writes = hasAbility(user, COMMENTED_RECORDS[type].write);
  return rows.map((row) => ({
    id: row.id,
    record_type: type,
    record_id: recordIdOf(row),
    name: row.name,
    camera: row.camera,
    created_by: row.maker_name,
    created_at: iso(row.created_at)!,
    can_delete: writes && ((row.created_by !== null && row.created_by === user.id) || user.admin),
  }));
}

/**
 * The errors of `name` on a record (locked by the caller): another of its viewpoints has it whatever its case, or
 * it keeps as many as it may.
 */
async function nameErrors(
  trx: DB,
  type: CommentedRecordType,
  recordId: number,
  name: string,
): Promise<FieldErrors> {
  const { count, taken } = await trx
    .selectFrom('model_viewpoints')
    .select([
      sql<string>`count(*)`.as('count'),
      sql<boolean>`coalesce(bool_or(lower(name) = lower(${name})), false)`.as('taken'),
    ])
    .where(REVIEWED_RECORDS[type].column, '=', recordId)
    .executeTakeFirstOrThrow();
  if (taken) return { name: [alreadyTaken('name')] };
  if (Number(count) >= VIEWPOINTS_PER_RECORD_MAX) return { name: [viewpointsFull(type)] };
  return {};
}

const ViewpointParams = Type.Object({ id: IdParams.properties.id, viewpointId: Id });
const ViewpointListSchema = Type.Object({ data: Type.Array(ViewpointSchema) });

const TAG = 'model viewpoints';
const documented = <S extends object>(summary: string, schema: S) => ({ tags: [TAG], summary, ...schema });

export default async function modelViewpointRoutes(server: FastifyInstance): Promise<void> {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();

  for (const type of COMMENTED_RECORD_TYPES) {
    const { collection, read, write } = COMMENTED_RECORDS[type];
    const { column } = REVIEWED_RECORDS[type];
    const activity = VIEWPOINT_ACTIVITY[type];
    const base = `/${collection}/:id/viewpoints`;
    const pathOf = (recordId: number, viewpointId?: number) =>
      `${collection}/${recordId}/viewpoints${viewpointId === undefined ? '' : `/${viewpointId}`}`;

    app.get(
      base,
      guarded(
        guard.ability(read),
        documented(`The viewpoints saved on the ${type}, by name, with whether the user may delete each`, {
          params: IdParams,
          response: { 200: ViewpointListSchema, 404: MessageSchema },
        }),
      ),
      async (request) => {
        const session = await authenticate(request);
        const { db } = request.server.ctx;
        const record = await recordOf(db, type, session.company.id, request.params.id);
        const rows = await viewpointRows(db, type, record.id).execute();
        return { data: presentViewpoints(session, type, rows) };
      },
    );

    app.post(
      base,
      guarded(
        guard.ability(write),
        documented(
          `Saves a viewpoint of the ${type} for the team: a name unique among its viewpoints (whatever its case) and the camera, at most ${VIEWPOINTS_PER_RECORD_MAX}`,
          {
            consumes: FORM_CONTENT_TYPES,
            params: IdParams,
            body: ViewpointInputSchema,
            response: { 201: DataSchema(ViewpointSchema), 404: MessageSchema },
          },
        ),
        { activity: false },
      ),
      async (request, reply) => {
        const session = await authenticate(request);
        const { db } = request.server.ctx;
        const companyId = session.company.id;
        const { name, camera } = request.body;
        const saved = await db.transaction().execute(async (trx) => {
          const record = await recordOf(trx, type, companyId, request.params.id, true);
          throwIfAny(await nameErrors(trx, type, record.id, name));
          const { id } = await trx
            .insertInto('model_viewpoints')
            .values({
              company_id: companyId,
              ...recordColumns(type, record.id),
              name,
              camera: JSON.stringify({ position: camera.position, target: camera.target }),
              created_by: session.user.id,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await recordReviewActivity(trx, session, record, {
            action: 'created',
            wording: activity.saved,
            subject: pathOf(record.id),
            params: { viewpoint: name },
          });
          return { id, recordId: record.id };
        });
        await announceReview(request, companyId, VIEWPOINTS_EVENT, type, saved.recordId, {
          viewpoint_id: saved.id,
        });
        const row = await viewpointRows(db, type, saved.recordId, saved.id).executeTakeFirstOrThrow();
        return reply.status(201).send({ data: presentViewpoints(session, type, [row])[0] });
      },
    );

    app.delete(
      `${base}/:viewpointId`,
      guarded(
        guard.ability(write),
        documented(`Deletes a viewpoint of the ${type}, by its maker or an administrator`, {
          params: ViewpointParams,
          response: { 200: MessageSchema, 404: MessageSchema },
        }),
        { activity: false },
      ),
      async (request) => {
        const session = await authenticate(request);
        const { db } = request.server.ctx;
        const companyId = session.company.id;
        const record = await recordOf(db, type, companyId, request.params.id);
        const { viewpointId } = request.params;
        await db.transaction().execute(async (trx) => {
          const viewpoint = await trx
            .selectFrom('model_viewpoints')
            .select(['id', 'name', 'created_by'])
            .where('id', '=', viewpointId)
            .where(column, '=', record.id)
            .forUpdate()
            .executeTakeFirst();
          if (!viewpoint) throw modelNotFound('ModelViewpoint', viewpointId);
          if (viewpoint.created_by !== session.user.id && !session.user.admin)
            throw new HttpError(403, VIEWPOINT_DELETE_REFUSED);
          await trx.deleteFrom('model_viewpoints').where('id', '=', viewpoint.id).execute();
          await recordReviewActivity(trx, session, record, {
            action: 'deleted',
            wording: activity.deleted,
            subject: pathOf(record.id, viewpoint.id),
            params: { viewpoint: viewpoint.name },
          });
        });
        await announceReview(request, companyId, VIEWPOINTS_EVENT, type, record.id, {
          viewpoint_id: viewpointId,
        });
        return { message: VIEWPOINT_DELETED };
      },
    );
  }
}
