/**
 * The geometry events of the processed file entities (models, library items). Each entity names its events' table
 * and their owner's column once (`MODEL_EVENTS` in model-state.ts, `ITEM_EVENTS` in library-item-state.ts); its
 * `ProcessedFiles` declaration (file-processing.ts) carries them, and recording, replacing and reading events is
 * written once, here and in server/domain/processed-files.ts.
 */
import { sql } from 'kysely';
import type { DB } from '../db/database';
import type { ModelGeometryEventsTable } from '../db/schema';
import type { StoredMessage } from '../../shared/messages';
import { storedMessageColumns } from '../http/messages';

export interface GeometryEventTable {
  table: 'model_geometry_events' | 'library_item_geometry_events';
  /** The column naming the row the event belongs to. */
  owner: 'model_id' | 'item_id';
}

/**
 * The events of one entity. Both event tables have the same columns but the owner's: the query is typed against
 * the models' and names the owner by its column.
 */
export function geometryEventsOf(db: DB, events: GeometryEventTable) {
  return {
    query: db.selectFrom(events.table as 'model_geometry_events'),
    owner: sql.ref<number>(events.owner),
  };
}

/** Records an event of the row `ownerId` (inside the caller's transaction). */
export async function addGeometryEvent(
  trx: DB,
  events: GeometryEventTable,
  ownerId: number,
  message: StoredMessage,
): Promise<void> {
  const row = { ...storedMessageColumns(message), [events.owner]: ownerId };
  // Typed as the models' row: the owner's column is the entity's own (see geometryEventsOf).
  await trx
    .insertInto(events.table as 'model_geometry_events')
    .values(row as typeof row & Pick<ModelGeometryEventsTable, 'model_id'>)
    .execute();
}

/** Starts the row's events over with `message` (a queueing: the history of an earlier run goes). */
export async function replaceGeometryEvents(
  trx: DB,
  events: GeometryEventTable,
  ownerId: number,
  message: StoredMessage,
): Promise<void> {
  const { owner } = geometryEventsOf(trx, events);
  await trx
    .deleteFrom(events.table as 'model_geometry_events')
    .where(owner, '=', ownerId)
    .execute();
  await addGeometryEvent(trx, events, ownerId, message);
}
