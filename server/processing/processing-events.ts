/**
 * The realtime events of processing (spec 2 §7), the same for every processed entity, each on the entity's own
 * channel (`private-Company.{id}.ProjectModel`, `….LibraryItem`, …): `GeometryEventsUpdated` for every status
 * change and event of a row, with `{owner_id, status, status_color, started_at, finished_at, event: {message,
 * message_key, message_params}}` (the English text and the stored message, processing-messages.ts),
 * and `RefreshProcessorIndex` `{owner_id}` when the entity's processor list should reload.
 */
import { type BroadcastSource, broadcast } from '../realtime/broadcast';
import { iso } from '../http/schema-types';
import { GEOMETRY_EVENT, PROCESSOR_INDEX_EVENT } from '../../shared/events';
import type { StoredMessage } from '../../shared/messages';
import { storedEvent } from './processing-messages';

/** The processing state of a row of a processed entity. */
export interface ProcessingProgress {
  id: number;
  company_id: number;
  status: string;
  status_color: string;
  started_at: Date | null;
  finished_at: Date | null;
}

export function publishProgress(
  source: BroadcastSource,
  channel: string,
  row: ProcessingProgress,
  message: StoredMessage,
) {
  return broadcast(source, [channel], GEOMETRY_EVENT, {
    owner_id: row.id,
    status: row.status,
    status_color: row.status_color,
    started_at: iso(row.started_at),
    finished_at: iso(row.finished_at),
    event: storedEvent(message),
  });
}

/** One `RefreshProcessorIndex` per row that changed. */
export async function publishIndexRefresh(source: BroadcastSource, channel: string, ids: number[]) {
  for (const id of ids) await broadcast(source, [channel], PROCESSOR_INDEX_EVENT, { owner_id: id });
}
