/**
 * What the jobs run as the user who asked have in common (a list's export, list-export-processing.ts; a large
 * file's import, row-import-processing.ts): a row per job in a table of its own, QUEUED → RUNNING → FINISHED or
 * FAILED, numbered attempts, and a run that calls the API as its user with a token that lives for the run only.
 */
import type { Kysely, Selectable } from 'kysely';
import { discardToken, issueToken } from '../auth/session';
import type { DB } from '../db/database';
import type { Database } from '../db/schema';
import type { ProcessingJob } from './processable';

/** The columns every user job's table has. */
interface UserJobColumns {
  id: number;
  company_id: number;
  user_id: number;
  status: string;
  rows_done: number;
  processing_attempt: number;
}

/** The tables with a user job's columns (list_exports, row_imports). */
export type UserJobTable = {
  [Table in keyof Database]: keyof UserJobColumns extends keyof Database[Table] ? Table : never;
}[keyof Database];

/** The database seen through the job columns of one table (every user job's table has them). */
const jobsOf = (db: DB) => db as unknown as Kysely<Record<string, UserJobColumns>>;

/** The user jobs of a table still to be worked (QUEUED, or RUNNING when a worker stopped), oldest first. */
export function unfinishedUserJobs(table: UserJobTable, entity: string) {
  return async (db: DB): Promise<ProcessingJob[]> => {
    const rows = await jobsOf(db)
      .selectFrom(table)
      .select(['id', 'processing_attempt'])
      .where('status', 'in', ['QUEUED', 'RUNNING'])
      .orderBy('id')
      .execute();
    return rows.map((row) => ({ entity, id: row.id, attempt: row.processing_attempt }));
  };
}

/**
 * Marks the job's attempt RUNNING from its start (no rows done yet), when it is still the row's attempt and
 * unfinished: the row as it now is, or null (a stale attempt, or a job done meanwhile, ends quietly).
 */
export async function startUserJob<Table extends UserJobTable>(
  db: DB,
  table: Table,
  job: ProcessingJob,
): Promise<Selectable<Database[Table]> | null> {
  const name: string = table;
  const started = await jobsOf(db)
    .updateTable(name)
    .set({ status: 'RUNNING', rows_done: 0 })
    .where('id', '=', job.id)
    .where('processing_attempt', '=', job.attempt)
    .where('status', 'in', ['QUEUED', 'RUNNING'])
    .returningAll()
    .executeTakeFirst();
  // Every column is returned: the row of its own table.
  return (started as Selectable<Database[Table]> | undefined) ?? null;
}

/** How long a run's token lives at most: a run that lasts longer answers 401 and fails. */
const RUN_TOKEN_MS = 3_600_000;

/**
 * Works with a token of the job's user on the job's company, which lives for the run only: discarded when `work`
 * ends, however it ends.
 */
export async function asJobUser<Result>(
  db: DB,
  row: Pick<UserJobColumns, 'user_id' | 'company_id'>,
  work: (token: string) => Promise<Result>,
): Promise<Result> {
  const { token } = await issueToken(db, row.user_id, row.company_id, new Date(Date.now() + RUN_TOKEN_MS));
  try {
    return await work(token);
  } finally {
    await discardToken(db, token);
  }
}
