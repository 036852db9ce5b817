/**
 * Project models as a Processable: a run moves a queued model QUEUED → PROCESSING (started_at) → a geometry event
 * per step, a step's time apart ('Reading geometry', 'Optimising meshes', 'Baking materials', 'Generating
 * preview') → FINISHED (finished_at, a generated preview image) or FAILED (the file is not a usable FBX or zip: the
 * event says why). Every change is saved with its geometry event and published (model-events.ts). A run belongs to
 * one processing attempt of its model: once the model is queued again, replaced or deleted, the run's next save
 * finds nothing to update and the run ends quietly. Unfinished are the models it was ever asked to process (a
 * stored file, or an attempt): seeded models without a file keep their status.
 */
import type { Updateable } from 'kysely';
import type { StoredMessage } from '../../shared/messages';
import type { ModelStatus, ProjectModelsTable } from '../db/schema';
import { MODEL_STATUS_COLORS } from '../db/status-colors';
import { type Inspection, inspectModelFile } from './inspection';
import { publishGeometryEvent, publishProcessorRefresh } from './model-events';
import { modelFileTypeOfName } from './model-file';
import {
  addGeometryEvent,
  isProcessorWork,
  MODEL_MESSAGES,
  type ModelRow,
  UNFINISHED_STATUSES,
} from './model-state';
import { isStorageKey, storeModelPreview } from './preview';
import type { Processable, ProcessingContext, ProcessingJob } from './processable';

const ENTITY = 'model';

/** The job of a model's current processing attempt; queue it after the transaction that queued it committed. */
export const modelJob = (model: Pick<ModelRow, 'id' | 'processing_attempt'>): ProcessingJob => ({
  entity: ENTITY,
  id: model.id,
  attempt: model.processing_attempt,
});

/**
 * Saves a change of this run's attempt with its geometry event and publishes it; null (nothing saved) when the
 * run is stale: the model was queued again, deleted, or is not in one of `from`.
 */
async function advance(
  context: ProcessingContext,
  job: ProcessingJob,
  changes: Updateable<ProjectModelsTable>,
  message: StoredMessage,
  from: ModelStatus[] = ['PROCESSING'],
): Promise<ModelRow | null> {
  if (context.signal.aborted) return null;
  const status = changes.status as ModelStatus | undefined;
  const row = await context.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('project_models')
      .set({
        ...changes,
        ...(status ? { status_color: MODEL_STATUS_COLORS[status] } : {}),
        updated_at: new Date(),
      })
      .where('id', '=', job.id)
      .where('processing_attempt', '=', job.attempt)
      .where('deleted_at', 'is', null)
      .where('status', 'in', from)
      .returningAll()
      .executeTakeFirst();
    if (updated) await addGeometryEvent(trx, updated.id, message);
    return updated ?? null;
  });
  if (row) await publishGeometryEvent(context.source, row, message);
  return row;
}

/** The last change of a run: FINISHED or FAILED, with finished_at; the processor list reloads. */
async function conclude(
  context: ProcessingContext,
  job: ProcessingJob,
  status: 'FINISHED' | 'FAILED',
  changes: Updateable<ProjectModelsTable>,
  message: StoredMessage,
): Promise<ModelRow | null> {
  const row = await advance(context, job, { ...changes, status, finished_at: new Date() }, message);
  if (row) await publishProcessorRefresh(context.source, row.company_id, [row.id]);
  return row;
}

/** Reads the model's file; a model without one (seeded, then reprocessed) has nothing to refuse. */
async function inspect(context: ProcessingContext, model: ModelRow): Promise<Inspection> {
  if (!model.file_key) return { ok: true, summary: 'no stored file' };
  const type = modelFileTypeOfName(model.file_name ?? '');
  if (!type) return { ok: false, reason: 'the file is neither an FBX file nor a zip archive' };
  const stored = await context.storage.read(model.file_key);
  if (!stored) return { ok: false, reason: 'the model file is missing' };
  try {
    return await inspectModelFile(stored.stream, type);
  } catch {
    return { ok: false, reason: 'the model file could not be read' };
  }
}

export const modelProcessing: Processable = {
  entity: ENTITY,

  async unfinished(db) {
    const rows = await db
      .selectFrom('project_models')
      .select(['id', 'processing_attempt'])
      .where('deleted_at', 'is', null)
      .where('status', 'in', UNFINISHED_STATUSES)
      .where(isProcessorWork)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map(modelJob);
  },

  async run(context, job) {
    const started = await advance(
      context,
      job,
      { status: 'PROCESSING', started_at: new Date(), finished_at: null },
      MODEL_MESSAGES.started,
      UNFINISHED_STATUSES,
    );
    if (!started) return;
    await context.pause();
    if (!(await advance(context, job, {}, MODEL_MESSAGES.reading))) return;
    const inspection = await inspect(context, started);
    if (!inspection.ok) {
      await conclude(context, job, 'FAILED', {}, MODEL_MESSAGES.failed(inspection.reason));
      return;
    }
    if (started.file_key && !(await advance(context, job, {}, MODEL_MESSAGES.read(inspection.summary))))
      return;
    for (const message of [MODEL_MESSAGES.optimising, MODEL_MESSAGES.baking, MODEL_MESSAGES.preview]) {
      await context.pause();
      if (!(await advance(context, job, {}, message))) return;
    }
    const preview = await storeModelPreview(context.storage, started.id, started.name);
    await context.pause().catch(async (error: unknown) => {
      await context.storage.delete(preview);
      throw error;
    });
    const finished = await conclude(
      context,
      job,
      'FINISHED',
      { preview_image_url: preview },
      MODEL_MESSAGES.finished,
    );
    if (!finished) await context.storage.delete(preview);
    else if (isStorageKey(started.preview_image_url) && started.preview_image_url !== preview)
      await context.storage.delete(started.preview_image_url);
  },
};
