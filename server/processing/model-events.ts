/**
 * The realtime events of model processing (spec 2 §7), on the company's `private-Company.{id}.ProjectModel`
 * channel: `GeometryEventsUpdated` for every status change and geometry event of a model, with
 * `{owner_id, status, status_color, started_at, finished_at, event: {message}}`, and `RefreshProcessorIndex`
 * `{owner_id}` when the processor list should reload (a model was created, finished, failed, deleted or restored).
 */
import { type BroadcastSource, broadcast } from '../http/broadcast';
import { iso } from '../http/schema-types';
import { channels } from '../realtime/broadcaster';
import type { ModelStatus } from '../db/schema';

export interface ModelProgress {
  id: number;
  company_id: number;
  status: ModelStatus;
  status_color: string;
  started_at: Date | null;
  finished_at: Date | null;
}

export interface GeometryEventsUpdatedPayload {
  owner_id: number;
  status: ModelStatus;
  status_color: string;
  started_at: string | null;
  finished_at: string | null;
  event: { message: string };
}

export const geometryEventsUpdated = (
  model: ModelProgress,
  message: string,
): GeometryEventsUpdatedPayload => ({
  owner_id: model.id,
  status: model.status,
  status_color: model.status_color,
  started_at: iso(model.started_at),
  finished_at: iso(model.finished_at),
  event: { message },
});

export function publishGeometryEvent(source: BroadcastSource, model: ModelProgress, message: string) {
  return broadcast(
    source,
    [channels.projectModels(model.company_id)],
    'GeometryEventsUpdated',
    geometryEventsUpdated(model, message),
  );
}

/** One `RefreshProcessorIndex` per model that changed. */
export async function publishProcessorRefresh(
  source: BroadcastSource,
  companyId: number,
  modelIds: number[],
) {
  for (const id of modelIds) {
    await broadcast(source, [channels.projectModels(companyId)], 'RefreshProcessorIndex', { owner_id: id });
  }
}
