/**
 * Project models (spec 2 §3, §4, §7): the list (global search, processor) with the list conventions and `count=1`
 * for the dashboard tile (`included_fields[]=models.status.finished` lists finished models only: the demo-model
 * picker's call); one model with its project, file and geometry events; create (the file as multipart `file` or
 * `upload_id` of a finished resumable upload; the model starts QUEUED and the processor takes it), update (a new
 * file restarts processing), soft delete, reprocess (FINISHED models only) and restore. Processing changes are
 * published on the company's ProjectModel channel (server/processing/model-events.ts).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import { can } from '../auth/guards';
import { authenticate } from '../auth/session';
import type { DB } from '../db/database';
import { liveRowCount } from '../db/live-row-counts';
import { restore, softDelete } from '../db/retention';
import type { ModelStatus, ProjectModelsTable } from '../db/schema';
import { MODEL_STATUS_COLORS } from '../db/status-colors';
import { type BroadcastSource } from '../http/broadcast';
import { invalidField, modelNotFound } from '../http/errors';
import { listQueryProperties } from '../http/list-query';
import { type ListSpec, listEndpoint } from '../http/listing';
import { FORM_CONTENT_TYPES } from '../http/request-input';
import {
  DataSchema,
  DeletedSchema,
  deletedResponse,
  ListResponseSchema,
  PaginatedSchema,
} from '../http/responses';
import { DateTime, FileField, Filled, iso, MessageSchema, Nullable } from '../http/schema-types';
import { publishGeometryEvent, publishProcessorRefresh } from '../processing/model-events';
import { modelJob } from '../processing/model-processing';
import {
  addGeometryEvent,
  isProcessorWork,
  MODEL_MESSAGES,
  queueModel,
  UNFINISHED_STATUSES,
} from '../processing/model-state';
import { allValid, companyProjectId, notEmptied } from './field-checks';
import { fileUrl } from './files';
import { incomingModelFile, type ModelFileInput, storeModelFile } from './model-files';
import { addressable } from './soft-deleted';

export const MODEL_STATUSES = Object.keys(MODEL_STATUS_COLORS) as ModelStatus[];

export const ModelSchema = Type.Object({
  id: Type.Integer(),
  project_id: Nullable(Type.Integer()),
  name: Type.String(),
  description: Nullable(Type.String()),
  status: Type.String({ enum: MODEL_STATUSES }),
  status_color: Type.String(),
  preview_image_url: Nullable(Type.String()),
  created_at: DateTime,
  updated_at: DateTime,
  started_at: Nullable(DateTime),
  finished_at: Nullable(DateTime),
  deleted_at: Nullable(DateTime),
  uploader_name: Nullable(Type.String()),
  latest_geometry_event: Nullable(Type.Object({ message: Type.String(), created_at: DateTime })),
});

type ModelRow = Selectable<ProjectModelsTable> & { uploader_name: string | null };
type Model = {
  id: number;
  project_id: number | null;
  name: string;
  description: string | null;
  status: ModelStatus;
  status_color: string;
  preview_image_url: string | null;
  created_at: string;
  updated_at: string;
  started_at: string | null;
  finished_at: string | null;
  deleted_at: string | null;
  uploader_name: string | null;
  latest_geometry_event: { message: string; created_at: string } | null;
};

const MODEL_FIELDS = Object.keys(ModelSchema.properties) as Array<keyof Model>;

function modelList(
  request: FastifyRequest,
  companyId: number,
): ListSpec<'project_models' | 'users', ModelRow, Model> {
  const { db } = request.server.ctx;
  return {
    resource: 'models',
    sorts: {
      name: 'project_models.name',
      created_at: 'project_models.created_at',
      updated_at: 'project_models.updated_at',
      status: 'project_models.status',
      finished_at: 'project_models.finished_at',
    },
    defaultSort: '-created_at',
    tiebreaker: 'project_models.id',
    search: ['project_models.name'],
    deletedAt: 'project_models.deleted_at',
    filters: {
      status: (eb, values) =>
        eb('project_models.status', 'in', values.map((value) => value.toUpperCase()) as ModelStatus[]),
      project_id: (eb, values) =>
        eb('project_models.project_id', 'in', values.map(Number).filter(Number.isInteger)),
    },
    fieldScopes: { 'status.finished': (eb) => eb('project_models.status', '=', 'FINISHED') },
    fields: MODEL_FIELDS,
    quickCount: () => liveRowCount(db, companyId, 'project_models'),
    async present(rows, fields) {
      const ids = rows.map((row) => row.id);
      const events =
        fields.has('latest_geometry_event') && ids.length
          ? await db
              .selectFrom('model_geometry_events')
              .distinctOn('model_id')
              .select(['model_id', 'message', 'created_at'])
              .where('model_id', 'in', ids)
              .orderBy('model_id')
              .orderBy('created_at', 'desc')
              .orderBy('id', 'desc')
              .execute()
          : [];
      const latest = new Map(events.map((event) => [event.model_id, event]));
      return rows.map((row) => {
        const event = latest.get(row.id);
        return {
          id: row.id,
          project_id: row.project_id,
          name: row.name,
          description: row.description,
          status: row.status,
          status_color: row.status_color,
          preview_image_url: fileUrl(request, row.preview_image_url),
          created_at: iso(row.created_at)!,
          updated_at: iso(row.updated_at)!,
          started_at: iso(row.started_at),
          finished_at: iso(row.finished_at),
          deleted_at: iso(row.deleted_at),
          uploader_name: row.uploader_name,
          latest_geometry_event: event
            ? { message: event.message, created_at: iso(event.created_at)! }
            : null,
        };
      });
    },
  };
}

/** `GET /projects/models/{id}`: every field of the list plus the project, the file and the latest events. */
export const ModelDetailSchema = Type.Object({
  ...ModelSchema.properties,
  project: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
  file: Nullable(Type.Object({ name: Type.String(), size: Type.Integer() })),
  geometry_events: Type.Array(Type.Object({ message: Type.String(), created_at: DateTime })),
});

/** Geometry events a model's detail carries, newest first. */
export const GEOMETRY_EVENTS_SHOWN = 50;

export const REPROCESS_REFUSED = 'Only finished models can be reprocessed.';

const ModelFields = {
  name: Filled({ maxLength: 255 }),
  description: Nullable(Type.String({ maxLength: 5000 })),
  project_id: Nullable(Type.Integer()),
  upload_id: Nullable(
    Type.String({ maxLength: 64, description: 'A finished resumable upload (POST /uploads)' }),
  ),
  file: FileField,
};

const CreateModelBody = Type.Object({
  name: ModelFields.name,
  description: Type.Optional(ModelFields.description),
  project_id: Type.Optional(ModelFields.project_id),
  upload_id: Type.Optional(ModelFields.upload_id),
  file: Type.Optional(ModelFields.file),
});
const UpdateModelBody = Type.Partial(Type.Object(ModelFields));

type ModelBody = ModelFileInput & {
  name?: string | null;
  description?: string | null;
  project_id?: number | null;
};

const IdParams = Type.Object({ id: Type.Integer() });

const modelsOf = (db: DB, companyId: number) =>
  db
    .selectFrom('project_models')
    .leftJoin('users', 'users.id', 'project_models.uploader_id')
    .selectAll('project_models')
    .select('users.name as uploader_name')
    .where('project_models.company_id', '=', companyId);

/** A model of the company (404 otherwise): live, or with `trashed` one in the recycling bin too. */
async function findModel(db: DB, companyId: number, id: number, trashed = false): Promise<ModelRow> {
  const row = await modelsOf(db, companyId)
    .where('project_models.id', '=', id)
    .where(addressable('project_models.deleted_at', trashed))
    .executeTakeFirst();
  if (!row) throw modelNotFound('ProjectModel', id);
  return row;
}

async function presentDetail(request: FastifyRequest, row: ModelRow) {
  const { db } = request.server.ctx;
  const [[model], project, events] = await Promise.all([
    modelList(request, row.company_id).present([row], new Set(MODEL_FIELDS)),
    row.project_id === null
      ? Promise.resolve(undefined)
      : db.selectFrom('projects').select(['id', 'name']).where('id', '=', row.project_id).executeTakeFirst(),
    db
      .selectFrom('model_geometry_events')
      .select(['message', 'created_at'])
      .where('model_id', '=', row.id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(GEOMETRY_EVENTS_SHOWN)
      .execute(),
  ]);
  return {
    ...model,
    project: project ?? null,
    file: row.file_name !== null ? { name: row.file_name, size: Number(row.file_size ?? 0) } : null,
    geometry_events: events.map((event) => ({ message: event.message, created_at: iso(event.created_at)! })),
  };
}

/**
 * Queues the restored models that were still to be processed when they were deleted (their run stopped then);
 * call after the restore has committed.
 */
export async function resumeRestoredModels(source: BroadcastSource, companyId: number, modelIds: number[]) {
  const { db, processor } = source.server.ctx;
  if (!modelIds.length) return;
  const unfinished = await db
    .selectFrom('project_models')
    .select('id')
    .where('company_id', '=', companyId)
    .where('id', 'in', modelIds)
    .where('deleted_at', 'is', null)
    .where('status', 'in', UNFINISHED_STATUSES)
    .where(isProcessorWork)
    .execute();
  for (const { id } of unfinished) {
    const row = await db.transaction().execute((trx) => queueModel(trx, id, MODEL_MESSAGES.requeued));
    await publishGeometryEvent(source, row, MODEL_MESSAGES.requeued);
    await processor.enqueue(modelJob(row));
  }
}

export async function modelRoutes(server: FastifyInstance): Promise<void> {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const { db, storage, processor } = app.ctx;

  app.get(
    '/projects/models',
    {
      preValidation: can('list-project-models'),
      schema: {
        tags: ['models'],
        summary:
          'Project models of the tenant (sorts name, created_at, updated_at, status, finished_at; filters search, status, project_id)',
        security: [{ bearer: [] }],
        querystring: Type.Object(listQueryProperties),
        response: { 200: ListResponseSchema(PaginatedSchema(ModelSchema)) },
      },
    },
    async (request) => {
      const { company } = await authenticate(request);
      return listEndpoint(request, modelsOf(db, company.id), modelList(request, company.id), request.query);
    },
  );

  app.get(
    '/projects/models/:id',
    {
      preValidation: can('list-project-models'),
      schema: {
        tags: ['models'],
        summary: 'One model with its project, file and latest geometry events (newest first, at most 50)',
        security: [{ bearer: [] }],
        params: IdParams,
        response: { 200: DataSchema(ModelDetailSchema), 404: MessageSchema },
      },
    },
    async (request) => {
      const { company } = await authenticate(request);
      return { data: await presentDetail(request, await findModel(db, company.id, request.params.id)) };
    },
  );

  app.post(
    '/projects/models',
    {
      preValidation: can('create-project-models'),
      schema: {
        tags: ['models'],
        summary:
          'Creates a model from a multipart `file` or the `upload_id` of a finished resumable upload (.fbx, .zip, .matz); it starts QUEUED',
        consumes: FORM_CONTENT_TYPES,
        security: [{ bearer: [] }],
        body: CreateModelBody,
        response: { 201: DataSchema(ModelDetailSchema) },
      },
    },
    async (request, reply) => {
      const session = await authenticate(request);
      const body = request.body as ModelBody & { name: string };
      const [projectId, file] = await allValid([
        companyProjectId(db, session.company.id, body.project_id, 'project_id'),
        incomingModelFile(app, session, body, true),
      ]);
      const stored = await storeModelFile(app, file!);
      const row = await db
        .transaction()
        .execute(async (trx) => {
          const model = await trx
            .insertInto('project_models')
            .values({
              company_id: session.company.id,
              project_id: projectId ?? null,
              name: body.name,
              description: body.description ?? null,
              status: 'QUEUED',
              status_color: MODEL_STATUS_COLORS.QUEUED,
              preview_image_url: null,
              started_at: null,
              finished_at: null,
              uploader_id: session.user.id,
              deleted_at: null,
              processing_attempt: 1,
              ...stored,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await addGeometryEvent(trx, model.id, MODEL_MESSAGES.received);
          return model;
        })
        .catch(async (error: unknown) => {
          await storage.delete(stored.file_key);
          throw error;
        });
      const model = await findModel(db, session.company.id, row.id);
      const data = await presentDetail(request, model);
      await publishProcessorRefresh(request, session.company.id, [model.id]);
      await processor.enqueue(modelJob(model));
      return reply.status(201).send({ data });
    },
  );

  app.patch(
    '/projects/models/:id',
    {
      preValidation: can('update-project-models'),
      schema: {
        tags: ['models'],
        summary:
          'Updates a model (name, description, project_id); a new `file` or `upload_id` replaces its file and restarts processing (also POST + _method=PATCH)',
        consumes: FORM_CONTENT_TYPES,
        security: [{ bearer: [] }],
        params: IdParams,
        body: UpdateModelBody,
        response: { 200: DataSchema(ModelDetailSchema), 404: MessageSchema },
      },
    },
    async (request) => {
      const session = await authenticate(request);
      const current = await findModel(db, session.company.id, request.params.id);
      const body = request.body as ModelBody;
      const [, projectId, file] = await allValid([
        notEmptied(body, ['name']),
        companyProjectId(db, session.company.id, body.project_id, 'project_id'),
        incomingModelFile(app, session, body, false),
      ] as const);
      const stored = file ? await storeModelFile(app, file) : null;
      const changes = {
        ...(body.name ? { name: body.name } : {}),
        ...('description' in body ? { description: body.description ?? null } : {}),
        ...(projectId !== undefined ? { project_id: projectId } : {}),
      };
      const row = await db.transaction().execute(async (trx) =>
        stored
          ? queueModel(trx, current.id, MODEL_MESSAGES.received, { ...changes, ...stored })
          : trx
              .updateTable('project_models')
              .set({ ...changes, updated_at: new Date() })
              .where('id', '=', current.id)
              .returningAll()
              .executeTakeFirstOrThrow(),
      );
      if (stored) {
        if (current.file_key) await storage.delete(current.file_key);
        await publishGeometryEvent(request, row, MODEL_MESSAGES.received);
        await publishProcessorRefresh(request, session.company.id, [row.id]);
      }
      const data = await presentDetail(request, await findModel(db, session.company.id, row.id));
      if (stored) await processor.enqueue(modelJob(row));
      return { data };
    },
  );

  app.delete(
    '/projects/models/:id',
    {
      preValidation: can('update-project-models'),
      schema: {
        tags: ['models'],
        summary: 'Moves a model to the recycling bin (restorable for 30 days); needs update-project-models',
        security: [{ bearer: [] }],
        params: IdParams,
        response: { 200: DeletedSchema('model'), 404: MessageSchema },
      },
    },
    async (request) => {
      const { company } = await authenticate(request);
      const model = await findModel(db, company.id, request.params.id);
      if (!(await softDelete(db, 'project_models', company.id, model.id))) {
        throw modelNotFound('ProjectModel', model.id);
      }
      await publishProcessorRefresh(request, company.id, [model.id]);
      return deletedResponse('model', model.name);
    },
  );

  app.post(
    '/projects/models/:id/reprocess',
    {
      preValidation: can('update-project-models'),
      schema: {
        tags: ['models'],
        summary:
          'Processes a FINISHED model again (its geometry events start over); 422 for any other status',
        security: [{ bearer: [] }],
        params: IdParams,
        response: { 200: MessageSchema, 404: MessageSchema },
      },
    },
    async (request) => {
      const { company } = await authenticate(request);
      const model = await findModel(db, company.id, request.params.id);
      if (model.status !== 'FINISHED') throw invalidField('status', REPROCESS_REFUSED);
      const row = await db.transaction().execute((trx) => queueModel(trx, model.id, MODEL_MESSAGES.requeued));
      await publishGeometryEvent(request, row, MODEL_MESSAGES.requeued);
      await publishProcessorRefresh(request, company.id, [row.id]);
      await processor.enqueue(modelJob(row));
      return { message: 'Reprocessing started...' };
    },
  );

  app.get(
    '/projects/models/:id/restore',
    {
      preValidation: can('restore-deleted-entities'),
      schema: {
        tags: ['models'],
        summary: 'Brings a model back from the recycling bin (within 30 days)',
        security: [{ bearer: [] }],
        params: IdParams,
        response: { 200: DataSchema(ModelDetailSchema), 404: MessageSchema },
      },
    },
    async (request) => {
      const { company } = await authenticate(request);
      const model = await findModel(db, company.id, request.params.id, true);
      if (model.deleted_at && (await restore(db, 'project_models', company.id, model.id))) {
        await publishProcessorRefresh(request, company.id, [model.id]);
        await resumeRestoredModels(request, company.id, [model.id]);
      }
      return { data: await presentDetail(request, await findModel(db, company.id, model.id)) };
    },
  );
}
