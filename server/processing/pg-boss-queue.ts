/**
 * Processing jobs through pg-boss, a job queue in PostgreSQL: with DATABASE_URL every API process queues jobs in
 * the same database and every worker process (an API process with PROCESSING_WORKER on, or `npm run worker`)
 * fetches them. A job that fails is retried; a job whose worker died (kill -9, a lost machine) expires and is
 * retried by another worker; the queue's 'stately' policy keeps one attempt of one row from running twice at
 * once. Runs themselves are the ProcessingRunner's, as in the embedded queue.
 */
import type { FastifyInstance } from 'fastify';
import PgBoss from 'pg-boss';
import { PIPELINE_LIMITS } from './pipeline-runner';
import {
  jobKey,
  ProcessingRunner,
  type ProcessingJob,
  type ProcessingQueue,
  type ProcessorOptions,
} from './processor';

const QUEUE = 'processing';
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
  private readonly runner: ProcessingRunner;
  private ready: Promise<void> | null = null;
  /** The start under way (stop waits for it, so no start work reaches a database that is going). */
  private starting: Promise<void> | null = null;

  constructor(private readonly options: PgBossQueueOptions) {
    this.runner = new ProcessingRunner(options);
    this.boss = new PgBoss({
      connectionString: options.databaseUrl,
      schema: options.schema,
      max: 4,
      // A run ends within its pipeline's time limit (or an import's steps): one that has not ended a minute after
      // that belonged to a worker that died, and is worked again.
      expireInSeconds:
        Math.ceil(PIPELINE_LIMITS.timeMs / 1000) + Math.max(60, Math.ceil((options.stepMs * 20) / 1000)),
      retryLimit: 5,
      retryDelay: 2,
      schedule: false,
    });
    this.boss.on('error', (error) => this.runner.log?.error({ err: error }, 'The job queue failed'));
  }

  /** Starts pg-boss (creating its schema and the queue on first use); once. */
  private open(): Promise<void> {
    this.ready ??= (async () => {
      await this.boss.start();
      await this.boss.createQueue(QUEUE, { name: QUEUE, policy: 'stately' });
    })();
    return this.ready;
  }

  async enqueue(job: ProcessingJob): Promise<void> {
    if (this.runner.stopped) return;
    await this.open();
    await this.boss.send(QUEUE, job, { singletonKey: jobKey(job) });
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
    for (const job of await this.runner.unfinished()) await this.enqueue(job);
    for (let worker = 0; worker < this.options.concurrency && !this.runner.stopped; worker += 1) {
      await this.boss.work<ProcessingJob>(
        QUEUE,
        { batchSize: 1, pollingIntervalSeconds: POLLING_SECONDS },
        async ([job]) => {
          // A failed run is thrown back to pg-boss, which retries it; a stopped one is retried by another worker.
          await this.runner.run(job.data);
        },
      );
    }
  }

  async idle(): Promise<void> {
    await this.open();
    for (;;) {
      const waiting = await this.boss.getQueueSize(QUEUE, { before: 'completed' });
      if (!waiting && !this.runner.busy) return;
      await new Promise((resolve) => setTimeout(resolve, POLLING_SECONDS * 1000));
    }
  }

  async stop(): Promise<void> {
    await this.runner.stop();
    // A start that failed has been reported by whoever started it.
    await this.starting?.catch(() => undefined);
    if (this.ready) await this.boss.stop({ graceful: true, wait: true, timeout: 5000 });
  }
}
