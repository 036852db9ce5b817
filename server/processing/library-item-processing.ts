/**
 * Library items as a Processable, the same run as models' (model-processing.ts): QUEUED → PROCESSING (started_at)
 * → a geometry event per step → FINISHED (finished_at, a generated preview) or FAILED (the file is not a usable
 * FBX or zip: the event says why). Every change is saved with its event and published on the company's
 * LibraryItem channel; a run of an attempt that was replaced, archived or deleted finds nothing to update and ends.
 */
import type { Updateable } from 'kysely';
import type { StoredMessage } from '../../shared/messages';
import type { LibraryItemStatus, LibraryItemsTable } from '../db/schema';
import { LIBRARY_ITEM_STATUS_COLORS } from '../db/status-colors';
import { type Inspection, inspectModelFile } from './inspection';
import {
  addItemEvent,
  ITEM_ENTITY,
  itemJob,
  type LibraryItemRow,
  publishItemEvent,
  publishItemRefresh,
  UNFINISHED_ITEM_STATUSES,
} from './library-item-state';
import { modelFileTypeOfName } from './model-file';
import { MODEL_MESSAGES } from './model-state';
import { isStorageKey, storeModelPreview } from './preview';
import type { Processable, ProcessingContext, ProcessingJob } from './processable';

async function advance(
  context: ProcessingContext,
  job: ProcessingJob,
  changes: Updateable<LibraryItemsTable>,
  message: StoredMessage,
  from: LibraryItemStatus[] = ['PROCESSING'],
): Promise<LibraryItemRow | null> {
  if (context.signal.aborted) return null;
  const status = changes.status as LibraryItemStatus | undefined;
  const row = await context.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('library_items')
      .set({
        ...changes,
        ...(status ? { status_color: LIBRARY_ITEM_STATUS_COLORS[status] } : {}),
        updated_at: new Date(),
      })
      .where('id', '=', job.id)
      .where('processing_attempt', '=', job.attempt)
      .where('deleted_at', 'is', null)
      .where('status', 'in', from)
      .returningAll()
      .executeTakeFirst();
    if (updated) await addItemEvent(trx, updated.id, message);
    return updated ?? null;
  });
  if (row) await publishItemEvent(context.source, row, message);
  return row;
}

async function conclude(
  context: ProcessingContext,
  job: ProcessingJob,
  status: 'FINISHED' | 'FAILED',
  changes: Updateable<LibraryItemsTable>,
  message: StoredMessage,
): Promise<LibraryItemRow | null> {
  const row = await advance(context, job, { ...changes, status, finished_at: new Date() }, message);
  if (row) await publishItemRefresh(context.source, row.company_id, [row.id]);
  return row;
}

async function inspect(context: ProcessingContext, item: LibraryItemRow): Promise<Inspection> {
  if (!item.file_key) return { ok: true, summary: 'no stored file' };
  const type = modelFileTypeOfName(item.file_name ?? '');
  if (!type) return { ok: false, reason: 'the file is neither an FBX file nor a zip archive' };
  const stored = await context.storage.read(item.file_key);
  if (!stored) return { ok: false, reason: 'the item file is missing' };
  try {
    return await inspectModelFile(stored.stream, type);
  } catch {
    return { ok: false, reason: 'the item file could not be read' };
  }
}

export const libraryItemProcessing: Processable = {
  entity: ITEM_ENTITY,

  async unfinished(db) {
    const rows = await db
      .selectFrom('library_items')
      .select(['id', 'processing_attempt'])
      .where('deleted_at', 'is', null)
      .where('status', 'in', UNFINISHED_ITEM_STATUSES)
      .where('processing_attempt', '>', 0)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map(itemJob);
  },

  async run(context, job) {
    const started = await advance(
      context,
      job,
      { status: 'PROCESSING', started_at: new Date(), finished_at: null },
      MODEL_MESSAGES.started,
      UNFINISHED_ITEM_STATUSES,
    );
    if (!started) return;
    await context.pause();
    if (!(await advance(context, job, {}, MODEL_MESSAGES.reading))) return;
    const inspection = await inspect(context, started);
    if (!inspection.ok) {
      await conclude(context, job, 'FAILED', {}, MODEL_MESSAGES.failed(inspection.reason));
      return;
    }
    for (const message of [
      MODEL_MESSAGES.read(inspection.summary),
      MODEL_MESSAGES.optimising,
      MODEL_MESSAGES.preview,
    ]) {
      await context.pause();
      if (!(await advance(context, job, {}, message))) return;
    }
    const preview = await storeModelPreview(context.storage, started.id, started.name);
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
