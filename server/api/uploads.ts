/**
 * Resumable uploads (spec 2 §5, §9: 5,000,000-byte chunks, resumable after a dropped connection) of every declared
 * kind (server/uploads/upload-kinds.ts: model file, library item file, material archive, image): the tus 1.0
 * protocol served by @tus/server, at `/api/v2/uploads` on the tenant API host with the bearer token. POST creates
 * (Upload-Length, Upload-Metadata `filename` and `kind`, 'model-file' when absent), HEAD answers the stored offset,
 * PATCH appends a chunk (`application/offset+octet-stream`; also POST + `X-HTTP-Method-Override: PATCH`), DELETE
 * terminates. CORS preflights are answered by the app's CORS handling.
 *
 * Fastify authenticates (token, tenant, the kind's ability) and checks the request before the tus server gets it:
 * an upload is refused at creation, with a Laravel 422 `{message, errors}`, for an unknown kind, a missing file
 * name, or a name and length its kind does not allow (model files: `.fbx`/`.zip`/`.matz`, 1 byte to
 * MODEL_UPLOAD_MAX_BYTES); an upload id answers 404 to anyone but the user who created it, in the company it was
 * created in. Then the reply is hijacked and the raw request and response go to the tus server (protocol errors
 * such as a 409 offset conflict are its plain-text answers). When the last byte of an upload of a kind that checks
 * content (model and library item files) arrives, a content its name does not promise is refused there and then
 * (issue 31): the last chunk is answered with the 422 `{message, errors: {file}}` in the request's language and the
 * upload is removed, so the portal shows the refusal on the file instead of 'Uploaded'. A finished model-file
 * upload becomes a model's file through `upload_id` (models.ts).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Server as TusServer } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { ServerConfig } from '../config';
import { authenticate, authorize, requireAdmin, requireCompanyLicence, type Session } from '../auth/session';
import type { DB } from '../db/database';
import { type FieldErrors, notFound, ValidationError, validationMessage } from '../errors/http-errors';
import { guard, guarded } from '../http/guarded-route';
import { languageOf, translateBody } from '../http/language';
import {
  forgetUpload,
  forgetUploadRecord,
  isUploadId,
  removeStaleUploads,
} from '../uploads/incoming-uploads';
import type { UploadKind } from '../uploads/upload-kind';
import { DEFAULT_UPLOAD_KIND, UPLOAD_KINDS, uploadKind } from '../uploads/upload-kinds';
const TUS_CHUNK_TYPE = 'application/offset+octet-stream';
const STALE_UPLOAD_SWEEP_MS = 60 * 60 * 1000;

/** `Upload-Metadata: filename bW9kZWwuZmJ4,other …`: comma-separated keys with base64 values. */
function uploadMetadata(header: string | undefined): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const pair of (header ?? '').split(',')) {
    const [key, value = ''] = pair.trim().split(' ');
    if (key) metadata[key] = Buffer.from(value, 'base64').toString('utf8');
  }
  return metadata;
}

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** The kind a creation request names (model files when it names none); 422 for a kind nobody declared. */
function requestedKind(request: FastifyRequest): UploadKind {
  const name = uploadMetadata(header(request, 'upload-metadata')).kind?.trim() || DEFAULT_UPLOAD_KIND;
  const kind = uploadKind(name);
  if (!kind) throw new ValidationError({ kind: ['The selected kind is invalid.'] });
  return kind;
}

/** What the tus server would accept but the kind may not be: its rules on name and length. */
function creationErrors(request: FastifyRequest, kind: UploadKind, config: ServerConfig): FieldErrors {
  const name = uploadMetadata(header(request, 'upload-metadata')).filename?.trim();
  if (!name) return { filename: ['The filename field is required.'] };
  const length = header(request, 'upload-length');
  if (length === undefined || !/^\d+$/.test(length)) {
    return { upload_length: ['The upload length field is required.'] };
  }
  return kind.creationErrors(name, Number(length), config);
}

/** 403 unless the session may upload files of the kind. */
async function authorizeKind(db: DB, session: Session, kind: UploadKind | undefined): Promise<void> {
  if (!kind) throw notFound('Upload not found.');
  if (kind.adminOnly) requireAdmin(session);
  if (kind.ability) authorize(session, kind.ability);
  if (kind.licence) await requireCompanyLicence(db, session, kind.licence);
}

const IdParams = Type.Object({ id: Type.String() });
/**
 * Every upload route needs a session; which kinds it may upload (or resume) is the handler's check, as the kind
 * is named in the request (creation) or by the upload's record. An upload is recorded in the activity by the write
 * that uses it, not by itself.
 */
const uploadRoute = <S extends FastifySchema>(summary: string, schema?: S) =>
  guarded(guard.signedIn, { tags: ['uploads'], summary, ...(schema as S) }, { activity: false });

export default async function uploadRoutes(server: FastifyInstance): Promise<void> {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config, uploads } = app.ctx;
  // The session of each creation request, by its Node request (what the tus hooks can see of it).
  const creators = new WeakMap<object, Session>();

  const tus = new TusServer({
    path: `${server.prefix}/uploads`,
    datastore: uploads.datastore,
    // The largest of any kind: each kind's own limit is checked at creation.
    maxSize: Math.max(...UPLOAD_KINDS.map((kind) => kind.maxBytes(config))),
    relativeLocation: true,
    // CORS is the app's (@fastify/cors, with the portal's origins): the tus server adds no origin of its own.
    allowedOrigins: () => false,
    async onUploadCreate(request, upload) {
      const node = request.runtime?.node?.req;
      const session = node ? creators.get(node) : undefined;
      if (!session) throw { status_code: 500, body: 'Upload without a session\n' };
      await db
        .insertInto('uploads')
        .values({
          id: upload.id,
          kind: upload.metadata?.kind?.trim() || DEFAULT_UPLOAD_KIND,
          company_id: session.company.id,
          user_id: session.user.id,
          file_name: (upload.metadata?.filename ?? '').trim(),
          size: upload.size ?? 0,
        })
        .execute();
      return {};
    },
    async onUploadFinish(request, upload) {
      const kind = uploadKind(upload.metadata?.kind?.trim() || DEFAULT_UPLOAD_KIND);
      const path = kind?.contentErrors ? await uploads.finishedFile(upload.id, upload.size ?? 0) : null;
      if (!kind?.contentErrors || !path) return {};
      const errors = await kind.contentErrors((upload.metadata?.filename ?? '').trim(), path);
      if (!Object.keys(errors).length) return {};
      await forgetUpload(db, uploads, upload.id);
      const language = languageOf(request.headers.get('accept-language') ?? undefined);
      return {
        status_code: 422,
        headers: { 'Content-Type': 'application/json; charset=utf-8', 'Content-Language': language },
        body: JSON.stringify(translateBody({ message: validationMessage(errors), errors }, language)),
      };
    },
  });

  // The chunk bodies stream straight to the tus store: Fastify leaves them unread.
  app.addContentTypeParser(TUS_CHUNK_TYPE, (_request, _payload, done) => done(null));

  const sweep = () =>
    removeStaleUploads(db, uploads).catch((error: unknown) =>
      app.log.error({ err: error }, 'Removing stale uploads failed'),
    );
  await sweep();
  const sweeper = setInterval(sweep, STALE_UPLOAD_SWEEP_MS);
  sweeper.unref();
  app.addHook('onClose', async () => clearInterval(sweeper));

  /** Hands the request to the tus server, keeping the headers Fastify set (CORS). */
  async function handOver(request: FastifyRequest, reply: FastifyReply, method: string): Promise<void> {
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) reply.raw.setHeader(name, value);
    }
    // POST + X-HTTP-Method-Override (tus-js-client's `overridePatchMethod`) reaches tus as the method it names.
    request.raw.method = method;
    reply.hijack();
    try {
      await tus.handle(request.raw, reply.raw);
    } catch (error) {
      request.log.error({ err: error }, 'The upload server failed');
      if (reply.raw.headersSent) reply.raw.destroy();
      else reply.raw.writeHead(500, { 'Content-Type': 'application/json' }).end('{"message":"Server Error"}');
    }
  }

  /**
   * The upload must be the session user's, in the session's company: 404 for anyone else; 403 when the user may
   * no longer upload its kind.
   */
  async function ownUpload(request: FastifyRequest, id: string): Promise<string> {
    const session = await authenticate(request);
    const row = isUploadId(id)
      ? await db
          .selectFrom('uploads')
          .select(['id', 'kind'])
          .where('id', '=', id)
          .where('company_id', '=', session.company.id)
          .where('user_id', '=', session.user.id)
          .executeTakeFirst()
      : undefined;
    if (!row) throw notFound('Upload not found.');
    await authorizeKind(db, session, uploadKind(row.kind));
    return row.id;
  }

  app.post(
    '/uploads',
    uploadRoute(
      `Creates a resumable (tus 1.0) upload: Upload-Length, Upload-Metadata filename and kind (${UPLOAD_KINDS.map((kind) => kind.name).join(', ')}; ${DEFAULT_UPLOAD_KIND} when absent), each kind with its own types, size and ability`,
    ),
    async (request, reply) => {
      const session = await authenticate(request);
      const kind = requestedKind(request);
      await authorizeKind(db, session, kind);
      const errors = creationErrors(request, kind, config);
      if (Object.keys(errors).length) throw new ValidationError(errors);
      creators.set(request.raw, session);
      await handOver(request, reply, 'POST');
    },
  );

  app.head(
    '/uploads/:id',
    uploadRoute('The stored offset of an upload (Upload-Offset, Upload-Length)', {
      params: IdParams,
    }),
    async (request, reply) => {
      await ownUpload(request, request.params.id);
      await handOver(request, reply, 'HEAD');
    },
  );

  app.patch(
    '/uploads/:id',
    uploadRoute('Appends a chunk at Upload-Offset (application/offset+octet-stream)', {
      params: IdParams,
      consumes: [TUS_CHUNK_TYPE],
    }),
    async (request, reply) => {
      await ownUpload(request, request.params.id);
      // A POST here is a spoofed PATCH (request-input.ts allows no other): tus must see the PATCH.
      await handOver(request, reply, 'PATCH');
    },
  );

  app.delete(
    '/uploads/:id',
    uploadRoute('Terminates an upload and removes what was received', {
      params: IdParams,
    }),
    async (request, reply) => {
      const id = await ownUpload(request, request.params.id);
      // The record goes first: tus answers 204 as soon as it has removed the files, and a client that then
      // names the upload must find nothing.
      await forgetUploadRecord(db, id);
      await handOver(request, reply, 'DELETE');
    },
  );
}
