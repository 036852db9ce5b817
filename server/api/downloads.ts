/**
 * Downloads (spec 2 Tools, §3, §6, §7): every member with list-downloads lists them, sees one and fetches its
 * file (`GET /downloads/{id}/download`, saved as `name.extension`); only administrators create, edit and delete
 * them (`POST /admin/downloads`, `PATCH /admin/downloads/{id}`, `DELETE /admin/downloads/{id}`). The file arrives
 * as a finished resumable upload of the kind `download-file` (`upload_id`), is moved into the FileStorage under
 * `downloads/` (never served as a public file) and is removed with its download or when replaced.
 */
import { DOWNLOAD_ABILITIES } from '../../shared/entities/download-values';
import { randomUUID } from 'node:crypto';
import { type Static, Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DOWNLOAD_FILE_UPLOAD, DownloadInputSchema, DownloadSchema } from '../../shared/entities/downloads';
import { authenticate } from '../auth/session';
import { defineEntity } from '../http/crud/entity';
import { IdParams } from '../http/crud/ids';
import { checkUnique, notNullableFields } from '../http/crud/writes';
import { ADMIN_ONLY, type Submitted } from '../http/crud/declaration';
import { notFound } from '../errors/http-errors';
import { FORM_CONTENT_TYPES } from '../http/request-input';
import { attachmentDisposition } from '../http/stored-files';
import { SENT_AS_STORED } from '../http/compression';
import { DataSchema, DeletedSchema, deletedResponse } from '../http/responses';
import { iso, MessageSchema } from '../http/schema-types';
import { finishedUpload, forgetUpload, type FinishedUpload } from '../uploads/incoming-uploads';
import { allValid, notEmptied } from '../http/field-checks';
import { STORAGE_FOLDERS, storageKey } from '../storage/storage-folders';

type DownloadBody = Submitted<Static<typeof DownloadInputSchema>>;

export const downloads = defineEntity({
  collection: 'downloads',
  // Written by this module's own routes (below), which the activity entries name too.
  writeCollection: 'admin/downloads',
  tag: 'downloads',
  model: 'Download',
  entity: 'download',
  table: 'downloads',
  fileColumns: ['file_key'],
  abilities: DOWNLOAD_ABILITIES,
  schemas: { input: DownloadInputSchema, item: DownloadSchema },
  unique: ['name'],
  rows: (db, companyId) =>
    db.selectFrom('downloads').selectAll().where('downloads.company_id', '=', companyId),
  nameOf: (download) => download.name,
  list: () => ({
    sorts: {
      name: 'downloads.name',
      extension: 'downloads.extension',
      created_at: 'downloads.created_at',
      updated_at: 'downloads.updated_at',
    },
    defaultSort: '-created_at',
    search: ['downloads.name'],
  }),
  present: async (_ctx, rows) =>
    rows.map((row) => ({
      id: row.id,
      name: row.name,
      extension: row.extension,
      created_at: iso(row.created_at)!,
      updated_at: iso(row.updated_at)!,
    })),
});

const NOT_NULLABLE = notNullableFields(DownloadInputSchema);

export default async function downloadRoutes(server: FastifyInstance): Promise<void> {
  const app = server;
  const { db, storage, uploads } = app.ctx;
  await downloads.register(app);

  /** Every check of a create or an update in one 422; answers the finished upload the body names. */
  async function checked(request: FastifyRequest, body: DownloadBody, id: number | null) {
    const session = await authenticate(request);
    const [, , upload] = await allValid([
      notEmptied(body, NOT_NULLABLE),
      checkUnique(db, 'downloads', session.company.id, ['name'], body, id, false),
      body.upload_id
        ? finishedUpload(db, uploads, session, body.upload_id, 'upload_id', DOWNLOAD_FILE_UPLOAD)
        : Promise.resolve(null),
    ] as const);
    return upload as FinishedUpload | null;
  }

  /** Moves the upload's bytes into the FileStorage and forgets the upload. */
  async function store(upload: FinishedUpload) {
    const key = storageKey(STORAGE_FOLDERS.downloads, randomUUID());
    await storage.putFile(key, upload.path);
    await forgetUpload(db, uploads, upload.id);
    return { file_key: key, file_size: upload.size };
  }

  app.get<{ Params: IdParams }>(
    '/downloads/:id/download',
    {
      ...downloads.route(
        DOWNLOAD_ABILITIES.list,
        'The file of a download, as an attachment named name.extension',
        {
          params: IdParams,
          response: { 404: MessageSchema },
        },
      ),
      ...SENT_AS_STORED,
    },
    async (request, reply) => {
      const session = await authenticate(request);
      const download = await downloads.find(db, session.company.id, request.params.id);
      const stored = await storage.read(download.file_key);
      if (!stored) throw notFound('File not found.');
      return reply
        .header('Content-Type', 'application/octet-stream')
        .header('Content-Length', String(stored.size))
        .header('Content-Disposition', attachmentDisposition(`${download.name}.${download.extension}`))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .send(stored.stream);
    },
  );

  app.post(
    '/admin/downloads',
    downloads.route(ADMIN_ONLY, 'Creates a download from a finished download-file upload (admin)', {
      consumes: FORM_CONTENT_TYPES,
      body: DownloadInputSchema,
      response: { 201: DataSchema(DownloadSchema) },
    }),
    async (request, reply) => {
      const session = await authenticate(request);
      const body = request.body as DownloadBody;
      const upload = (await checked(request, body, null))!;
      const file = await store(upload);
      const { id } = await db
        .insertInto('downloads')
        .values({ company_id: session.company.id, name: body.name!, extension: body.extension!, ...file })
        .returning('id')
        .executeTakeFirstOrThrow();
      const row = await downloads.find(db, session.company.id, id);
      return reply.status(201).send({ data: await downloads.itemOf({ request, session, db }, row) });
    },
  );

  app.patch<{ Params: IdParams }>(
    '/admin/downloads/:id',
    downloads.route(
      ADMIN_ONLY,
      'Updates a download: every field optional, upload_id replaces the file (admin; multipart: POST + _method=PATCH)',
      {
        consumes: FORM_CONTENT_TYPES,
        params: IdParams,
        body: Type.Partial(DownloadInputSchema),
        response: { 200: DataSchema(DownloadSchema), 404: MessageSchema },
      },
    ),
    async (request) => {
      const session = await authenticate(request);
      const current = await downloads.find(db, session.company.id, request.params.id);
      const body = request.body as DownloadBody;
      const upload = await checked(request, body, current.id);
      const file = upload ? await store(upload) : null;
      await db
        .updateTable('downloads')
        .set({
          ...(body.name ? { name: body.name } : {}),
          ...(body.extension ? { extension: body.extension } : {}),
          ...(file ?? {}),
          updated_at: new Date(),
        })
        .where('id', '=', current.id)
        .where('company_id', '=', session.company.id)
        .execute();
      if (file) await storage.delete(current.file_key);
      const row = await downloads.find(db, session.company.id, current.id);
      return { data: await downloads.itemOf({ request, session, db }, row) };
    },
  );

  app.delete<{ Params: IdParams }>(
    '/admin/downloads/:id',
    downloads.route(ADMIN_ONLY, 'Deletes a download and its file (admin)', {
      params: IdParams,
      response: { 200: DeletedSchema('download'), 404: MessageSchema },
    }),
    async (request) => {
      const session = await authenticate(request);
      const download = await downloads.find(db, session.company.id, request.params.id);
      await db
        .deleteFrom('downloads')
        .where('id', '=', download.id)
        .where('company_id', '=', session.company.id)
        .execute();
      await storage.delete(download.file_key);
      return deletedResponse('download', download.name);
    },
  );
}
