/**
 * The status changes of a model that both the API and the processor make, each inside the caller's transaction:
 * a geometry event is recorded with every change, so a model's `latest_geometry_event` is what was published last.
 */
import type { ExpressionBuilder, Selectable, Updateable } from 'kysely';
import type { DB } from '../db/database';
import type { Database, ModelStatus, ProjectModelsTable } from '../db/schema';
import { MODEL_STATUS_COLORS } from '../db/status-colors';
import type { StoredMessage } from '../../shared/messages';
import { type GeometryEventTable, replaceGeometryEvents } from './geometry-events';
import { PROCESSING_MESSAGES } from './processing-messages';

export type ModelRow = Selectable<ProjectModelsTable>;

/** Statuses the processor still has to finish (resumed on start). */
export const UNFINISHED_STATUSES: ModelStatus[] = ['QUEUED', 'PROCESSING'];

/**
 * Models that are the processor's to finish: those with a stored file or queued at least once. Seeded models
 * have neither and keep the status they were seeded with.
 */
export const isProcessorWork = (eb: ExpressionBuilder<Database, 'project_models'>) =>
  eb.or([eb('file_key', 'is not', null), eb('processing_attempt', '>', 0)]);

/** The messages of a model's geometry events: keys with parameters (processing-messages.ts). */
export const MODEL_MESSAGES = PROCESSING_MESSAGES;

/** Where a model's geometry events are kept. */
export const MODEL_EVENTS: GeometryEventTable = { table: 'model_geometry_events', owner: 'model_id' };

/**
 * Puts a model (back) in the queue: QUEUED with no start or finish, a new processing attempt (a run of an older
 * one stops), its geometry events replaced by `message`; `changes` are saved with it (a new file, a name).
 */
export async function queueModel(
  trx: DB,
  modelId: number,
  message: StoredMessage,
  changes: Updateable<ProjectModelsTable> = {},
): Promise<ModelRow> {
  const row = await trx
    .updateTable('project_models')
    .set((eb) => ({
      ...changes,
      status: 'QUEUED' as const,
      status_color: MODEL_STATUS_COLORS.QUEUED,
      started_at: null,
      finished_at: null,
      processing_attempt: eb('processing_attempt', '+', 1),
      updated_at: new Date(),
    }))
    .where('id', '=', modelId)
    .returningAll()
    .executeTakeFirstOrThrow();
  await replaceGeometryEvents(trx, MODEL_EVENTS, modelId, message);
  return row;
}
