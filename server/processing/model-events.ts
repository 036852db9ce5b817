/**
 * The processing events of project models (processing-events.ts) on the company's `private-Company.{id}.ProjectModel`
 * channel: `GeometryEventsUpdated` for every status change and geometry event of a model, and
 * `RefreshProcessorIndex` when the processor list should reload (a model was created, finished, failed, deleted or
 * restored).
 */
import type { StoredMessage } from '../../shared/messages';
import type { BroadcastSource } from '../realtime/broadcast';
import { channels } from '../realtime/broadcaster';
import { type ProcessingProgress, publishIndexRefresh, publishProgress } from './processing-events';

export function publishGeometryEvent(
  source: BroadcastSource,
  model: ProcessingProgress,
  message: StoredMessage,
) {
  return publishProgress(source, channels.projectModels(model.company_id), model, message);
}

/** One `RefreshProcessorIndex` per model that changed. */
export function publishProcessorRefresh(source: BroadcastSource, companyId: number, modelIds: number[]) {
  return publishIndexRefresh(source, channels.projectModels(companyId), modelIds);
}
