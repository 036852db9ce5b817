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
import { discardToken, issueToken } from '../auth/session';
import type { DB } from '../db/database';
import { ROW_IMPORT, type RowImportRow } from '../db/row-imports';
import { presentImportJob } from '../http/crud/import';
import { broadcast } from '../realtime/broadcast';
import { channels } from '../realtime/broadcaster';
import type { Processable, ProcessingContext, ProcessingJob } from './processable';

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
  const queued = await db
    .selectFrom('row_imports')
    .selectAll()
    .where('id', '=', job.id)
    .where('processing_attempt', '=', job.attempt)
    .where('status', 'in', ['QUEUED', 'RUNNING'])
    .executeTakeFirst();
  if (!queued) return;
  let row = await save(db, job, { status: 'RUNNING', rows_done: 0 });
  if (!row) return;
  await announce(context, row);
  const { token } = await issueToken(db, row.user_id, row.company_id, new Date(Date.now() + 3_600_000));
  let outcome: string | null = null;
  try {
    const answer = await context.source.server.inject({
      method: 'POST',
      url: `/api/v2/${row.collection}/import-rows${row.write ? '' : '/preview'}`,
      headers: {
        host: row.host,
        authorization: `Bearer ${token}`,
        'accept-language': row.language,
        [IMPORT_JOB_HEADER]: String(row.id),
      },
      payload: { rows: row.rows },
    });
    if (answer.statusCode === 200) outcome = JSON.stringify({ data: answer.json<{ data: unknown }>().data });
    else if (answer.statusCode === 422)
      outcome = JSON.stringify({ errors: answer.json<{ errors: Record<string, string[]> }>().errors });
    else context.source.log.warn({ job: job.id, status: answer.statusCode }, 'An import job was refused');
  } catch (error) {
    // A worker that stops works the job again when it starts.
    if (context.signal.aborted) throw error;
    context.source.log.warn({ err: error, job: job.id }, 'An import job failed');
  } finally {
    await discardToken(db, token);
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
  async unfinished(db) {
    const rows = await db
      .selectFrom('row_imports')
      .select(['id', 'processing_attempt'])
      .where('status', 'in', ['QUEUED', 'RUNNING'])
      .orderBy('id')
      .execute();
    return rows.map((row) => ({ entity: ROW_IMPORT, id: row.id, attempt: row.processing_attempt }));
  },
  run: runImport,
};
