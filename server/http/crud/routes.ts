/**
 * `registerEntity` registers an entity's standard endpoints from its declaration (`defineEntity`): list, show,
 * create, update (JSON, or multipart POST + `_method=PATCH`), delete, restore (soft-deleted entities) and the bulk
 * `POST /{collection}/update` (bulk.ts); the writes under `writeCollection` where it is declared. Each route is
 * made with `entity.route` (guarded by its ability, 401 and 403 before any 422; documented under the entity's
 * tag) and addresses rows through the entity's find-or-404.
 */
import { type Static, type TObject, Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/schema';
import { RESTORE_ABILITY } from '../../../shared/abilities';
import {
  type FieldsQueryInput,
  fieldsQueryProperties,
  listQueryProperties,
  type ListQueryInput,
  recordFields,
} from '../list-query';
import { listEndpoint, pickFields } from '../listing';
import { FORM_CONTENT_TYPES } from '../request-input';
import {
  DataSchema,
  DeletedSchema,
  deletedResponse,
  ListResponseSchema,
  PaginatedSchema,
} from '../responses';
import { MessageSchema, Nullable } from '../schema-types';
import { HISTORY_LIMIT, recordHistory } from '../../db/record-changes';
import { registerBulkEndpoint } from './bulk';
import { undoTokenFor } from './undo-token';
import { registerImportEndpoints } from './import';
import type { CrudContext, CrudRoute, Followup, Submitted } from './declaration';
import { contextOf } from './context';
import type { Entity } from './declared-entity';
import { IdParams, NameParams, type RowKey } from './ids';

const ChangeValueSchema = Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]);

/** One update of a record in its history: when, by whom (null: a user since removed), and the fields it changed. */
const RecordChangeSchema = Type.Object({
  id: Type.Integer(),
  datetime: Type.String({ format: 'date-time' }),
  user: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
  changes: Type.Array(Type.Object({ field: Type.String(), from: ChangeValueSchema, to: ChangeValueSchema })),
});

const isTrashed = (row: object) => 'deleted_at' in row && row.deleted_at !== null;

export async function registerEntity<
  TB extends keyof Database,
  Row extends { id: number },
  Input extends TObject,
  Item extends TObject,
  Detail extends TObject,
>(app: FastifyInstance, entity: Entity<TB, Row, Input, Item, Detail>): Promise<void> {
  const { abilities, schemas, collection } = entity;
  if (entity.softDelete && entity.scope === 'platform') {
    throw new Error(`${collection}: the recycling bin keeps a company's rows; platform entities delete`);
  }
  type Body = Submitted<Static<Input>>;
  const path = `/${collection}`;
  const one = `${path}/:id`;
  /** Create, update and delete go to `writeCollection` where the declaration has one (read and written apart). */
  const writePath = `/${entity.writeCollection ?? collection}`;
  const writeOne = `${writePath}/:id`;
  const summary = (route: CrudRoute, fallback: string) => entity.summaries?.[route] ?? fallback;
  const single = { 200: DataSchema(entity.detailSchema), 404: MessageSchema };
  /** The path parameter keying a row: an integer id, or a name (`idField: 'name'`). */
  const KeyParams = entity.idField === 'name' ? NameParams : IdParams;
  type KeyParams = { id: RowKey };

  const answer = async (ctx: CrudContext, id: number) =>
    entity.detailOf(ctx, await entity.findFor(ctx, id, { byId: true }));

  if (abilities.list) {
    app.get<{ Querystring: ListQueryInput }>(
      path,
      entity.route(abilities.list, summary('list', `The company's ${entity.tag} (list conventions)`), {
        querystring: Type.Object(listQueryProperties),
        response: { 200: ListResponseSchema(PaginatedSchema(schemas.item)) },
      }),
      async (request) => {
        const ctx = await contextOf(request);
        const rows = entity.rowsFor(ctx);
        return listEndpoint(request, rows, entity.listSpec(ctx), request.query);
      },
    );
  }

  if (abilities.create) {
    app.post(
      writePath,
      entity.route(abilities.create, summary('create', `Creates a ${entity.entity}`), {
        consumes: FORM_CONTENT_TYPES,
        body: schemas.input,
        response: { 201: DataSchema(entity.detailSchema) },
      }),
      async (request, reply) => {
        const ctx = await contextOf(request);
        const created = await entity.createOne(ctx, request.body as Body);
        const data = await answer(ctx, created.id);
        await created.followup?.();
        return reply.status(201).send({ data });
      },
    );
  }

  // `POST /{collection}/update` (a static path) wins over the spoofed `POST /{collection}/{id}` of the update.
  if (entity.bulk) await registerBulkEndpoint(app, entity);
  if (entity.import) await registerImportEndpoints(app, entity);

  if (abilities.show) {
    const detailFields = Object.keys(entity.detailSchema.properties);
    app.get<{ Params: KeyParams; Querystring: FieldsQueryInput }>(
      one,
      entity.route(
        abilities.show,
        summary('show', `One ${entity.entity} (included_fields[] / excluded_fields[] select its fields)`),
        {
          params: KeyParams,
          querystring: Type.Object(fieldsQueryProperties),
          response: { 200: DataSchema(Type.Partial(entity.detailSchema)), 404: MessageSchema },
        },
      ),
      async (request) => {
        const fields = recordFields(request.query, entity.fieldPrefix, detailFields);
        const ctx = await contextOf(request);
        const row = await entity.findFor(ctx, request.params.id);
        return { data: pickFields(await entity.detailOf(ctx, row), fields) };
      },
    );
  }

  if (abilities.update) {
    app.patch<{ Params: KeyParams }>(
      writeOne,
      entity.route(
        abilities.update,
        summary(
          'update',
          `Updates a ${entity.entity}: every field optional (multipart: POST + _method=PATCH)`,
        ),
        {
          consumes: FORM_CONTENT_TYPES,
          params: KeyParams,
          body: schemas.update ?? Type.Partial(schemas.input),
          response: single,
        },
      ),
      async (request) => {
        const ctx = await contextOf(request);
        const row = await entity.findFor(ctx, request.params.id);
        const followup = await entity.updateOne(ctx, row, request.body as Body);
        const data = await answer(ctx, row.id);
        await followup?.();
        return { data };
      },
    );
  }

  // A record's field history (db/record-changes.ts), for whoever may edit it.
  if (abilities.update && entity.activity !== false) {
    app.get<{ Params: KeyParams }>(
      `${writeOne}/history`,
      entity.route(
        abilities.update,
        summary(
          'history',
          `Who changed which fields of a ${entity.entity} from what to what, newest first (at most ${HISTORY_LIMIT})`,
        ),
        {
          params: KeyParams,
          response: { 200: DataSchema(Type.Array(RecordChangeSchema)), 404: MessageSchema },
        },
      ),
      async (request) => {
        const ctx = await contextOf(request);
        const row = await entity.findFor(ctx, request.params.id);
        const data = await recordHistory(ctx.db, {
          companyId: entity.scopeOf(ctx),
          collection,
          recordId: row.id,
        });
        return { data };
      },
    );
  }

  if (abilities.delete) {
    const deletes = entity.softDelete
      ? `Moves a ${entity.entity} to the recycling bin (restorable for 30 days)`
      : `Deletes a ${entity.entity}`;
    app.delete<{ Params: KeyParams }>(
      writeOne,
      entity.route(abilities.delete, summary('delete', deletes), {
        params: KeyParams,
        response: { 200: DeletedSchema(entity.entity, entity.answerNameKey), 404: MessageSchema },
      }),
      async (request) => {
        const ctx = await contextOf(request);
        const row = await entity.findFor(ctx, request.params.id);
        const followup = await ctx.db
          .transaction()
          .execute((trx) => entity.removeOne({ ...ctx, db: trx }, row));
        await followup?.();
        const answer = deletedResponse(entity.entity, entity.nameOf(row), entity.answerNameKey);
        // Its user may undo a delete to the recycling bin without the bin's restore ability.
        return entity.softDelete
          ? { ...answer, undo_token: undoTokenFor(ctx, collection, [request.params.id]) }
          : answer;
      },
    );
  }

  if (entity.softDelete) {
    app.get<{ Params: KeyParams }>(
      `${one}/restore`,
      entity.route(
        { orUndo: RESTORE_ABILITY },
        summary('restore', `Brings a ${entity.entity} back from the recycling bin (within 30 days)`),
        { params: KeyParams, response: single },
      ),
      async (request) => {
        const ctx = await contextOf(request);
        const row = await entity.findFor(ctx, request.params.id, { trashed: true });
        let followup: Followup | void = undefined;
        if (isTrashed(row)) {
          followup = await ctx.db.transaction().execute((trx) => entity.restoreOne({ ...ctx, db: trx }, row));
        }
        const data = await answer(ctx, row.id);
        await followup?.();
        return { data };
      },
    );
  }
}
