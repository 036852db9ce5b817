/**
 * What the endpoints of processed files (project models, library items; server/processing/file-processing.ts)
 * share: `POST /{collection}/{id}/reprocess` (FINISHED only, 422 on `status` otherwise; the row is queued again,
 * its geometry events start over, and 'Reprocessing started...' answers once that is saved and published), the
 * downloads of its original file and of the optimized glb (`GET /{collection}/{id}/download/original|optimized`),
 * and the parts of a detail answer about its file, processing history and viewer (issue 28).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import type { GeometryStatistics } from '../../shared/geometry-statistics';
import { authenticate } from '../auth/session';
import type { DB } from '../db/database';
import { invalidField, notFound } from '../http/errors';
import type { EntityRouteOptions } from '../http/crud/entity';
import { IdParams } from '../http/crud/ids';
import type { Language } from '../http/language';
import { MessageSchema } from '../http/schema-types';
import { type ProcessedFiles, requeue } from '../processing/file-processing';
import { MODEL_MESSAGES } from '../processing/model-state';
import { presentEvent } from '../processing/processing-messages';
import { attachmentDisposition } from './downloads';
import { fileUrl } from './files';

/** Geometry events a detail carries, newest first. */
export const GEOMETRY_EVENTS_SHOWN = 50;

export const REPROCESS_STARTED = 'Reprocessing started...';

/** The declared entity (server/http/crud/entity.ts) of a processed file, as reprocessing uses it. */
interface ProcessedFileEntity {
  find(db: DB, companyId: number, id: number): Promise<{ id: number; status: string }>;
  route<S extends FastifySchema>(ability: string, summary: string, schema?: S): EntityRouteOptions<S>;
}

/**
 * Registers `POST /{collection}/{id}/reprocess` of a processed file entity: `noun` names it in the OpenAPI summary,
 * `refused` is the 422's message for a row that is not FINISHED.
 */
export function registerReprocess(
  server: FastifyInstance,
  collection: string,
  entity: ProcessedFileEntity,
  options: { ability: string; noun: string; refused: string; files: ProcessedFiles },
) {
  const summary = `Processes a FINISHED ${options.noun} again (its geometry events start over); 422 for any other status`;
  server.withTypeProvider<TypeBoxTypeProvider>().post(
    `/${collection}/:id/reprocess`,
    entity.route(options.ability, summary, {
      params: IdParams,
      response: { 200: MessageSchema, 404: MessageSchema },
    }),
    async (request) => {
      const { company } = await authenticate(request);
      const row = await entity.find(request.server.ctx.db, company.id, request.params.id);
      if (row.status !== 'FINISHED') throw invalidField('status', options.refused);
      await requeue(request, options.files, row.id, MODEL_MESSAGES.requeued);
      return { message: REPROCESS_STARTED };
    },
  );
}

/** What a detail tells of a processed file's row. */
interface ProcessedFileFields {
  status: string;
  file_name: string | null;
  file_size: number | string | null;
  viewer_model_key: string | null;
  geometry_statistics: GeometryStatistics | null;
}

/**
 * A detail's `file` (its client name and size, null without one), `geometry_events` (newest first, each
 * message in the reader's language with its stored key and parameters), and for the viewer the optimized glb's
 * URL and the figures of the last finished run (null until FINISHED).
 */
export function fileAndHistory(
  request: FastifyRequest,
  row: ProcessedFileFields,
  events: Array<Parameters<typeof presentEvent>[0]>,
  language: Language,
) {
  const finished = row.status === 'FINISHED' || row.status === 'ARCHIVED';
  return {
    file: row.file_name !== null ? { name: row.file_name, size: Number(row.file_size ?? 0) } : null,
    geometry_events: events.map((event) => presentEvent(event, language)),
    viewer_model_url: finished ? fileUrl(request, row.viewer_model_key) : null,
    statistics: finished ? row.geometry_statistics : null,
  };
}

const DOWNLOADS = ['original', 'optimized'] as const;

/**
 * Registers `GET /{collection}/{id}/download/original` (the uploaded file under its own name) and
 * `…/download/optimized` (the glb the viewer loads, named after the record), as attachments for whoever may see
 * the record; 404 when there is no such file (no upload, or not converted yet).
 */
export function registerFileDownloads(
  server: FastifyInstance,
  collection: string,
  entity: ProcessedFileEntity,
  options: { ability: string; noun: string; files: ProcessedFiles },
) {
  server.get<{ Params: { id: number; variant: (typeof DOWNLOADS)[number] } }>(
    `/${collection}/:id/download/:variant`,
    entity.route(
      options.ability,
      `The ${options.noun}'s original file, or the optimized glb its viewer shows, as an attachment`,
      {
        params: Type.Object({
          id: IdParams.properties.id,
          variant: Type.Union(DOWNLOADS.map((v) => Type.Literal(v))),
        }),
        response: { 404: MessageSchema },
      },
    ),
    async (request, reply) => {
      const { company } = await authenticate(request);
      const { db, storage } = request.server.ctx;
      await entity.find(db, company.id, request.params.id);
      const row = await db
        .selectFrom(options.files.table)
        .select(['name', 'status', 'file_key', 'file_name', 'viewer_model_key'])
        .where('id', '=', request.params.id)
        .where('company_id', '=', company.id)
        .executeTakeFirstOrThrow();
      const original = request.params.variant === 'original';
      const key = original
        ? row.file_key
        : row.status === 'FINISHED' || row.status === 'ARCHIVED'
          ? row.viewer_model_key
          : null;
      const stored = key ? await storage.read(key) : null;
      if (!stored) throw notFound('File not found.');
      const name = original ? (row.file_name ?? `${row.name}`) : `${row.name}.glb`;
      return reply
        .header('Content-Type', original ? 'application/octet-stream' : 'model/gltf-binary')
        .header('Content-Length', String(stored.size))
        .header('Content-Disposition', attachmentDisposition(name))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .send(stored.stream);
    },
  );
}
