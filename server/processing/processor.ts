/**
 * The processing worker: one interface (ProcessingQueue) over two engines. The embedded default is an in-process
 * queue worked by `concurrency` runs at a time; with DATABASE_URL the jobs go through pg-boss
 * (./pg-boss-queue.ts) so any number of API and worker processes share them. Both hand each job to the
 * ProcessingRunner, which finds the job's Processable (./processables.ts) and runs it with the steps' pace and the
 * worker's stop signal.
 *
 * On start the unfinished work of every Processable is queued again. `stop()` ends the runs at their next step
 * and waits for them.
 */
import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { DB } from '../db/database';
import type { BroadcastSource } from '../http/broadcast';
import type { FileStorage } from '../storage/storage';
import { sweepWorkFolders } from './pipeline-runner';
import type { Processable, ProcessingJob } from './processable';
import { PROCESSABLES } from './processables';

export type { ProcessingJob };

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
  /** Milliseconds between two steps of a run. */
  stepMs: number;
  /** Runs at the same time (per process). */
  concurrency: number;
  /** The processed entities; every declared one by default. */
  processables?: readonly Processable[];
}

export const jobKey = (job: ProcessingJob) => `${job.entity}:${job.id}:${job.attempt}`;

/** Runs jobs for a queue: the job's Processable, the pace of its steps, the stop signal. */
export class ProcessingRunner {
  private readonly stopping = new AbortController();
  private readonly running = new Set<Promise<void>>();
  private readonly processables: ReadonlyMap<string, Processable>;
  private source: BroadcastSource | null = null;

  constructor(private readonly options: ProcessorOptions) {
    this.processables = new Map((options.processables ?? PROCESSABLES).map((entry) => [entry.entity, entry]));
  }

  get stopped(): boolean {
    return this.stopping.signal.aborted;
  }

  get busy(): boolean {
    return this.running.size > 0;
  }

  /** Publishes through the app from now on; false when it already did. */
  attach(app: FastifyInstance): boolean {
    if (this.source) return false;
    this.source = { server: app, log: app.log };
    return true;
  }

  get log(): BroadcastSource['log'] | null {
    return this.source?.log ?? null;
  }

  /** The unfinished jobs of every Processable; then removes what runs of dead workers left behind. */
  async unfinished(): Promise<ProcessingJob[]> {
    const lists = await Promise.all(
      [...this.processables.values()].map((entry) => entry.unfinished(this.options.db)),
    );
    await sweepWorkFolders();
    return lists.flat();
  }

  /** Works one job; rejects when the run failed (or was stopped), so a queue can retry it. */
  run(job: ProcessingJob): Promise<void> {
    const source = this.source;
    const processable = this.processables.get(job.entity);
    if (!source) return Promise.reject(new Error('The processing runner is not attached to an app'));
    if (!processable) return Promise.reject(new Error(`No processable entity '${job.entity}'`));
    const { db, storage, stepMs } = this.options;
    const signal = this.stopping.signal;
    const run = processable.run(
      { db, storage, source, signal, pause: () => delay(stepMs, undefined, { signal }) },
      job,
    );
    this.running.add(run);
    return run.finally(() => this.running.delete(run));
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    await Promise.allSettled([...this.running]);
  }
}

/** How often the in-process queue works a job again whose run broke. */
export const IN_PROCESS_RETRIES = 3;

/**
 * The embedded default: a queue in this process's memory, `concurrency` runs at a time; a run that breaks is
 * worked again up to IN_PROCESS_RETRIES times.
 */
export class InProcessQueue implements ProcessingQueue {
  private readonly runner: ProcessingRunner;
  private readonly waiting: ProcessingJob[] = [];
  /** Jobs waiting or running, so one attempt is never worked twice. */
  private readonly known = new Set<string>();
  /** How often each known job's run broke. */
  private readonly failures = new Map<string, number>();
  private readonly idleWaiters: Array<() => void> = [];
  private running = 0;
  private started = false;
  private held = false;

  constructor(private readonly options: ProcessorOptions) {
    this.runner = new ProcessingRunner(options);
  }

  async enqueue(job: ProcessingJob): Promise<void> {
    if (this.runner.stopped || this.known.has(jobKey(job))) return;
    this.known.add(jobKey(job));
    this.waiting.push(job);
    this.pump();
  }

  async start(app: FastifyInstance): Promise<void> {
    if (!this.runner.attach(app)) return;
    for (const job of await this.runner.unfinished()) await this.enqueue(job);
    this.started = true;
    this.pump();
  }

  idle(): Promise<void> {
    // The queue's own count: a run the runner has ended may still be on its way back into `waiting` (a retry).
    if (!this.running && !this.waiting.length) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
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
    this.waiting.length = 0;
    this.known.clear();
    this.failures.clear();
    await this.runner.stop();
  }

  private pump(): void {
    if (!this.started || this.runner.stopped || this.held) return;
    while (this.running < this.options.concurrency && this.waiting.length) {
      const job = this.waiting.shift()!;
      this.running += 1;
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
          this.running -= 1;
          if (retry) this.waiting.push(job);
          else {
            this.known.delete(jobKey(job));
            this.failures.delete(jobKey(job));
          }
          this.pump();
          if (!this.running && !this.waiting.length)
            this.idleWaiters.splice(0).forEach((resolve) => resolve());
        });
    }
  }
}
