/**
 * The in-process model processor: a queue worked by `concurrency` runs at a time. A run moves a queued model
 * QUEUED → PROCESSING (started_at) → a geometry event per step, `stepMs` apart ('Reading geometry', 'Optimising
 * meshes', 'Baking materials', 'Generating preview') → FINISHED (finished_at, a generated preview image) or FAILED
 * (the file is not a usable FBX or zip: the event says why). Every change is saved with its geometry event and
 * published (model-events.ts). A run belongs to one processing attempt of its model: once the model is queued
 * again, replaced or deleted, the run's next save finds nothing to update and the run ends quietly.
 *
 * On start it resumes every unfinished model it was ever asked to process (a stored file, or an attempt): seeded
 * models without a file keep their status. `stop()` ends the runs at their next step and waits for them.
 */
import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { Updateable } from 'kysely';
import type { DB } from '../db/database';
import type { ModelStatus, ProjectModelsTable } from '../db/schema';
import { MODEL_STATUS_COLORS } from '../db/status-colors';
import type { BroadcastSource } from '../http/broadcast';
import type { FileStorage } from '../storage/storage';
import { type Inspection, inspectModelFile } from './inspection';
import { publishGeometryEvent, publishProcessorRefresh } from './model-events';
import { modelFileTypeOfName } from './model-file';
import {
  addGeometryEvent,
  isProcessorWork,
  MODEL_MESSAGES,
  type ModelRow,
  UNFINISHED_STATUSES,
} from './model-state';
import { isStorageKey, storeModelPreview } from './preview';

export interface ProcessingJob {
  modelId: number;
  /** The model's `processing_attempt` this run belongs to. */
  attempt: number;
}

export interface ProcessorOptions {
  db: DB;
  storage: FileStorage;
  /** Milliseconds between two steps of a run. */
  stepMs: number;
  /** Runs at the same time. */
  concurrency: number;
}

const jobKey = (job: ProcessingJob) => `${job.modelId}:${job.attempt}`;

export class ModelProcessor {
  private readonly waiting: ProcessingJob[] = [];
  /** Jobs waiting or running, so one attempt of a model is never worked twice. */
  private readonly known = new Set<string>();
  private readonly running = new Set<Promise<void>>();
  private readonly stopping = new AbortController();
  private readonly idleWaiters: Array<() => void> = [];
  private source: BroadcastSource | null = null;

  constructor(private readonly options: ProcessorOptions) {}

  /** Queues a model's current attempt; call after the transaction that queued it has committed. */
  enqueue(job: ProcessingJob): void {
    if (this.stopping.signal.aborted || this.known.has(jobKey(job))) return;
    this.known.add(jobKey(job));
    this.waiting.push(job);
    this.pump();
  }

  /** Starts working (events are published through the app) and resumes the unfinished models; once. */
  async start(app: FastifyInstance): Promise<void> {
    if (this.source) return;
    this.source = { server: app, log: app.log };
    const unfinished = await this.options.db
      .selectFrom('project_models')
      .select(['id', 'processing_attempt'])
      .where('deleted_at', 'is', null)
      .where('status', 'in', UNFINISHED_STATUSES)
      .where(isProcessorWork)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    for (const row of unfinished) this.enqueue({ modelId: row.id, attempt: row.processing_attempt });
    this.pump();
  }

  /** Resolves once nothing is queued or running. */
  idle(): Promise<void> {
    if (!this.running.size && !this.waiting.length) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Ends every run at its next step, drops the queue and waits for the runs. */
  async stop(): Promise<void> {
    this.stopping.abort();
    this.waiting.length = 0;
    this.known.clear();
    await Promise.allSettled([...this.running]);
  }

  private pump(): void {
    const source = this.source;
    if (!source || this.stopping.signal.aborted) return;
    while (this.running.size < this.options.concurrency && this.waiting.length) {
      const job = this.waiting.shift()!;
      const run: Promise<void> = this.process(source, job)
        .catch((error: unknown) => {
          if (!this.stopping.signal.aborted)
            source.log.error({ err: error, modelId: job.modelId }, 'Processing a model failed');
        })
        .finally(() => {
          this.running.delete(run);
          this.known.delete(jobKey(job));
          this.pump();
          if (!this.running.size && !this.waiting.length)
            this.idleWaiters.splice(0).forEach((resolve) => resolve());
        });
      this.running.add(run);
    }
  }

  private pause(): Promise<void> {
    return delay(this.options.stepMs, undefined, { signal: this.stopping.signal });
  }

  private async process(source: BroadcastSource, job: ProcessingJob): Promise<void> {
    const started = await this.advance(
      source,
      job,
      { status: 'PROCESSING', started_at: new Date(), finished_at: null },
      MODEL_MESSAGES.started,
      UNFINISHED_STATUSES,
    );
    if (!started) return;
    await this.pause();
    if (!(await this.advance(source, job, {}, MODEL_MESSAGES.reading))) return;
    const inspection = await this.inspect(started);
    if (!inspection.ok) {
      await this.conclude(source, job, 'FAILED', {}, MODEL_MESSAGES.failed(inspection.reason));
      return;
    }
    if (started.file_key && !(await this.advance(source, job, {}, MODEL_MESSAGES.read(inspection.summary))))
      return;
    for (const message of [MODEL_MESSAGES.optimising, MODEL_MESSAGES.baking, MODEL_MESSAGES.preview]) {
      await this.pause();
      if (!(await this.advance(source, job, {}, message))) return;
    }
    const preview = await storeModelPreview(this.options.storage, started.id, started.name);
    await this.pause().catch(async (error: unknown) => {
      await this.options.storage.delete(preview);
      throw error;
    });
    const finished = await this.conclude(
      source,
      job,
      'FINISHED',
      { preview_image_url: preview },
      MODEL_MESSAGES.finished,
    );
    if (!finished) await this.options.storage.delete(preview);
    else if (isStorageKey(started.preview_image_url) && started.preview_image_url !== preview)
      await this.options.storage.delete(started.preview_image_url);
  }

  /** Reads the model's file; a model without one (seeded, then reprocessed) has nothing to refuse. */
  private async inspect(model: ModelRow): Promise<Inspection> {
    if (!model.file_key) return { ok: true, summary: 'no stored file' };
    const type = modelFileTypeOfName(model.file_name ?? '');
    if (!type) return { ok: false, reason: 'the file is neither an FBX file nor a zip archive' };
    const stored = await this.options.storage.read(model.file_key);
    if (!stored) return { ok: false, reason: 'the model file is missing' };
    try {
      return await inspectModelFile(stored.stream, type);
    } catch {
      return { ok: false, reason: 'the model file could not be read' };
    }
  }

  /**
   * Saves a change of this run's attempt with its geometry event and publishes it; null (nothing saved) when the
   * run is stale: the model was queued again, deleted, or is not in one of `from`.
   */
  private async advance(
    source: BroadcastSource,
    job: ProcessingJob,
    changes: Updateable<ProjectModelsTable>,
    message: string,
    from: ModelStatus[] = ['PROCESSING'],
  ): Promise<ModelRow | null> {
    if (this.stopping.signal.aborted) return null;
    const status = changes.status as ModelStatus | undefined;
    const row = await this.options.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('project_models')
        .set({
          ...changes,
          ...(status ? { status_color: MODEL_STATUS_COLORS[status] } : {}),
          updated_at: new Date(),
        })
        .where('id', '=', job.modelId)
        .where('processing_attempt', '=', job.attempt)
        .where('deleted_at', 'is', null)
        .where('status', 'in', from)
        .returningAll()
        .executeTakeFirst();
      if (updated) await addGeometryEvent(trx, updated.id, message);
      return updated ?? null;
    });
    if (row) await publishGeometryEvent(source, row, message);
    return row;
  }

  /** The last change of a run: FINISHED or FAILED, with finished_at; the processor list reloads. */
  private async conclude(
    source: BroadcastSource,
    job: ProcessingJob,
    status: 'FINISHED' | 'FAILED',
    changes: Updateable<ProjectModelsTable>,
    message: string,
  ): Promise<ModelRow | null> {
    const row = await this.advance(source, job, { ...changes, status, finished_at: new Date() }, message);
    if (row) await publishProcessorRefresh(source, row.company_id, [row.id]);
    return row;
  }
}
