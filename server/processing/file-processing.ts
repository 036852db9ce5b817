/**
 * The processing run that project models and library items share (spec 2 §4): QUEUED → PROCESSING (started_at) →
 * a geometry event per step, a step's time apart ('Reading geometry', 'Geometry read: …', the entity's steps,
 * 'Generating preview') → FINISHED (finished_at, a generated preview image) or FAILED (the file is not a usable FBX
 * or zip: the event says why). Every change is saved with its geometry event in one transaction, then published on
 * the entity's channel (processing-events.ts). A run belongs to one processing attempt of its row: once the row is
 * queued again, replaced or deleted, the run's next save finds nothing to update and the run ends quietly.
 * Unfinished are the rows the processor was ever asked to process (a stored file, or an attempt): seeded rows
 * without a file keep their status. An entity declares only what differs (`ProcessedFiles`).
 */
import type { StoredMessage } from '../../shared/messages';
import type { DB } from '../db/database';
import type { BroadcastSource } from '../http/broadcast';
import { type Inspection, inspectModelFile } from './inspection';
import { modelFileTypeOfName } from './model-file';
import { MODEL_MESSAGES } from './model-state';
import { isStorageKey, storeModelPreview } from './preview';
import type { Processable, ProcessingContext, ProcessingJob } from './processable';
import type { ProcessingProgress } from './processing-events';

/** The tables of processed 3D files; they share the columns a run reads and writes. */
export type ProcessedFileTable = 'project_models' | 'library_items';

/** The statuses a run moves a row through. */
type RunStatus = 'QUEUED' | 'PROCESSING' | 'FINISHED' | 'FAILED';

/** Statuses the processor still has to finish (resumed when a worker starts). */
export const UNFINISHED_FILE_STATUSES: RunStatus[] = ['QUEUED', 'PROCESSING'];

/** What a run reads of a row. */
export interface ProcessedFileRow extends ProcessingProgress {
  name: string;
  file_key: string | null;
  file_name: string | null;
  preview_image_url: string | null;
  processing_attempt: number;
}

/** A processed file entity: what its runs do differently. */
export interface ProcessedFiles {
  /** The name its jobs carry, e.g. 'model'. */
  entity: string;
  table: ProcessedFileTable;
  /** What its file is called in a failure's reason, e.g. 'model file'. */
  fileLabel: string;
  /** The colour of each status. */
  colors: Record<RunStatus, string>;
  /** The steps between reading the geometry and generating the preview (their messages). */
  steps: readonly StoredMessage[];
  /** Records a geometry event of the row (inside the caller's transaction). */
  addEvent(trx: DB, id: number, message: StoredMessage): Promise<void>;
  /** Publishes a status change with its message on the entity's channel. */
  publishProgress(source: BroadcastSource, row: ProcessingProgress, message: StoredMessage): Promise<unknown>;
  /** Tells the entity's processor lists to reload for these rows. */
  publishRefresh(source: BroadcastSource, companyId: number, ids: number[]): Promise<unknown>;
  /**
   * Puts the row (back) in the queue inside the caller's transaction: QUEUED, a new attempt (a run of an older one
   * stops), its geometry events replaced by `message`.
   */
  queue(trx: DB, id: number, message: StoredMessage): Promise<ProcessedFileRow>;
}

/** The job of a row's current processing attempt; queue it after the transaction that queued it committed. */
export const processingJob = (
  files: Pick<ProcessedFiles, 'entity'>,
  row: { id: number; processing_attempt: number },
): ProcessingJob => ({ entity: files.entity, id: row.id, attempt: row.processing_attempt });

/** A change a run saves; the status brings its colour. */
interface RunChange {
  status?: RunStatus;
  started_at?: Date;
  finished_at?: Date | null;
  preview_image_url?: string;
}

/** The Processable of a processed file entity. */
export function fileProcessing(files: ProcessedFiles): Processable {
  /**
   * Saves a change of this run's attempt with its geometry event and publishes it; null (nothing saved) when the
   * run is stale: the row was queued again, deleted, or is not in one of `from`.
   */
  async function advance(
    context: ProcessingContext,
    job: ProcessingJob,
    change: RunChange,
    message: StoredMessage,
    from: RunStatus[] = ['PROCESSING'],
  ): Promise<ProcessedFileRow | null> {
    if (context.signal.aborted) return null;
    const row = await context.db.transaction().execute(async (trx) => {
      const updated: ProcessedFileRow | undefined = await trx
        .updateTable(files.table)
        .set({
          ...change,
          ...(change.status ? { status_color: files.colors[change.status] } : {}),
          updated_at: new Date(),
        })
        .where('id', '=', job.id)
        .where('processing_attempt', '=', job.attempt)
        .where('deleted_at', 'is', null)
        .where('status', 'in', from)
        .returningAll()
        .executeTakeFirst();
      if (updated) await files.addEvent(trx, updated.id, message);
      return updated ?? null;
    });
    if (row) await files.publishProgress(context.source, row, message);
    return row;
  }

  /** The last change of a run: FINISHED or FAILED, with finished_at; the processor lists reload. */
  async function conclude(
    context: ProcessingContext,
    job: ProcessingJob,
    status: 'FINISHED' | 'FAILED',
    change: RunChange,
    message: StoredMessage,
  ): Promise<ProcessedFileRow | null> {
    const row = await advance(context, job, { ...change, status, finished_at: new Date() }, message);
    if (row) await files.publishRefresh(context.source, row.company_id, [row.id]);
    return row;
  }

  /** Reads the row's file; a row without one (seeded, then reprocessed) has nothing to refuse. */
  async function inspect(context: ProcessingContext, row: ProcessedFileRow): Promise<Inspection> {
    if (!row.file_key) return { ok: true, summary: 'no stored file' };
    const type = modelFileTypeOfName(row.file_name ?? '');
    if (!type) return { ok: false, reason: 'the file is neither an FBX file nor a zip archive' };
    const stored = await context.storage.read(row.file_key);
    if (!stored) return { ok: false, reason: `the ${files.fileLabel} is missing` };
    try {
      return await inspectModelFile(stored.stream, type);
    } catch {
      return { ok: false, reason: `the ${files.fileLabel} could not be read` };
    }
  }

  return {
    entity: files.entity,

    async unfinished(db) {
      const rows = await db
        .selectFrom(files.table)
        .select(['id', 'processing_attempt'])
        .where('deleted_at', 'is', null)
        .where('status', 'in', UNFINISHED_FILE_STATUSES)
        .where((eb) => eb.or([eb('file_key', 'is not', null), eb('processing_attempt', '>', 0)]))
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map((row) => processingJob(files, row));
    },

    async run(context, job) {
      const started = await advance(
        context,
        job,
        { status: 'PROCESSING', started_at: new Date(), finished_at: null },
        MODEL_MESSAGES.started,
        UNFINISHED_FILE_STATUSES,
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
      for (const message of [...files.steps, MODEL_MESSAGES.preview]) {
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
}

/**
 * Puts a row back in the queue (`files.queue` in a transaction of its own), then publishes the change and the
 * lists' reload and hands the job to the processor.
 */
export async function requeue(
  source: BroadcastSource,
  files: ProcessedFiles,
  id: number,
  message: StoredMessage,
): Promise<ProcessedFileRow> {
  const { db, processor } = source.server.ctx;
  const row = await db.transaction().execute((trx) => files.queue(trx, id, message));
  await files.publishProgress(source, row, message);
  await files.publishRefresh(source, row.company_id, [row.id]);
  await processor.enqueue(processingJob(files, row));
  return row;
}
