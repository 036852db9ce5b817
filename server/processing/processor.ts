/**
 * The processing worker: one interface (ProcessingQueue) over two engines. The embedded default is an in-process
 * queue worked by `concurrency` runs at a time; with DATABASE_URL the jobs go through pg-boss
 * (./pg-boss-queue.ts) so any number of API and worker processes share them. Both hand each job to the
 * ProcessingRunner, which finds the job's Processable (found by ./processables.ts) and runs it with the worker's stop
 * signal, a background job at the steps' pace (`stepMs`), a user's at once.
 *
 * On start the unfinished work of every Processable is queued again. `stop()` ends the runs at their next step
 * and waits for them.
 *
 * Jobs have a priority (processable.ts `JobPriority`), and both engines keep to one rule for it, so a user's job
 * never waits for a slot behind background work (the demo content, resumed work): users' jobs may take every one of
 * the `concurrency` slots, first; a background job takes at most one slot (BACKGROUND_SLOTS) and starts only in a
 * free one. A background run therefore never keeps a user's job waiting for a slot; when users' jobs fill the
 * other slots while one runs, the next user's job starts beside it (the one time a process runs `concurrency` + 1
 * pipelines), and the background run's process, lowered to a lower CPU priority while a user's run is under way
 * (pipeline-runner.ts), leaves it the CPU. One background run at a time also leaves the other cores of a small
 * machine to the API and to users' uploads, and keeps the demo content's runs from competing with each other.
 */
import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { DB } from '../db/database';
import type { BroadcastSource } from '../realtime/broadcast';
import type { ModelReading } from '../geometry/readers/source-model';
import type { FileStorage } from '../storage/storage';
import { keepSparePipelineProcess } from './pipeline-processes';
import { PIPELINE_LIMITS, sweepWorkFolders, withRunPriority } from './pipeline-runner';
import { type JobPriority, type Processable, type ProcessingJob, priorityOf } from './processable';

export type { JobPriority, ProcessingJob };

export interface ProcessingQueue {
  /** Queues a job; call after the transaction that queued its row has committed. */
  enqueue(job: ProcessingJob): Promise<void>;
  /** Starts working (events are published through the app) and queues the unfinished work again; once. */
  start(app: FastifyInstance): Promise<void>;
  /** Resolves once nothing is queued or running. */
  idle(): Promise<void>;
  /** Ends every run at its next step and waits for the runs. */
  stop(): Promise<void>;
}

export interface ProcessorOptions {
  db: DB;
  storage: FileStorage;
  /**
   * Milliseconds a background run (the demo content, resumed work) waits before it starts and between two steps:
   * the pace that leaves the machine to the API and to users. A user's run does not wait.
   */
  stepMs: number;
  /** Users' runs at the same time (per process); background runs take one of them, only when it is free. */
  concurrency: number;
  /** The processed entities: every declared one (`declaredProcessables()`, processables.ts) but in tests. */
  processables: readonly Processable[];
  /** How model files are read (the deployment's tessellation and triangle cap); the pipeline's own by default. */
  modelReading?: ModelReading;
  /** Keeps a pipeline process started ahead of the next run while working (pipeline-processes.ts). */
  warmProcess?: boolean;
}

export const jobKey = (job: ProcessingJob) => `${job.entity}:${job.id}:${job.attempt}`;

/** How many background runs a process runs at once. */
export const BACKGROUND_SLOTS = 1;

/** Runs jobs for a queue: the job's Processable, the pace of its steps, the stop signal. */
export class ProcessingRunner {
  private readonly stopping = new AbortController();
  private readonly running = new Set<Promise<void>>();
  private readonly processables: ReadonlyMap<string, Processable>;
  private source: BroadcastSource | null = null;
  private releaseSpare: (() => void) | null = null;

  constructor(private readonly options: ProcessorOptions) {
    this.processables = new Map(options.processables.map((entry) => [entry.entity, entry]));
  }

  get stopped(): boolean {
    return this.stopping.signal.aborted;
  }

  /** Aborted when the runner stops. */
  get signal(): AbortSignal {
    return this.stopping.signal;
  }

  get busy(): boolean {
    return this.running.size > 0;
  }

  /** The runs under way. */
  get runs(): number {
    return this.running.size;
  }

  /** Publishes through the app from now on; false when it already did. */
  attach(app: FastifyInstance): boolean {
    if (this.source) return false;
    this.source = { server: app, log: app.log };
    return true;
  }

  /** Starts keeping a spare pipeline process while this runner works (`warmProcess`). */
  keepWarm(): void {
    if (this.options.warmProcess && !this.releaseSpare && !this.stopped)
      this.releaseSpare = keepSparePipelineProcess(PIPELINE_LIMITS.heapMb);
  }

  get log(): BroadcastSource['log'] | null {
    return this.source?.log ?? null;
  }

  /**
   * The unfinished jobs of every Processable, as background jobs; then removes what runs of dead workers left
   * behind. Resumed work is background work: nobody is waiting to see it start (its upload or reprocess was answered
   * before the worker stopped); it can be a whole backlog, such as the demo content a restart interrupted, which
   * the tables cannot tell from users' files; and as background work it is still worked, each job once and in the
   * order it was queued, but leaves the slots to the uploads that come in once the worker is back.
   */
  async unfinished(): Promise<ProcessingJob[]> {
    const lists = await Promise.all(
      [...this.processables.values()].map((entry) => entry.unfinished(this.options.db)),
    );
    await sweepWorkFolders();
    return lists.flat().map((job) => ({ ...job, priority: 'background' }));
  }

  /** Works one job; rejects when the run failed (or was stopped), so a queue can retry it. */
  run(job: ProcessingJob): Promise<void> {
    const source = this.source;
    const processable = this.processables.get(job.entity);
    if (!source) return Promise.reject(new Error('The processing runner is not attached to an app'));
    if (!processable) return Promise.reject(new Error(`No processable entity '${job.entity}'`));
    const { db, storage, stepMs, modelReading } = this.options;
    const signal = this.stopping.signal;
    const priority = priorityOf(job);
    const paceMs = priority === 'background' ? stepMs : 0;
    // The pipeline processes the run starts get the job's priority.
    const run = withRunPriority(priority, () =>
      processable.run(
        { db, storage, source, signal, modelReading, pause: () => delay(paceMs, undefined, { signal }) },
        job,
      ),
    );
    this.running.add(run);
    return run.finally(() => this.running.delete(run));
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    this.releaseSpare?.();
    await Promise.allSettled([...this.running]);
  }
}

/** How often the in-process queue works a job again whose run broke. */
export const IN_PROCESS_RETRIES = 3;

/**
 * The embedded default: a queue in this process's memory, `concurrency` runs at a time, users' jobs first and
 * background jobs in a free slot, one at a time (above); each priority in the order its jobs came. A run that breaks
 * is worked again up to IN_PROCESS_RETRIES times.
 */
export class InProcessQueue implements ProcessingQueue {
  private readonly runner: ProcessingRunner;
  /** The jobs waiting, by priority. */
  private readonly waiting: Record<JobPriority, ProcessingJob[]> = { user: [], background: [] };
  /** Jobs waiting or running, so one attempt is never worked twice. */
  private readonly known = new Set<string>();
  /** How often each known job's run broke. */
  private readonly failures = new Map<string, number>();
  private readonly idleWaiters: Array<() => void> = [];
  /** The runs under way, by priority. */
  private readonly running: Record<JobPriority, number> = { user: 0, background: 0 };
  private started = false;
  private starting: Promise<void> | null = null;
  private stopping = false;
  private held = false;

  constructor(private readonly options: ProcessorOptions) {
    this.runner = new ProcessingRunner(options);
  }

  async enqueue(job: ProcessingJob): Promise<void> {
    if (this.runner.stopped) return;
    if (this.known.has(jobKey(job))) {
      // A user's job takes the place of the same attempt waiting as background work (as in pg-boss-queue.ts).
      const waiting = this.waiting.background.findIndex((queued) => jobKey(queued) === jobKey(job));
      if (priorityOf(job) === 'user' && waiting >= 0) {
        this.waiting.background.splice(waiting, 1);
        this.waiting.user.push(job);
        this.pump();
      }
      return;
    }
    this.known.add(jobKey(job));
    this.waiting[priorityOf(job)].push(job);
    this.pump();
  }

  /**
   * Takes up the unfinished jobs. Fastify does not wait for its `onListen` hooks (server/server.ts starts the queue
   * from one), so a server closed at once stops the queue while this still reads them: `stop()` waits for it.
   */
  start(app: FastifyInstance): Promise<void> {
    this.starting ??= this.takeUpUnfinished(app);
    return this.starting;
  }

  private async takeUpUnfinished(app: FastifyInstance): Promise<void> {
    if (!this.runner.attach(app)) return;
    this.runner.keepWarm();
    const unfinished = await this.runner.unfinished();
    if (this.stopping) return;
    for (const job of unfinished) await this.enqueue(job);
    this.started = true;
    this.pump();
  }

  idle(): Promise<void> {
    // The queue's own count: a run the runner has ended may still be on its way back into `waiting` (a retry).
    if (this.isIdle) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private get isIdle(): boolean {
    const { user, background } = this.running;
    return !user && !background && !this.waiting.user.length && !this.waiting.background.length;
  }

  /**
   * Jobs queue but none starts until `release()`: what a record shows while QUEUED can be looked at however fast
   * the machine processes (the end-to-end tests' worker servers, tests/e2e/support/server-process.ts).
   */
  hold(): void {
    this.held = true;
  }

  release(): void {
    this.held = false;
    this.pump();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await this.starting?.catch(() => undefined);
    this.waiting.user.length = 0;
    this.waiting.background.length = 0;
    this.known.clear();
    this.failures.clear();
    await this.runner.stop();
  }

  /** The next job that may start now (the rule above), taken from `waiting`; none when none may. */
  private next(): ProcessingJob | undefined {
    const { concurrency } = this.options;
    const { user, background } = this.running;
    if (this.waiting.user.length && user < concurrency) return this.waiting.user.shift();
    if (this.waiting.background.length && background < BACKGROUND_SLOTS && user + background < concurrency)
      return this.waiting.background.shift();
    return undefined;
  }

  private pump(): void {
    if (!this.started || this.runner.stopped || this.held) return;
    for (let job = this.next(); job; job = this.next()) this.launch(job);
  }

  /** Runs a job taken from `waiting`; a run that broke goes back to the end of its priority's jobs. */
  private launch(job: ProcessingJob): void {
    const priority = priorityOf(job);
    this.running[priority] += 1;
    let retry = false;
    void this.runner
      .run(job)
      .catch((error: unknown) => {
        if (this.runner.stopped) return;
        // A run that broke (its pipeline process killed, a lost connection) is worked again, as pg-boss does.
        const failures = (this.failures.get(jobKey(job)) ?? 0) + 1;
        this.failures.set(jobKey(job), failures);
        retry = failures <= IN_PROCESS_RETRIES;
        this.runner.log?.error({ err: error, job, failures }, 'Processing failed');
      })
      .finally(() => {
        this.running[priority] -= 1;
        if (retry) this.waiting[priority].push(job);
        else {
          this.known.delete(jobKey(job));
          this.failures.delete(jobKey(job));
        }
        this.pump();
        if (this.isIdle) this.idleWaiters.splice(0).forEach((resolve) => resolve());
      });
  }
}
