/**
 * Project models (spec 2 §3, §4, §7): the list (global search, processor) with the list conventions and `count=1`
 * for the dashboard tile (`included_fields[]=models.status.finished` lists finished models only: the demo-model
 * picker's call); one model with its project, file and geometry events; create (the file as multipart `file` or
 * `upload_id` of a finished resumable upload; the model starts QUEUED and the processor takes it), update (a new
 * file restarts processing), soft delete, reprocess (FINISHED models only) and restore. Processing changes are
 * published on the company's ProjectModel channel (server/processing/model-events.ts).
 */
import { MODEL_ABILITIES } from '../../shared/entities/model-values';
import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import {
  type ModelDetail,
  ModelDetailSchema,
  type ModelInput,
  ModelInputSchema,
  ModelSchema,
  MODEL_STATUSES,
} from '../../shared/entities/models';
import type { DB } from '../db/database';
import { liveRowCount } from '../db/live-row-counts';
import { restore, softDelete } from '../db/retention';
import type { ProjectModelsTable } from '../db/schema';
import { type BroadcastSource } from '../realtime/broadcast';
import type { CrudContext, Submitted } from '../http/crud/declaration';
import { defineEntity } from '../http/crud/entity';
import { requestLanguage } from '../http/language';
import { enumFilter } from '../http/listing';
import { publishGeometryEvent, publishProcessorRefresh } from '../processing/model-events';
import { MODEL_FILES, modelJob } from '../processing/model-processing';
import {
  isProcessorWork,
  MODEL_EVENTS,
  MODEL_MESSAGES,
  queueModel,
  UNFINISHED_STATUSES,
} from '../processing/model-state';
import { allValid, companyRecordId, notEmptied } from '../http/field-checks';
import { incomingModelFile } from '../uploads/model-file-input';
import {
  createProcessedFile,
  fileAndHistory,
  geometryHistory,
  latestGeometryEvents,
  processingFields,
  registerProcessedFileRoutes,
  updateProcessedFile,
  versionFields,
} from '../domain/processed-files';
import { STORAGE_FOLDERS } from '../storage/storage-folders';
import { registerFileVersionRoutes } from '../domain/file-version-routes';

type ModelRow = Selectable<ProjectModelsTable> & { uploader_name: string | null };
type ModelBody = Submitted<ModelInput>;

/** Where a model's file is stored. */
const FILE_FOLDER = STORAGE_FOLDERS.modelSources;

export const REPROCESS_REFUSED = 'Only finished or failed models can be reprocessed.';

const modelsOf = (db: DB, companyId: number) =>
  db
    .selectFrom('project_models')
    .leftJoin('users', 'users.id', 'project_models.uploader_id')
    .selectAll('project_models')
    .select('users.name as uploader_name')
    .where('project_models.company_id', '=', companyId);

export const modelEntity = defineEntity({
  collection: 'projects/models',
  tag: 'models',
  model: 'ProjectModel',
  entity: 'model',
  table: 'project_models',
  fileColumns: ['preview_image_url', 'file_key', 'viewer_model_key'],
  softDelete: true,
  abilities: MODEL_ABILITIES,
  schemas: { input: ModelInputSchema, item: ModelSchema, detail: ModelDetailSchema },
  rows: modelsOf,
  nameOf: (model) => model.name,
  list: ({ db, session }) => ({
    sorts: {
      name: 'project_models.name',
      created_at: 'project_models.created_at',
      updated_at: 'project_models.updated_at',
      status: 'project_models.status',
      finished_at: 'project_models.finished_at',
    },
    defaultSort: '-created_at',
    search: ['project_models.name'],
    filters: {
      status: enumFilter(MODEL_STATUSES, (eb, statuses) => eb('project_models.status', 'in', statuses)),
      project_id: { type: 'integer', where: (eb, ids) => eb('project_models.project_id', 'in', ids) },
    },
    fieldScopes: { 'status.finished': (eb) => eb('project_models.status', '=', 'FINISHED') },
    quickCount: () => liveRowCount(db, session.company.id, 'project_models'),
  }),
  async present({ db, request }, rows, fields) {
    const ids = rows.map((row) => row.id);
    const latest = await latestGeometryEvents(db, MODEL_EVENTS, ids, fields.has('latest_geometry_event'));
    return rows.map((row) => {
      const event = latest.get(row.id);
      return {
        id: row.id,
        project_id: row.project_id,
        name: row.name,
        description: row.description,
        ...processingFields(request, row, event),
      };
    });
  },
  detail: presentDetail,
  /** The file as multipart `file` or a finished upload's `upload_id`; the model starts QUEUED. */
  async create(ctx, input) {
    const { db, session, request } = ctx;
    const body = input as ModelBody & { name: string };
    const [projectId, file] = await allValid([
      companyRecordId(db, 'projects', session.company.id, body.project_id, 'project_id'),
      incomingModelFile(request.server, session, body, true),
    ]);
    return createProcessedFile(ctx, MODEL_FILES, file!, FILE_FOLDER, (trx, queued) =>
      trx
        .insertInto('project_models')
        .values({
          ...queued,
          project_id: projectId ?? null,
          name: body.name,
          description: body.description ?? null,
        })
        .returning(['id', 'processing_attempt'])
        .executeTakeFirstOrThrow(),
    );
  },
  /** Name, description and project; a new `file` or `upload_id` replaces the file and restarts processing. */
  async update(ctx, current, body) {
    const { db, session, request } = ctx;
    const [, projectId, file] = await allValid([
      notEmptied(body, ['name']),
      companyRecordId(db, 'projects', session.company.id, body.project_id, 'project_id'),
      incomingModelFile(request.server, session, body, false),
    ] as const);
    const changes = {
      ...(body.name ? { name: body.name } : {}),
      ...('description' in body ? { description: body.description ?? null } : {}),
      ...(projectId !== undefined ? { project_id: projectId } : {}),
    };
    const followup = await updateProcessedFile(ctx, MODEL_FILES, current, file, FILE_FOLDER, {
      changes,
      versionNote: body.version_note,
      save: (trx) =>
        trx
          .updateTable('project_models')
          .set({ ...changes, updated_at: new Date() })
          .where('id', '=', current.id)
          .execute(),
    });
    return followup ?? undefined;
  },
  async remove({ db, session, request }, model) {
    await softDelete(db, 'project_models', session.company.id, model.id);
    return () => publishProcessorRefresh(request, session.company.id, [model.id]);
  },
  /** A model still to be processed when it was deleted is queued again. */
  async restore({ db, session, request }, model) {
    await restore(db, 'project_models', session.company.id, model.id);
    return async () => {
      await publishProcessorRefresh(request, session.company.id, [model.id]);
      await resumeRestoredModels(request, session.company.id, [model.id]);
    };
  },
  bulk: { actions: { delete: 'delete' } },
  summaries: {
    list: 'Project models of the tenant (sorts name, created_at, updated_at, status, finished_at; filters search, status, project_id)',
    show: 'One model with its project, file, latest geometry events (newest first, at most 50) and versions (newest first)',
    create:
      'Creates a model from a multipart `file` or the `upload_id` of a finished resumable upload (.fbx, .zip, .matz); it starts QUEUED',
    update:
      'Updates a model (name, description, project_id); a new `file` or `upload_id` makes its next version (with `version_note`; the current one is kept) and restarts processing (also POST + _method=PATCH)',
    delete: 'Moves a model to the recycling bin (restorable for 30 days); needs update-project-models',
    restore: 'Brings a model back from the recycling bin (within 30 days)',
    bulk: 'Moves several models to the recycling bin, each on its own; needs update-project-models',
  },
});

/** Every field of the list plus the project, the file and the latest geometry events. */
async function presentDetail(ctx: CrudContext, row: ModelRow): Promise<ModelDetail> {
  const { db } = ctx;
  const [model, project, events, versions] = await Promise.all([
    modelEntity.itemOf(ctx, row),
    row.project_id === null
      ? Promise.resolve(undefined)
      : db.selectFrom('projects').select(['id', 'name']).where('id', '=', row.project_id).executeTakeFirst(),
    geometryHistory(db, MODEL_EVENTS, row.id),
    versionFields(ctx, MODEL_FILES, row),
  ]);
  return {
    ...model,
    project: project ?? null,
    ...fileAndHistory(ctx.request, row, events, requestLanguage(ctx.request)),
    ...versions,
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

/** The standard endpoints from the declaration, and beside them reprocessing. */
export default async function modelRoutes(server: FastifyInstance): Promise<void> {
  await modelEntity.register(server);
  registerProcessedFileRoutes(server, 'projects/models', modelEntity, {
    abilities: MODEL_ABILITIES,
    noun: 'model',
    refused: REPROCESS_REFUSED,
    files: MODEL_FILES,
  });
  registerFileVersionRoutes(server, 'projects/models', modelEntity, {
    abilities: MODEL_ABILITIES,
    noun: 'model',
    files: MODEL_FILES,
    activity: 'restoredModelVersion',
  });
}
