/**
 * What the processing worker knows of the things it processes. An entity that is processed after upload (models
 * today; library items and material imports declare themselves the same way) declares a Processable: the name
 * its jobs carry, the unfinished work to resume, and one run of one processing attempt. Runs publish
 * `GeometryEventsUpdated` and `RefreshProcessorIndex` on the entity's own channel (processing-events.ts).
 */
import type { DB } from '../db/database';
import type { Database } from '../db/schema';
import type { BroadcastSource } from '../realtime/broadcast';
import type { ModelReading } from '../geometry/readers/source-model';
import type { FileStorage } from '../storage/storage';

/**
 * Who waits for a job. 'user': a user's upload, new file or reprocess, whose run that user is waiting to see
 * start. 'background': work nobody is waiting to see start, the demo content (demo-files.ts) and the work resumed
 * when a worker starts (ProcessingRunner.unfinished says why). Background jobs never hold up users' jobs: they take
 * at most one of a worker's slots and only a free one, a user's job starts even when they hold one (processor.ts),
 * and their pipeline processes give the CPU to users' runs, held to a time limit that counts the CPU they got
 * (pipeline-runner.ts).
 */
export type JobPriority = 'user' | 'background';

/** One processing attempt of one entity row: a run of an older attempt finds itself stale and ends. */
export interface ProcessingJob {
  /** The Processable's `entity`, e.g. 'model'. */
  entity: string;
  id: number;
  attempt: number;
  /** A user's job when absent (as were the jobs queued before jobs had priorities). */
  priority?: JobPriority;
}

export const priorityOf = (job: ProcessingJob): JobPriority => job.priority ?? 'user';

/** What a run works with. */
export interface ProcessingContext {
  db: DB;
  storage: FileStorage;
  /** Publishes through the app (the built-in push service or the external one). */
  source: BroadcastSource;
  /** Aborted when the worker stops: a run ends at its next step. */
  signal: AbortSignal;
  /**
   * Waits the pace of one processing step: a background run's `stepMs`, a user's none (rejects when the worker
   * stops meanwhile).
   */
  pause(): Promise<void>;
  /** How model files are read, when the deployment sets it. */
  modelReading?: ModelReading;
}

export interface Processable {
  entity: string;
  /** The table its rows are in (their `processing_attempt` numbers the attempts). */
  table: keyof Database;
  /** The jobs still to be worked, resumed when a worker starts. */
  unfinished(db: DB): Promise<ProcessingJob[]>;
  /** Works one attempt; a stale attempt (queued again, replaced, deleted) ends quietly. */
  run(context: ProcessingContext, job: ProcessingJob): Promise<void>;
}

/** A Processable, told apart from anything else a processing module exports (processables.ts finds them). */
export function isProcessable(value: unknown): value is Processable {
  if (typeof value !== 'object' || value === null) return false;
  const candidate: Partial<Record<keyof Processable, unknown>> = value;
  return (
    typeof candidate.entity === 'string' &&
    typeof candidate.table === 'string' &&
    typeof candidate.unfinished === 'function' &&
    typeof candidate.run === 'function'
  );
}
