/**
 * The endpoints of a processed file's kept versions (issue 45, server/processing/file-versions.ts):
 * `GET /{collection}/{id}/versions/{number}/download/original|optimized` (a kept version's files, named with its
 * version, for whoever may see the record) and `POST /{collection}/{id}/versions/{number}/restore` (by the update
 * ability): the kept version becomes the current one again as a new version, history being immutable. A version
 * that was processed comes back as it was, its viewer file, preview, figures and geometry events with it, and
 * FINISHED at once; one that never was is processed again. 404 for a number the record never had kept, 422
 * (`version`) for one without a file.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ActivityMessageKey } from '../http/guarded-route';
import { authenticate } from '../auth/session';
import { invalidField, notFound } from '../errors/http-errors';
import { IdParams } from '../http/crud/ids';
import { MessageSchema } from '../http/schema-types';
import { type ProcessedFiles, processingJob } from '../processing/file-processing';
import {
  isProcessedStatus,
  keepCurrentVersion,
  keptVersion,
  nextVersionColumns,
  restoreGeometryEvents,
} from '../processing/file-versions';
import { addGeometryEvent } from '../processing/geometry-events';
import { MODEL_MESSAGES } from '../processing/model-state';
import {
  DownloadVariantParam,
  type DownloadVariant,
  type ProcessedFileEntity,
  type ProcessedFileRouteOptions,
  sendVersionFile,
} from './processed-files';

export const VERSION_NOT_FOUND = 'Version not found.';
export const VERSION_WITHOUT_FILE = 'This version has no file to restore.';
export const VERSION_RESTORED = 'Version restored.';

const VersionParams = Type.Object({
  id: IdParams.properties.id,
  number: Type.Integer({ minimum: 1, maximum: 2147483647 }),
});

/** `{ message, data }` of a restore: the record's id, name and its new current version. */
const RestoredSchema = Type.Object({
  message: Type.String(),
  data: Type.Object({ id: Type.Integer(), name: Type.String(), version: Type.Integer() }),
});

/**
 * Makes kept version `number` of the record the current one, as its next version, in one transaction (the current
 * one kept first); answers the row and whether it was queued for processing.
 */
async function restoreVersion(
  request: FastifyRequest,
  files: ProcessedFiles,
  userId: number,
  id: number,
  number: number,
) {
  return request.server.ctx.db.transaction().execute(async (trx) => {
    const version = await keptVersion(trx, files.versions, id, number);
    if (!version) throw notFound(VERSION_NOT_FOUND);
    if (!version.file_key) throw invalidField('version', VERSION_WITHOUT_FILE);
    const kept = await keepCurrentVersion(trx, files.table, files.events, files.versions, id);
    const message = MODEL_MESSAGES.restored(number);
    const processed = isProcessedStatus(version.status) && version.viewer_model_key !== null;
    const queued = await files.queue(trx, id, message, {
      file_key: version.file_key,
      file_name: version.file_name,
      file_size: version.file_size === null ? null : Number(version.file_size),
      ...(processed
        ? {
            viewer_model_key: version.viewer_model_key,
            preview_image_url: version.preview_image_url,
            geometry_statistics: version.geometry_statistics && JSON.stringify(version.geometry_statistics),
          }
        : {}),
      ...nextVersionColumns(kept, userId, null, number),
    });
    const restored = { version: kept + 1, message };
    if (!processed) return { row: queued, queued: true, ...restored };
    const now = new Date();
    const row = await trx
      .updateTable(files.table)
      .set({ status: 'FINISHED', status_color: files.colors.FINISHED, started_at: now, finished_at: now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await restoreGeometryEvents(trx, files.events, id, version);
    await addGeometryEvent(trx, files.events, id, message);
    return { row, queued: false, ...restored };
  });
}

/**
 * Registers the version downloads and the restore of a processed file entity; `abilities` as the entity's
 * (`MODEL_ABILITIES`), `activity` the wording of a restore in the user's activity.
 */
export function registerFileVersionRoutes(
  server: FastifyInstance,
  collection: string,
  entity: ProcessedFileEntity,
  options: ProcessedFileRouteOptions & { activity: ActivityMessageKey },
) {
  const { abilities, noun, files } = options;
  server.withTypeProvider<TypeBoxTypeProvider>().get(
    `/${collection}/:id/versions/:number/download/:variant`,
    entity.route(
      abilities.list,
      `A kept version of the ${noun}: its original file, or the optimized glb its viewer showed, as an attachment named with its version`,
      {
        params: Type.Object({ ...VersionParams.properties, variant: DownloadVariantParam }),
        response: { 404: MessageSchema },
      },
    ),
    async (request, reply) => {
      const { company } = await authenticate(request);
      const { db } = request.server.ctx;
      const record = await entity.find(db, company.id, request.params.id);
      const version = await keptVersion(db, files.versions, record.id, request.params.number);
      if (!version) throw notFound(VERSION_NOT_FOUND);
      const { name } = await db
        .selectFrom(files.table)
        .select('name')
        .where('id', '=', record.id)
        .executeTakeFirstOrThrow();
      return sendVersionFile(
        request,
        reply,
        {
          name,
          version: version.number,
          file_key: version.file_key,
          file_name: version.file_name,
          viewer_model_key: isProcessedStatus(version.status) ? version.viewer_model_key : null,
        },
        request.params.variant as DownloadVariant,
      );
    },
  );

  server.withTypeProvider<TypeBoxTypeProvider>().post(
    `/${collection}/:id/versions/:number/restore`,
    entity.route(
      abilities.update,
      `Makes a kept version of the ${noun} its current one again, as a new version (history is immutable): processed, it is FINISHED at once with its files; otherwise it is processed again`,
      {
        params: VersionParams,
        response: { 200: RestoredSchema, 404: MessageSchema },
      },
      { activity: { message: options.activity, param: 'name' } },
    ),
    async (request) => {
      const { company, user } = await authenticate(request);
      const record = await entity.find(request.server.ctx.db, company.id, request.params.id);
      const { row, queued, message, version } = await restoreVersion(
        request,
        files,
        user.id,
        record.id,
        request.params.number,
      );
      await files.publishProgress(request, row, message);
      await files.publishRefresh(request, row.company_id, [row.id]);
      if (queued) await request.server.ctx.processor.enqueue(processingJob(files, row));
      return { message: VERSION_RESTORED, data: { id: row.id, name: row.name, version } };
    },
  );
}
