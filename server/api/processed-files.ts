/**
 * What the endpoints of processed files (project models, library items; server/processing/file-processing.ts)
 * share: `POST /{collection}/{id}/reprocess` (FINISHED only, 422 on `status` otherwise; the row is queued again,
 * its geometry events start over, and 'Reprocessing started...' answers once that is saved and published), and
 * the parts of a detail answer about its file and processing history.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifySchema, preValidationHookHandler } from 'fastify';
import { authenticate } from '../auth/session';
import type { DB } from '../db/database';
import { invalidField } from '../http/errors';
import { IdParams } from '../http/crud/ids';
import type { Language } from '../http/language';
import { MessageSchema } from '../http/schema-types';
import { type ProcessedFiles, requeue } from '../processing/file-processing';
import { MODEL_MESSAGES } from '../processing/model-state';
import { presentEvent } from '../processing/processing-messages';

/** Geometry events a detail carries, newest first. */
export const GEOMETRY_EVENTS_SHOWN = 50;

export const REPROCESS_STARTED = 'Reprocessing started...';

/** The declared entity (server/http/crud/entity.ts) of a processed file, as reprocessing uses it. */
interface ProcessedFileEntity {
  find(db: DB, companyId: number, id: number): Promise<{ id: number; status: string }>;
  route<S extends FastifySchema>(
    ability: string,
    summary: string,
    schema?: S,
  ): { preValidation: preValidationHookHandler; schema: S };
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

/**
 * A detail's `file` (its client name and size, null without one) and `geometry_events` (newest first, each
 * message in the reader's language with its stored key and parameters).
 */
export function fileAndHistory(
  row: { file_name: string | null; file_size: number | string | null },
  events: Array<Parameters<typeof presentEvent>[0]>,
  language: Language,
) {
  return {
    file: row.file_name !== null ? { name: row.file_name, size: Number(row.file_size ?? 0) } : null,
    geometry_events: events.map((event) => presentEvent(event, language)),
  };
}
