/**
 * Project models as a processed file entity (file-processing.ts): a run moves a queued model QUEUED → PROCESSING →
 * 'Reading geometry', 'Geometry read: …', 'Optimising meshes', 'Baking materials', 'Generating preview', a step's
 * time apart → FINISHED (a generated preview image) or FAILED. Every change is saved with its geometry event and
 * published on the company's ProjectModel channel (model-events.ts).
 */
import { MODEL_STATUS_COLORS } from '../db/status-colors';
import { fileProcessing, type ProcessedFiles, processingJob } from './file-processing';
import { publishGeometryEvent, publishProcessorRefresh } from './model-events';
import { MODEL_EVENTS, type ModelRow, queueModel } from './model-state';

export const MODEL_FILES: ProcessedFiles = {
  entity: 'model',
  table: 'project_models',
  fileLabel: 'model file',
  colors: MODEL_STATUS_COLORS,
  events: MODEL_EVENTS,
  versions: { table: 'model_versions', owner: 'model_id' },
  publishProgress: publishGeometryEvent,
  publishRefresh: publishProcessorRefresh,
  queue: (trx, id, message, changes) => queueModel(trx, id, message, changes),
};

/** The job of a model's current processing attempt; queue it after the transaction that queued it committed. */
export const modelJob = (model: Pick<ModelRow, 'id' | 'processing_attempt'>) =>
  processingJob(MODEL_FILES, model);

export const modelProcessing = fileProcessing(MODEL_FILES);
