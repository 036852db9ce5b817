/**
 * What the processing worker knows of the things it processes. An entity that is processed after upload (models
 * today; library items and material imports declare themselves the same way) declares a Processable: the name
 * its jobs carry, the unfinished work to resume, and one run of one processing attempt. Runs publish
 * `GeometryEventsUpdated` and `RefreshProcessorIndex` on the entity's own channel (processing-events.ts).
 */
import type { DB } from '../db/database';
import type { BroadcastSource } from '../http/broadcast';
import type { FileStorage } from '../storage/storage';

/** One processing attempt of one entity row: a run of an older attempt finds itself stale and ends. */
export interface ProcessingJob {
  /** The Processable's `entity`, e.g. 'model'. */
  entity: string;
  id: number;
  attempt: number;
}

/** What a run works with. */
export interface ProcessingContext {
  db: DB;
  storage: FileStorage;
  /** Publishes through the app (the built-in push service or the external one). */
  source: BroadcastSource;
  /** Aborted when the worker stops: a run ends at its next step. */
  signal: AbortSignal;
  /** Waits the time of one processing step (rejects when the worker stops meanwhile). */
  pause(): Promise<void>;
}

export interface Processable {
  entity: string;
  /** The jobs still to be worked, resumed when a worker starts. */
  unfinished(db: DB): Promise<ProcessingJob[]>;
  /** Works one attempt; a stale attempt (queued again, replaced, deleted) ends quietly. */
  run(context: ProcessingContext, job: ProcessingJob): Promise<void>;
}
