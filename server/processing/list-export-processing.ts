/**
 * A list's export as a Processable (issue 46; asked for by `POST /list-exports`, server/api/list-exports.ts): a run
 * reads the list's own endpoint, page after page of `PAGE_SIZE`, as the user who asked (a token of the user's that
 * lives for the run only, on the company's host the export was asked on), so it holds exactly the rows, filters,
 * search, sort and permissions of the list on the user's screen. Each page's rows become cells
 * (shared/list-exports.ts) and go into the file as they come (list-export-files.ts); only the page under way and the
 * keys of the one before it are held, so a list of any length is exported in bounded memory (a row pushed onto the
 * next page by a record added meanwhile is written once). The file is then stored (disk or S3) under
 * `list-exports/`, and the user is told: `ListExportUpdated` on their channel after every page (the bell's
 * progress), and a notification with the download when it is done or why it failed.
 *
 * QUEUED → RUNNING → FINISHED or FAILED. A run belongs to one attempt; a run stopped by the worker's stop is resumed
 * from the start when a worker starts (`unfinished`). A busy answer (503) is waited out as its Retry-After says.
 */
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { Selectable } from 'kysely';
import { LANGUAGES, type Language } from '../../shared/languages';
import {
  type CellTexts,
  exportCell,
  exportFileName,
  LIST_EXPORT_EVENT,
  LIST_EXPORT_MAX,
  type ListExport,
} from '../../shared/list-exports';
import { message } from '../../shared/messages';
import type { DB } from '../db/database';
import type { ListExportsTable } from '../db/schema';
import { renderMessage } from '../http/messages';
import { iso } from '../http/schema-types';
import { type BroadcastSource, broadcast } from '../realtime/broadcast';
import { channels } from '../realtime/broadcaster';
import { announceNotifications, deliverNotification } from '../realtime/notifications-delivery';
import { STORAGE_FOLDERS, storageKey } from '../storage/storage-folders';
import { openExportFile } from './list-export-files';
import { makeWorkFolder } from './pipeline-runner';
import type { Processable, ProcessingContext, ProcessingJob } from './processable';
import { asJobUser, startUserJob, unfinishedUserJobs } from './user-jobs';

export const LIST_EXPORT = 'list-export';

/** Rows read per request. */
export const PAGE_SIZE = 500;

/** How often a busy answer is waited out before the export fails. */
const BUSY_RETRIES = 30;

export type ListExportRow = Selectable<ListExportsTable>;

export const listExportJob = (row: Pick<ListExportRow, 'id' | 'processing_attempt'>): ProcessingJob => ({
  entity: LIST_EXPORT,
  id: row.id,
  attempt: row.processing_attempt,
});

/** An export as the API and its event answer it. */
export function presentListExport(row: ListExportRow): ListExport {
  return {
    id: row.id,
    name: row.name,
    format: row.format,
    status: row.status,
    rows_done: row.rows_done,
    rows_total: row.rows_total,
    file_name: exportFileName(row.name, row.format, row.created_at),
    created_at: iso(row.created_at)!,
    finished_at: iso(row.finished_at),
  };
}

/** Why a run could not read the list: the list's own answer (its status and message). */
class ListUnreadable extends Error {}

/** What a list's page answers. */
interface ListPage {
  data: Array<Record<string, unknown>>;
  meta?: { total?: number };
}

const languageOf = (value: string): Language =>
  (LANGUAGES as readonly string[]).includes(value) ? (value as Language) : 'en';

/** The texts of a row's cells in the export's language. */
function cellTexts(row: ListExportRow): CellTexts {
  const language = languageOf(row.language);
  const text = (key: string) => renderMessage({ key: `lists:export.${key}`, params: {} }, language);
  return {
    yes: text('yes'),
    no: text('no'),
    label: (key, value) => renderMessage({ key: `${key}.${value}`, params: {} }, language, value),
    timeZone: row.time_zone,
  };
}

/** Sets the run's fields, if the attempt is still the row's; the row as it now is, or null when it is not. */
async function save(db: DB, job: ProcessingJob, fields: Partial<ListExportRow>) {
  const { columns, ...rest } = fields;
  const row = await db
    .updateTable('list_exports')
    .set({ ...rest, ...(columns ? { columns: JSON.stringify(columns) } : {}) })
    .where('id', '=', job.id)
    .where('processing_attempt', '=', job.attempt)
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

/** `ListExportUpdated` with the export as it now is, on its user's channel (the bell's progress). */
export async function announceListExport(source: BroadcastSource, row: ListExportRow) {
  await broadcast(source, [channels.user(row.company_id, row.user_id)], LIST_EXPORT_EVENT, {
    export: presentListExport(row),
  });
}

const announce = (context: ProcessingContext, row: ListExportRow) => announceListExport(context.source, row);

/** Tells the user the export is done (with its download) or failed, in a notification of the bell. */
async function notify(context: ProcessingContext, row: ListExportRow) {
  const finished = row.status === 'FINISHED';
  const delivered = await deliverNotification(context.db, {
    companyId: row.company_id,
    userId: row.user_id,
    type: 'downloadsAvailable',
    message: message(`notifications:messages.${finished ? 'listExportReady' : 'listExportFailed'}`, {
      name: row.name,
      count: row.rows_done,
      export_id: row.id,
      file_name: presentListExport(row).file_name,
    }),
  });
  await announceNotifications(context.source, [delivered]);
}

/**
 * Reads one page of the list as the user; waits out a busy answer. Rejects with ListUnreadable when the list
 * refuses (the user lost the right to read it, a filter that no longer exists).
 */
async function readPage(
  context: ProcessingContext,
  row: ListExportRow,
  token: string,
  page: number,
): Promise<ListPage> {
  const query = new URLSearchParams(row.query);
  query.set('per_page', String(PAGE_SIZE));
  query.set('page', String(page));
  for (let attempt = 0; ; attempt += 1) {
    const answer = await context.source.server.inject({
      method: 'GET',
      url: `/api/v2${row.list}?${query}`,
      headers: { host: row.host, authorization: `Bearer ${token}`, 'accept-language': row.language },
    });
    if (answer.statusCode === 200) return answer.json<ListPage>();
    if (answer.statusCode === 503 && attempt < BUSY_RETRIES) {
      const seconds = Number(answer.headers['retry-after']) || 1;
      await delay(Math.min(seconds, 10) * 1000, undefined, { signal: context.signal });
      continue;
    }
    throw new ListUnreadable(`${answer.statusCode}: ${answer.body.slice(0, 200)}`);
  }
}

/**
 * Writes the list's rows into the file at `path`, page after page, read as the user (`token`), and tells the user
 * after each: the row as it then is, or null when the attempt went stale meanwhile.
 */
async function writeRows(
  context: ProcessingContext,
  job: ProcessingJob,
  started: ListExportRow,
  token: string,
  path: string,
): Promise<ListExportRow | null> {
  const { columns } = started;
  const texts = cellTexts(started);
  const file = openExportFile({
    path,
    format: started.format,
    columns,
    language: started.language,
    timeZone: started.time_zone,
    name: started.name,
  });
  let row: ListExportRow | null = started;
  let done = 0;
  let previousKeys = new Set<unknown>();
  const key = columns[0].field;
  for (let page = 1; ; page += 1) {
    context.signal.throwIfAborted();
    const answer = await readPage(context, started, token, page);
    const total = Math.min(answer.meta?.total ?? answer.data.length, LIST_EXPORT_MAX);
    const keys = new Set<unknown>();
    const cells = [];
    for (const record of answer.data) {
      keys.add(record[key]);
      if (previousKeys.has(record[key]) || done + cells.length >= LIST_EXPORT_MAX) continue;
      cells.push(columns.map((column) => exportCell(column, record[column.field], texts)));
    }
    await file.write(cells);
    done += cells.length;
    previousKeys = keys;
    row = await save(context.db, job, { rows_done: done, rows_total: Math.max(total, done) });
    if (!row) return null;
    await announce(context, row);
    if (answer.data.length < PAGE_SIZE || page * PAGE_SIZE >= total) break;
  }
  await file.finish();
  return row;
}

async function runExport(context: ProcessingContext, job: ProcessingJob): Promise<void> {
  const { db, storage } = context;
  let row = await startUserJob(db, 'list_exports', job);
  if (!row) return;
  await announce(context, row);
  const started = row;
  const folder = await makeWorkFolder();
  const path = join(folder, `export.${row.format}`);
  try {
    const written = await asJobUser(db, started, (token) => writeRows(context, job, started, token, path));
    if (!written) return;
    const fileKey = storageKey(
      STORAGE_FOLDERS.listExports,
      `${written.company_id}/${randomUUID()}.${written.format}`,
    );
    await storage.putFile(fileKey, path);
    row = await save(db, job, {
      status: 'FINISHED',
      file_key: fileKey,
      rows_total: written.rows_done,
      finished_at: new Date(),
    });
    if (!row) {
      await storage.delete(fileKey);
      return;
    }
  } catch (error) {
    // A worker that stops resumes the export when it starts again.
    if (context.signal.aborted) throw error;
    context.source.log.warn({ err: error, export: job.id }, 'A list export failed');
    row = await save(db, job, { status: 'FAILED', finished_at: new Date() });
    if (!row) return;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
  await announce(context, row);
  await notify(context, row);
}

export const listExportProcessing: Processable = {
  entity: LIST_EXPORT,
  table: 'list_exports',
  unfinished: unfinishedUserJobs('list_exports', LIST_EXPORT),
  run: runExport,
};
