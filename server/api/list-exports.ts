/**
 * Exports of long lists as jobs (issue 46; the run is server/processing/list-export-processing.ts). A signed-in
 * user asks for one with the list's endpoint and query as the list's page reads them, the columns they see and the
 * format (`POST /list-exports`); the list is read once at once, as the user, so a list they may not read, a query it
 * refuses or one over `LIST_EXPORT_MAX` rows answers before anything is queued. Each user sees and downloads only
 * their own exports (another's answers 404), for `LIST_EXPORT_KEPT_DAYS` days: older ones are removed with their
 * files when the company's next export is asked for.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { type Static, Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  EXPORT_CELL_KINDS,
  LIST_EXPORT_FORMATS,
  LIST_EXPORT_KEPT_DAYS,
  LIST_EXPORT_MAX,
  LIST_EXPORT_STATUSES,
} from '../../shared/list-exports';
import { authenticate } from '../auth/session';
import type { DB } from '../db/database';
import { forbidden, notFound, ValidationError } from '../errors/http-errors';
import { IdParams } from '../http/crud/ids';
import { guard, guarded } from '../http/guarded-route';
import { SENT_AS_STORED } from '../http/compression';
import { requestLanguage } from '../http/language';
import { DataSchema } from '../http/responses';
import { MessageSchema, StringEnum } from '../http/schema-types';
import { attachmentDisposition } from '../http/stored-files';
import {
  announceListExport,
  listExportJob,
  type ListExportRow,
  presentListExport,
} from '../processing/list-export-processing';
import type { FileStorage } from '../storage/storage';

const ExportColumnSchema = Type.Object({
  field: Type.String({ minLength: 1, maxLength: 100 }),
  header: Type.String({ maxLength: 200 }),
  kind: StringEnum(EXPORT_CELL_KINDS),
  labels: Type.Optional(Type.String({ pattern: '^[a-z][a-zA-Z-]*:[a-zA-Z.]+$', maxLength: 100 })),
});

const ListExportBody = Type.Object({
  list: Type.String({ pattern: '^(/[a-z0-9][a-z0-9-]*)+$', maxLength: 255 }),
  /** Empty (or absent) for a list without filters, search or sort. */
  query: Type.Optional(Type.String({ maxLength: 4000 })),
  columns: Type.Array(ExportColumnSchema, { minItems: 1, maxItems: 100 }),
  format: StringEnum(LIST_EXPORT_FORMATS),
  name: Type.String({ minLength: 1, maxLength: 120 }),
  time_zone: Type.String({ minLength: 1, maxLength: 64 }),
});

const ListExportSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  format: StringEnum(LIST_EXPORT_FORMATS),
  status: StringEnum(LIST_EXPORT_STATUSES),
  rows_done: Type.Integer(),
  rows_total: Type.Integer(),
  file_name: Type.String(),
  created_at: Type.String(),
  finished_at: Type.Union([Type.String(), Type.Null()]),
});

/** The parameters a list's page sets itself, which an export's own reading replaces. */
const PAGING = ['page', 'per_page', 'count'];

const knownTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/** The user's exports of the company that are still kept. */
const ownExports = (db: DB, companyId: number, userId: number) =>
  db
    .selectFrom('list_exports')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .where('created_at', '>', new Date(Date.now() - LIST_EXPORT_KEPT_DAYS * 86_400_000));

/** Removes the company's exports older than they are kept, with their files. */
async function removeExpired(db: DB, storage: FileStorage, companyId: number) {
  const removed = await db
    .deleteFrom('list_exports')
    .where('company_id', '=', companyId)
    .where('created_at', '<=', new Date(Date.now() - LIST_EXPORT_KEPT_DAYS * 86_400_000))
    .returning('file_key')
    .execute();
  for (const { file_key: key } of removed) if (key) await storage.delete(key);
}

/**
 * Reads the list's first row as the request's own user: the total of its rows, or the reason it cannot be
 * exported (the user may not read it: 403; no such list, or a query it refuses: 422).
 */
async function listTotal(request: FastifyRequest, list: string, query: URLSearchParams): Promise<number> {
  const first = new URLSearchParams(query);
  first.set('per_page', '1');
  const answer = await request.server.inject({
    method: 'GET',
    url: `/api/v2${list}?${first}`,
    headers: {
      host: request.host,
      authorization: request.headers.authorization ?? '',
      'accept-language': requestLanguage(request),
    },
  });
  if (answer.statusCode === 401 || answer.statusCode === 403) throw forbidden();
  const body = answer.json<{ data?: unknown; meta?: { total?: unknown }; message?: string }>();
  if (answer.statusCode === 400 || answer.statusCode === 422)
    throw new ValidationError({ query: [body.message ?? 'The query field is invalid.'] });
  if (answer.statusCode !== 200 || !Array.isArray(body.data) || typeof body.meta?.total !== 'number')
    throw new ValidationError({ list: ['The selected list is invalid.'] });
  return body.meta.total;
}

export default async function listExportRoutes(server: FastifyInstance): Promise<void> {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const { db, storage, processor } = app.ctx;

  /** The request's user's export of that id, or 404. */
  async function ownExport(request: FastifyRequest, id: number): Promise<ListExportRow> {
    const { user, company } = await authenticate(request);
    const row = await ownExports(db, company.id, user.id).where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound('Export not found.');
    return row;
  }

  app.post(
    '/list-exports',
    guarded(
      guard.signedIn,
      {
        tags: ['list-exports'],
        summary:
          `Exports a list as the user sees it, as a job (at most ${LIST_EXPORT_MAX} rows): progress on the ` +
          'user’s channel, a notification with the download when done',
        body: ListExportBody,
        response: { 201: DataSchema(ListExportSchema), 403: MessageSchema },
      },
      // What leaves the portal is in the activity: 'Exported the list Labels'.
      { activity: { message: 'listExported', param: 'name' } },
    ),
    async (request, reply) => {
      const { user, company } = await authenticate(request);
      const body: Static<typeof ListExportBody> = request.body;
      if (!knownTimeZone(body.time_zone))
        throw new ValidationError({ time_zone: ['The time zone field is invalid.'] });
      if (body.list === '/list-exports' || body.list.startsWith('/list-exports/'))
        throw new ValidationError({ list: ['The selected list is invalid.'] });
      const query = new URLSearchParams(body.query ?? '');
      for (const name of PAGING) query.delete(name);
      const total = await listTotal(request, body.list, query);
      if (total > LIST_EXPORT_MAX)
        throw new ValidationError({
          list: [`The list has ${total} rows; an export holds at most ${LIST_EXPORT_MAX}.`],
        });
      await removeExpired(db, storage, company.id);
      const row = await db
        .insertInto('list_exports')
        .values({
          company_id: company.id,
          user_id: user.id,
          host: request.host,
          list: body.list,
          query: query.toString(),
          columns: JSON.stringify(body.columns),
          format: body.format,
          name: body.name,
          language: requestLanguage(request),
          time_zone: body.time_zone,
          rows_total: total,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      // The bell shows it waiting at once (a bell that read the user's exports before has it from this event).
      await announceListExport(request, row);
      await processor.enqueue(listExportJob(row));
      return reply.status(201).send({ data: presentListExport(row) });
    },
  );

  app.get(
    '/list-exports',
    guarded(
      guard.signedIn,
      {
        tags: ['list-exports'],
        summary: `The user’s own exports of the last ${LIST_EXPORT_KEPT_DAYS} days, newest first (at most 20)`,
        response: { 200: DataSchema(Type.Array(ListExportSchema)) },
      },
      { activity: false },
    ),
    async (request) => {
      const { user, company } = await authenticate(request);
      const rows = await ownExports(db, company.id, user.id).orderBy('id', 'desc').limit(20).execute();
      return { data: rows.map(presentListExport) };
    },
  );

  app.get(
    '/list-exports/:id',
    guarded(
      guard.signedIn,
      {
        tags: ['list-exports'],
        summary: 'One of the user’s own exports: how far it is',
        params: IdParams,
        response: { 200: DataSchema(ListExportSchema), 404: MessageSchema },
      },
      { activity: false },
    ),
    async (request) => ({ data: presentListExport(await ownExport(request, request.params.id)) }),
  );

  // Untyped answers: the file is a stream, which the typed 404 schema would refuse.
  server.get<{ Params: Static<typeof IdParams> }>(
    '/list-exports/:id/download',
    {
      ...guarded(guard.signedIn, {
        tags: ['list-exports'],
        summary: 'The file of one of the user’s own finished exports, as an attachment',
        params: IdParams,
        response: { 404: MessageSchema },
      }),
      ...SENT_AS_STORED,
    },
    async (request, reply) => {
      const row = await ownExport(request, request.params.id);
      const stored = row.status === 'FINISHED' && row.file_key ? await storage.read(row.file_key) : null;
      if (!stored) throw notFound('File not found.');
      const { file_name: fileName } = presentListExport(row);
      return reply
        .header(
          'Content-Type',
          row.format === 'csv'
            ? 'text/csv; charset=utf-8'
            : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        )
        .header('Content-Length', String(stored.size))
        .header('Content-Disposition', attachmentDisposition(fileName))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .send(stored.stream);
    },
  );
}
