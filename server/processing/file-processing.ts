/**
 * The processing run that project models and library items share (spec 2 §4, issue 28): QUEUED → PROCESSING
 * (started_at) → 'Reading geometry' → the 3D pipeline (server/geometry/model-pipeline.ts) in a process of its own
 * (pipeline-runner.ts), each of its steps a geometry event with what it found ('Geometry read: FBX 7.4 (binary),
 * 3 meshes, …', 'Converted to glTF: 12 triangles, …', 'Optimized: …', 'Preview rendered …') → FINISHED
 * (finished_at; the preview at card size and 2×, the optimized glb the viewer loads and the figures) or FAILED
 * (the event says why, in the reader's language). Every change is saved with its geometry event in one
 * transaction, then published on the entity's channel (processing-events.ts).
 *
 * The run's files are stored under new keys and only the FINISHED transaction points the row at them; the keys it
 * replaced are deleted after that commit. A run stopped midway (a stale attempt, the worker stopping or killed)
 * therefore leaves the last good files in place, and its own are deleted or never stored.
 *
 * A run belongs to one processing attempt of its row: once the row is queued again, replaced or deleted, the
 * run's next save finds nothing to update, its pipeline process is killed and the run ends quietly. Unfinished
 * are the rows the processor was ever asked to process (a stored file, or an attempt): seeded rows without a file
 * keep their status. An entity declares only what differs (`ProcessedFiles`).
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Updateable } from 'kysely';
import type { StoredMessage } from '../../shared/messages';
import type { DB } from '../db/database';
import type { LibraryItemsTable, ProjectModelsTable } from '../db/schema';
import { GeometryFailure } from '../geometry/failures';
import type { ModelPipelineResult } from '../geometry/model-pipeline';
import type { BroadcastSource } from '../realtime/broadcast';
import { isStorageKey } from '../storage/storage';
import { modelFileTypeOfName } from '../uploads/model-file-rules';
import { MODEL_MESSAGES } from './model-state';
import { makeWorkFolder, runPipeline } from './pipeline-runner';
import { addGeometryEvent, type GeometryEventTable } from './geometry-events';
import { type FileVersionTable, releasedKeys } from './file-versions';
import type { Processable, ProcessingContext, ProcessingJob } from './processable';
import type { ProcessingProgress } from './processing-events';
import { usdzKeyOf } from '../../shared/ar-models';
import { previewKeyAt2x } from '../../shared/preview-images';
import { STORAGE_FOLDERS, storageKey } from '../storage/storage-folders';

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
  viewer_model_key: string | null;
  processing_attempt: number;
}

/** Columns saved with a queueing (a new file, a name), of either table. */
export type ProcessedFileChanges = Updateable<ProjectModelsTable> & Updateable<LibraryItemsTable>;

/** A processed file entity: what its runs do differently. */
export interface ProcessedFiles {
  /** The name its jobs carry, e.g. 'model'. */
  entity: string;
  table: ProcessedFileTable;
  /** What its file is called in a failure's reason, e.g. 'model file'. */
  fileLabel: string;
  /** The colour of each status. */
  colors: Record<RunStatus, string>;
  /** Where its geometry events are kept (geometry-events.ts). */
  events: GeometryEventTable;
  /** Where the versions its file had are kept (file-versions.ts). */
  versions: FileVersionTable;
  /** Publishes a status change with its message on the entity's channel. */
  publishProgress(source: BroadcastSource, row: ProcessingProgress, message: StoredMessage): Promise<unknown>;
  /** Tells the entity's processor lists to reload for these rows. */
  publishRefresh(source: BroadcastSource, companyId: number, ids: number[]): Promise<unknown>;
  /**
   * Puts the row (back) in the queue inside the caller's transaction: QUEUED, a new attempt (a run of an older one
   * stops), its geometry events replaced by `message`; `changes` are saved with it (a new file, a name).
   */
  queue(
    trx: DB,
    id: number,
    message: StoredMessage,
    changes?: ProcessedFileChanges,
  ): Promise<ProcessedFileRow>;
}

/**
 * The job of a row's current processing attempt, a user's unless said otherwise; queue it after the transaction
 * that queued it committed.
 */
export const processingJob = (
  files: Pick<ProcessedFiles, 'entity'>,
  row: { id: number; processing_attempt: number },
  priority: ProcessingJob['priority'] = 'user',
): ProcessingJob => ({ entity: files.entity, id: row.id, attempt: row.processing_attempt, priority });

/** A change a run saves; the status brings its colour. */
interface RunChange {
  status?: RunStatus;
  started_at?: Date;
  finished_at?: Date | null;
  preview_image_url?: string | null;
  viewer_model_key?: string | null;
  geometry_statistics?: string | null;
}

/** The storage keys a run's files get. */
interface StoredResult {
  glb: string;
  preview: string;
}

/** The files a row points at that a new run replaces (the preview's 2× copy and the glb's USDZ go with them). */
const replacedKeys = (row: Pick<ProcessedFileRow, 'preview_image_url' | 'viewer_model_key'>) =>
  [
    row.preview_image_url,
    row.preview_image_url && previewKeyAt2x(row.preview_image_url),
    row.viewer_model_key,
    row.viewer_model_key && usdzKeyOf(row.viewer_model_key),
  ].filter(isStorageKey);

/** What a failed run leaves: no preview, no viewer file, no figures (they would show another file). */
const cleared: RunChange = { preview_image_url: null, viewer_model_key: null, geometry_statistics: null };

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
      if (updated) await addGeometryEvent(trx, files.events, updated.id, message);
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

  /** Copies the row's stored file into the work folder; null when it is gone. */
  async function fetchSource(
    context: ProcessingContext,
    key: string,
    folder: string,
  ): Promise<string | null> {
    const stored = await context.storage.read(key);
    if (!stored) return null;
    const path = join(folder, 'original');
    await pipeline(stored.stream, createWriteStream(path));
    return path;
  }

  /** Moves a finished pipeline's files into the storage under new keys. */
  async function store(context: ProcessingContext, result: ModelPipelineResult): Promise<StoredResult> {
    const name = randomUUID();
    const keys = {
      glb: storageKey(STORAGE_FOLDERS.converted, `${files.table}/${name}.glb`),
      preview: storageKey(STORAGE_FOLDERS.previews, `${files.table}/${name}.webp`),
    };
    await context.storage.putFile(keys.glb, result.files.glb);
    await context.storage.putFile(keys.preview, result.files.preview);
    await context.storage.putFile(
      storageKey(STORAGE_FOLDERS.previews, previewKeyAt2x(`${files.table}/${name}.webp`)),
      result.files.preview2x,
    );
    if (result.files.usdz)
      await context.storage.putFile(
        storageKey(STORAGE_FOLDERS.converted, usdzKeyOf(`${files.table}/${name}.glb`)),
        result.files.usdz,
      );
    return keys;
  }

  const deleteKeys = (context: ProcessingContext, keys: string[]) =>
    Promise.all(keys.map((key) => context.storage.delete(key).catch(() => undefined)));

  /**
   * The pipeline's run on the row's file: FINISHED with its files, or FAILED with why. Its files are deleted
   * again when the row moved on meanwhile; the files it replaced once it is FINISHED.
   */
  async function convert(context: ProcessingContext, job: ProcessingJob, row: ProcessedFileRow, key: string) {
    const kind = modelFileTypeOfName(row.file_name ?? '');
    if (!kind) {
      await conclude(
        context,
        job,
        'FAILED',
        cleared,
        MODEL_MESSAGES.failedWith({ code: 'wrongType', params: {} }),
      );
      return;
    }
    const folder = await makeWorkFolder();
    // Killed when the worker stops or the row moves on (a save that finds nothing to update).
    const stopping = new AbortController();
    const stop = () => stopping.abort();
    context.signal.addEventListener('abort', stop, { once: true });
    try {
      const source = await fetchSource(context, key, folder);
      if (!source) {
        await conclude(
          context,
          job,
          'FAILED',
          cleared,
          MODEL_MESSAGES.failed(`the ${files.fileLabel} is missing`),
        );
        return;
      }
      let result: ModelPipelineResult;
      try {
        result = await runPipeline<ModelPipelineResult>(
          {
            kind: 'model',
            input: { source, kind, workFolder: folder, limits: { reader: context.modelReading } },
          },
          {
            signal: stopping.signal,
            onReport: async (found) => {
              if (!(await advance(context, job, {}, MODEL_MESSAGES.found(found)))) stopping.abort();
            },
          },
        );
      } catch (error) {
        if (stopping.signal.aborted) return;
        if (!(error instanceof GeometryFailure)) throw error;
        const failure = { code: error.code, params: error.params };
        const failed = await conclude(context, job, 'FAILED', cleared, MODEL_MESSAGES.failedWith(failure));
        if (failed)
          await deleteKeys(
            context,
            replacedKeys(await releasedKeys(context.db, files.versions, row.id, row)),
          );
        return;
      }
      const stored = await store(context, result);
      const finished = await conclude(
        context,
        job,
        'FINISHED',
        {
          preview_image_url: stored.preview,
          viewer_model_key: stored.glb,
          geometry_statistics: JSON.stringify(result.statistics),
        },
        MODEL_MESSAGES.finished,
      );
      await deleteKeys(
        context,
        finished
          ? replacedKeys(await releasedKeys(context.db, files.versions, row.id, row))
          : replacedKeys({ preview_image_url: stored.preview, viewer_model_key: stored.glb }),
      );
    } finally {
      context.signal.removeEventListener('abort', stop);
      await rm(folder, { recursive: true, force: true });
    }
  }

  return {
    entity: files.entity,
    table: files.table,

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
      // The queue's pace (PROCESSING_STEP_MS) before the work starts: a run stopped or overtaken meanwhile ends here.
      await context.pause();
      if (!(await advance(context, job, {}, MODEL_MESSAGES.reading))) return;
      // A seeded row without a file keeps what it shows; there is nothing to convert.
      if (!started.file_key) {
        if (await advance(context, job, {}, MODEL_MESSAGES.read('no stored file')))
          await conclude(context, job, 'FINISHED', {}, MODEL_MESSAGES.finished);
        return;
      }
      await convert(context, job, started, started.file_key);
    },
  };
}

/**
 * Puts a row back in the queue (`files.queue` in a transaction of its own), then publishes the change and the
 * lists' reload and hands the job to the processor: a user's (a reprocess), or background work (the demo content).
 */
export async function requeue(
  source: BroadcastSource,
  files: ProcessedFiles,
  id: number,
  message: StoredMessage,
  priority: ProcessingJob['priority'] = 'user',
): Promise<ProcessedFileRow> {
  const { db, processor } = source.server.ctx;
  const row = await db.transaction().execute((trx) => files.queue(trx, id, message));
  await files.publishProgress(source, row, message);
  await files.publishRefresh(source, row.company_id, [row.id]);
  await processor.enqueue(processingJob(files, row, priority));
  return row;
}
