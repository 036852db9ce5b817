/**
 * Processing jobs through pg-boss, a job queue in PostgreSQL: with DATABASE_URL every API process queues jobs in
 * the same database and every worker process (an API process with PROCESSING_WORKER on, or `npm run worker`)
 * fetches them. A job that fails is retried; a job whose worker died (kill -9, a lost machine) expires and is
 * retried by another worker; the queue's 'stately' policy keeps one attempt of one row from running twice at
 * once. Runs themselves are the ProcessingRunner's, as in the embedded queue.
 *
 * Priorities (processor.ts's rule): users' jobs and background jobs are two pg-boss queues. pg-boss's `priority`
 * send option orders the fetch of one queue, so a user's job queued after any number of background jobs would be
 * fetched next; but only by a worker that is free, and every one of them takes a background job whenever no user's
 * job is waiting, so the slots could all be held by background runs when a user's job comes. With a queue of
 * their own, background jobs never reach the `concurrency` workers of users' jobs, which take each user's job as
 * soon as one of them is free, and one loop per process takes background jobs, one at a time, only into a free
 * slot. Users' jobs keep the queue every job went to before jobs had priorities: what an older process queued is
 * a user's job.
 *
 * The 'stately' policy holds within one queue, so each send first looks in the other queue, under a lock of the
 * attempt that every process's sends take (`enqueue`): an attempt is never waiting or running in both, and a user's
 * job moves a waiting background job of the same attempt ahead (a worker that starts resumes, as background work,
 * the rows an API process is queueing at that moment as users' jobs).
 */
import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { backstopOf, PIPELINE_LIMITS } from './pipeline-runner';
import { priorityOf } from './processable';
import {
  jobKey,
  ProcessingRunner,
  type ProcessingJob,
  type ProcessingQueue,
  type ProcessorOptions,
} from './processor';

/** Users' jobs. */
const QUEUE = 'processing';
/** Background jobs (the demo content, resumed work). */
const BACKGROUND_QUEUE = 'processing-background';
/** How often an idle worker asks for jobs, and how often `idle()` looks at the queue. */
const POLLING_SECONDS = 0.5;

export interface PgBossQueueOptions extends ProcessorOptions {
  databaseUrl: string;
  /** The PostgreSQL schema pg-boss keeps its tables in. */
  schema: string;
  /** Work jobs in this process (false: an API process that only queues them). */
  work: boolean;
}

export class PgBossQueue implements ProcessingQueue {
  private readonly boss: PgBoss;
  /** The connections sends run their transactions on (pg-boss's own pool runs each statement on its own). */
  private readonly sends: pg.Pool;
  private sendsEnded: Promise<void> | null = null;
  private readonly runner: ProcessingRunner;
  /** Seconds after which a background job's run belonged to a worker that died (its time limit's backstop). */
  private readonly backgroundExpiry: number;
  private ready: Promise<void> | null = null;
  /** The start under way (stop waits for it, so no start work reaches a database that is going). */
  private starting: Promise<void> | null = null;
  /** The loop working background jobs, once started (stop waits for it, as pg-boss waits for its workers). */
  private background: Promise<void> | null = null;

  constructor(private readonly options: PgBossQueueOptions) {
    this.runner = new ProcessingRunner(options);
    // A run ends within its pipeline's time limit (or an import's steps): one that has not ended a minute after
    // that belonged to a worker that died, and is worked again.
    const margin = Math.max(60, Math.ceil((options.stepMs * 20) / 1000));
    this.backgroundExpiry = Math.ceil(backstopOf(PIPELINE_LIMITS) / 1000) + margin;
    this.boss = new PgBoss({
      connectionString: options.databaseUrl,
      schema: options.schema,
      max: 4,
      expireInSeconds: Math.ceil(PIPELINE_LIMITS.timeMs / 1000) + margin,
      retryLimit: 5,
      retryDelay: 2,
      schedule: false,
    });
    this.boss.on('error', (error) => this.runner.log?.error({ err: error }, 'The job queue failed'));
    this.sends = new pg.Pool({ connectionString: options.databaseUrl, max: 2 });
  }

  /** Starts pg-boss (creating its schema and the queues on first use); once. */
  private open(): Promise<void> {
    this.ready ??= (async () => {
      await this.boss.start();
      for (const name of [QUEUE, BACKGROUND_QUEUE])
        await this.boss.createQueue(name, { name, policy: 'stately' });
    })();
    return this.ready;
  }

  /**
   * Sends the job to its priority's queue, in a transaction that holds the attempt's lock: unless the other queue
   * holds the attempt already, waiting or running. A user's job takes a waiting background job's place; a
   * background job leaves the attempt to the users' queue. The other queue is read from pg-boss's job table (pg-boss
   * 10 finds no job by its key), its rows locked so that no worker fetches one the send is moving.
   */
  async enqueue(job: ProcessingJob): Promise<void> {
    if (this.runner.stopped) return;
    await this.open();
    const key = jobKey(job);
    const user = priorityOf(job) === 'user';
    const client = await this.sends.connect();
    // pg-boss's statements, on the transaction's connection.
    const db: PgBoss.Db = { executeSql: (text, values) => client.query(text, values) };
    try {
      await client.query('begin');
      await client.query('select pg_advisory_xact_lock(hashtext($1), hashtext($2))', [this.jobTable, key]);
      const { rows: held } = await client.query<{ id: string; state: string }>(
        // Locked: a worker's fetch skips them until the send has moved them (or left them).
        `select id, state from ${this.jobTable} where name = $1 and singleton_key = $2 and state < 'completed' for update`,
        [user ? BACKGROUND_QUEUE : QUEUE, key],
      );
      const running = held.some((row) => row.state === 'active');
      if (user ? !running : !held.length) {
        if (held.length)
          await this.boss.deleteJob(
            BACKGROUND_QUEUE,
            held.map((row) => row.id),
            { db },
          );
        if (user) await this.boss.send(QUEUE, job, { singletonKey: key, db });
        else
          await this.boss.send(BACKGROUND_QUEUE, job, {
            singletonKey: key,
            // Its time limit counts the CPU it gets; only the backstop bounds its wall-clock time.
            expireInSeconds: this.backgroundExpiry,
            db,
          });
      }
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  /** pg-boss's job table (its queues are partitions of it), quoted. */
  private get jobTable(): string {
    return `"${this.options.schema.replaceAll('"', '""')}".job`;
  }

  start(app: FastifyInstance): Promise<void> {
    if (!this.runner.attach(app)) return Promise.resolve();
    this.starting = this.begin();
    return this.starting;
  }

  /** Queues the unfinished work again and starts the workers; each step only while not stopped. */
  private async begin(): Promise<void> {
    await this.open();
    if (!this.options.work || this.runner.stopped) return;
    this.runner.keepWarm();
    // pg-boss keeps its jobs through a restart: the ones it holds stay in their queue, with their priority (the
    // sends see them); the work it lost is queued again, as background work (ProcessingRunner.unfinished).
    for (const job of await this.runner.unfinished()) await this.enqueue(job);
    for (let worker = 0; worker < this.options.concurrency && !this.runner.stopped; worker += 1) {
      await this.boss.work<ProcessingJob>(
        QUEUE,
        { batchSize: 1, pollingIntervalSeconds: POLLING_SECONDS },
        async ([job]) => {
          // A failed run is thrown back to pg-boss, which retries it; a stopped one is retried by another worker.
          await this.runLogged(job);
        },
      );
    }
    if (!this.runner.stopped) this.background = this.workBackground();
  }

  /**
   * Works background jobs one at a time, each fetched only while this process has a free slot (processor.ts's
   * rule): pg-boss's `work` fetches as soon as its worker is free, so this loop fetches, completes and fails them
   * itself.
   */
  private async workBackground(): Promise<void> {
    const pause = () =>
      delay(POLLING_SECONDS * 1000, undefined, { signal: this.runner.signal }).catch(() => {});
    while (!this.runner.stopped) {
      let job: PgBoss.Job<ProcessingJob> | undefined;
      try {
        if (this.runner.runs < this.options.concurrency)
          [job] = await this.boss.fetch<ProcessingJob>(BACKGROUND_QUEUE, { batchSize: 1 });
      } catch (error) {
        this.runner.log?.error({ err: error }, 'The job queue failed');
      }
      if (!job) {
        await pause();
        continue;
      }
      try {
        // As pg-boss does for a worker's job: a failed run is retried, a stopped one by another worker.
        if (this.runner.stopped) throw new Error('The worker stopped before the run started');
        await this.runLogged(job);
        await this.boss.complete(BACKGROUND_QUEUE, job.id);
      } catch (error) {
        await this.boss
          .fail(BACKGROUND_QUEUE, job.id, { message: String(error) })
          .catch((failing: unknown) => this.runner.log?.error({ err: failing }, 'The job queue failed'));
      }
    }
  }

  /**
   * Runs the job; a run that broke is logged as the in-process queue logs it (pg-boss retries it without a word),
   * and rejects so that it is retried. A run the stop ended is no failure.
   */
  private async runLogged(job: PgBoss.Job<ProcessingJob>): Promise<void> {
    try {
      await this.runner.run(job.data);
    } catch (error) {
      if (!this.runner.stopped)
        this.runner.log?.error({ err: error, job: job.data, queueJob: job.id }, 'Processing failed');
      throw error;
    }
  }

  async idle(): Promise<void> {
    await this.open();
    for (;;) {
      const waiting =
        (await this.boss.getQueueSize(QUEUE, { before: 'completed' })) +
        (await this.boss.getQueueSize(BACKGROUND_QUEUE, { before: 'completed' }));
      if (!waiting && !this.runner.busy) return;
      await new Promise((resolve) => setTimeout(resolve, POLLING_SECONDS * 1000));
    }
  }

  async stop(): Promise<void> {
    await this.runner.stop();
    // A start that failed has been reported by whoever started it.
    await this.starting?.catch(() => undefined);
    await this.background;
    if (this.ready) await this.boss.stop({ graceful: true, wait: true, timeout: 5000 });
    // Once, however often stop() is called.
    this.sendsEnded ??= this.sends.end();
    await this.sendsEnded;
  }
}
