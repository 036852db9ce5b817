/**
 * The processing of library items that both the API and the processor use (spec 2 §4, §7), like models'
 * (model-state.ts): status changes recorded with a geometry event inside the caller's transaction, queueing (a new
 * attempt; a run of an older one stops), and the events on the company's `private-Company.{id}.LibraryItem`
 * channel.
 */
import type { Selectable, Updateable } from 'kysely';
import type { DB } from '../db/database';
import type { LibraryItemsTable } from '../db/schema';
import { LIBRARY_ITEM_STATUS_COLORS } from '../db/status-colors';
import type { BroadcastSource } from '../realtime/broadcast';
import { channels } from '../realtime/broadcaster';
import type { StoredMessage } from '../../shared/messages';
import { type GeometryEventTable, replaceGeometryEvents } from './geometry-events';
import type { ProcessingJob } from './processable';
import { type ProcessingProgress, publishIndexRefresh, publishProgress } from './processing-events';

export type LibraryItemRow = Selectable<LibraryItemsTable>;

export const ITEM_ENTITY = 'library-item';

/** The job of an item's current processing attempt; queue it after the transaction that queued it committed. */
export const itemJob = (item: Pick<LibraryItemRow, 'id' | 'processing_attempt'>): ProcessingJob => ({
  entity: ITEM_ENTITY,
  id: item.id,
  attempt: item.processing_attempt,
});

/** Where an item's geometry events are kept. */
export const ITEM_EVENTS: GeometryEventTable = { table: 'library_item_geometry_events', owner: 'item_id' };

/** Puts an item (back) in the queue: QUEUED, a new attempt, its events replaced by `message`; with `changes`. */
export async function queueItem(
  trx: DB,
  itemId: number,
  message: StoredMessage,
  changes: Updateable<LibraryItemsTable> = {},
): Promise<LibraryItemRow> {
  const row = await trx
    .updateTable('library_items')
    .set((eb) => ({
      ...changes,
      status: 'QUEUED' as const,
      status_color: LIBRARY_ITEM_STATUS_COLORS.QUEUED,
      status_before_archive: null,
      started_at: null,
      finished_at: null,
      processing_attempt: eb('processing_attempt', '+', 1),
      updated_at: new Date(),
    }))
    .where('id', '=', itemId)
    .returningAll()
    .executeTakeFirstOrThrow();
  await replaceGeometryEvents(trx, ITEM_EVENTS, itemId, message);
  return row;
}

export function publishItemEvent(source: BroadcastSource, item: ProcessingProgress, message: StoredMessage) {
  return publishProgress(source, channels.libraryItems(item.company_id), item, message);
}

export function publishItemRefresh(source: BroadcastSource, companyId: number, itemIds: number[]) {
  return publishIndexRefresh(source, channels.libraryItems(companyId), itemIds);
}
