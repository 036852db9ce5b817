/**
 * A large file's rows checked or imported as a job (issue 46; queued by `POST /{collection}/import-jobs`,
 * server/http/crud/import.ts): a run sends the job's rows to the collection's own import endpoint
 * (`/import-rows/preview` to check them, `/import-rows` to write them) as the user who asked, with a token of the
 * user's that lives for the run only, on the company's host, naming the job (`IMPORT_JOB_HEADER`) so the endpoint
 * takes more rows than one request may and tells the user's channel how far it is. So a job's rows are checked
 * and written exactly as a small file's: the same validation, the same errors, every row or none in one transaction.
 * The endpoint's answer is the job's outcome (its `data`, or its 422's errors); the rows are then let go.
 *
 * QUEUED → RUNNING → FINISHED (the outcome) or FAILED (the endpoint could not be reached or refused the job: the
 * user lost the right meanwhile). `ImportJobUpdated` tells the user each change. A run stopped by the worker's stop
 * is worked again from the start when a worker starts (nothing was written: the import is one transaction).
 */
import { IMPORT_JOB_EVENT } from '../../shared/events';
import { IMPORT_JOB_HEADER } from '../../shared/import';
import type { DB } from '../db/database';
import { ROW_IMPORT, type RowImportRow } from '../db/row-imports';
import { presentImportJob } from '../http/crud/import';
import { broadcast } from '../realtime/broadcast';
import { channels } from '../realtime/broadcaster';
import type { Processable, ProcessingContext, ProcessingJob } from './processable';
import { asJobUser, startUserJob, unfinishedUserJobs } from './user-jobs';

/** Sets the run's fields, if the attempt is still the row's; the row as it now is, or null when it is not. */
async function save(
  db: DB,
  job: ProcessingJob,
  fields: Partial<Omit<RowImportRow, 'rows' | 'outcome'>> & {
    rows?: string;
    outcome?: string | null;
  },
) {
  const row = await db
    .updateTable('row_imports')
    .set(fields)
    .where('id', '=', job.id)
    .where('processing_attempt', '=', job.attempt)
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

async function announce(context: ProcessingContext, row: RowImportRow) {
  const { id, status, rows_done: done, rows_total: total } = presentImportJob(row);
  await broadcast(context.source, [channels.user(row.company_id, row.user_id)], IMPORT_JOB_EVENT, {
    id,
    status,
    rows_done: done,
    rows_total: total,
  });
}

async function runImport(context: ProcessingContext, job: ProcessingJob): Promise<void> {
  const { db } = context;
  let row = await startUserJob(db, 'row_imports', job);
  if (!row) return;
  await announce(context, row);
  const running = row;
  let outcome: string | null = null;
  try {
    const answer = await asJobUser(db, running, (token) =>
      context.source.server.inject({
        method: 'POST',
        url: `/api/v2/${running.collection}/import-rows${running.write ? '' : '/preview'}`,
        headers: {
          host: running.host,
          authorization: `Bearer ${token}`,
          'accept-language': running.language,
          [IMPORT_JOB_HEADER]: String(running.id),
        },
        payload: { rows: running.rows },
      }),
    );
    if (answer.statusCode === 200) outcome = JSON.stringify({ data: answer.json<{ data: unknown }>().data });
    else if (answer.statusCode === 422)
      outcome = JSON.stringify({ errors: answer.json<{ errors: Record<string, string[]> }>().errors });
    else context.source.log.warn({ job: job.id, status: answer.statusCode }, 'An import job was refused');
  } catch (error) {
    // A worker that stops works the job again when it starts.
    if (context.signal.aborted) throw error;
    context.source.log.warn({ err: error, job: job.id }, 'An import job failed');
  }
  row = await save(db, job, {
    status: outcome ? 'FINISHED' : 'FAILED',
    rows_done: outcome ? row.rows_total : row.rows_done,
    outcome,
    rows: '[]',
    finished_at: new Date(),
  });
  if (row) await announce(context, row);
}

export const rowImportProcessing: Processable = {
  entity: ROW_IMPORT,
  table: 'row_imports',
  unfinished: unfinishedUserJobs('row_imports', ROW_IMPORT),
  run: runImport,
};
