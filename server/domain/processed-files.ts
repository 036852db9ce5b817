/**
 * What the endpoints of processed files (project models, library items; server/processing/file-processing.ts)
 * share: the create and the update that bring a file (`createProcessedFile`, `updateProcessedFile`: the file stored,
 * the row queued with 'File received' as its event, after the commit the lists' reload and the job),
 * `POST /{collection}/{id}/reprocess` (FINISHED or FAILED, issue 31; 422 on `status` otherwise; the row is queued again,
 * its geometry events start over, and 'Reprocessing started...' answers once that is saved and published), the
 * downloads of its original file and of the optimized glb (`GET /{collection}/{id}/download/original|optimized`),
 * and the parts of a detail answer about its file, processing history and viewer (issue 28).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { versionedFileName } from '../../shared/file-version-names';
import type { GeometryStatistics } from '../../shared/geometry-statistics';
import { isReprocessable } from '../../shared/entities/model-values';
import { authenticate } from '../auth/session';
import type { DB } from '../db/database';
import { invalidField, notFound } from '../errors/http-errors';
import type { AbilityRequirement, CrudContext, Followup } from '../http/crud/declaration';
import type { EntityRouteOptions } from '../http/crud/declared-entity';
import type { RouteDeclaration } from '../http/guarded-route';
import { IdParams } from '../http/crud/ids';
import { type Language, requestLanguage } from '../http/language';
import { iso, MessageSchema } from '../http/schema-types';
import {
  type ProcessedFileChanges,
  type ProcessedFiles,
  processingJob,
  requeue,
} from '../processing/file-processing';
import { addGeometryEvent, type GeometryEventTable, geometryEventsOf } from '../processing/geometry-events';
import { MODEL_MESSAGES } from '../processing/model-state';
import { presentEvent } from '../processing/processing-messages';
import { attachmentDisposition, fileUrl, viewerFileUrls } from '../http/stored-files';
import { type IncomingModelFile, storeModelFile, type StoredModelFile } from '../uploads/model-file-input';
import type { StorageFolder } from '../storage/storage-folders';
import { inTransaction } from '../db/in-transaction';
import {
  type CurrentVersionRow,
  keepCurrentVersion,
  nextVersionColumns,
  versionHistory,
} from '../processing/file-versions';

/** Geometry events a detail carries, newest first. */
export const GEOMETRY_EVENTS_SHOWN = 50;

const EVENT_FIELDS = ['message', 'message_key', 'message_params', 'created_at'] as const;

/** The latest geometry event of each of these rows (a list's `latest_geometry_event`, when asked for), by row id. */
export async function latestGeometryEvents(
  db: DB,
  events: GeometryEventTable,
  ids: readonly number[],
  wanted: boolean,
) {
  if (!wanted || !ids.length) return new Map<number, Parameters<typeof presentEvent>[0]>();
  const { query, owner } = geometryEventsOf(db, events);
  const latest = await query
    .distinctOn(owner)
    .select([...EVENT_FIELDS, owner.as('owner_id')])
    .where(owner, 'in', ids)
    .orderBy(owner)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return new Map(latest.map(({ owner_id, ...event }) => [owner_id, event]));
}

/** A row's latest geometry events, newest first (a detail's history). */
export function geometryHistory(db: DB, events: GeometryEventTable, id: number) {
  const { query, owner } = geometryEventsOf(db, events);
  return query
    .select(EVENT_FIELDS)
    .where(owner, '=', id)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(GEOMETRY_EVENTS_SHOWN)
    .execute();
}

export const REPROCESS_STARTED = 'Reprocessing started...';

/** The declared entity (server/http/crud/entity.ts) of a processed file, as reprocessing uses it. */
export interface ProcessedFileEntity {
  find(db: DB, companyId: number, id: number): Promise<{ id: number; status: string }>;
  route<S extends FastifySchema>(
    ability: AbilityRequirement,
    summary: string,
    schema?: S,
    declaration?: RouteDeclaration,
  ): EntityRouteOptions<S>;
}

/**
 * Registers `POST /{collection}/{id}/reprocess` of a processed file entity: `noun` names it in the OpenAPI summary,
 * `refused` is the 422's message for a row that is not FINISHED.
 */
export function registerReprocess(
  server: FastifyInstance,
  collection: string,
  entity: ProcessedFileEntity,
  options: { ability: AbilityRequirement; noun: string; refused: string; files: ProcessedFiles },
) {
  const summary = `Processes a FINISHED or FAILED ${options.noun} again (its geometry events start over); 422 for any other status`;
  server.withTypeProvider<TypeBoxTypeProvider>().post(
    `/${collection}/:id/reprocess`,
    entity.route(options.ability, summary, {
      params: IdParams,
      response: { 200: MessageSchema, 404: MessageSchema },
    }),
    async (request) => {
      const { company } = await authenticate(request);
      const row = await entity.find(request.server.ctx.db, company.id, request.params.id);
      if (!isReprocessable(row.status)) throw invalidField('status', options.refused);
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
    ...viewerFileUrls(request, finished ? row.viewer_model_key : null, row.geometry_statistics),
    statistics: finished ? row.geometry_statistics : null,
  };
}

/** A detail's `version` (the current one's number) and `versions` (every version, newest first). */
export async function versionFields(
  { db, request }: CrudContext,
  files: ProcessedFiles,
  row: CurrentVersionRow,
) {
  return { version: row.version, versions: await versionHistory(db, request, files.versions, row) };
}

export const DOWNLOADS = ['original', 'optimized'] as const;

export type DownloadVariant = (typeof DOWNLOADS)[number];

/** The download variant's path parameter. */
export const DownloadVariantParam = Type.Union(DOWNLOADS.map((variant) => Type.Literal(variant)));

/** The files one version of a processed file has to download. */
export interface VersionFiles {
  /** The record's name (the optimized glb is saved under it). */
  name: string;
  version: number;
  file_key: string | null;
  file_name: string | null;
  /** The optimized glb, where the version was processed. */
  viewer_model_key: string | null;
}

/**
 * Sends one version's original file (under the uploaded file's name) or optimized glb (under the record's name),
 * each name with its version (`chair v2.fbx`, `Chair v2.glb`), as an attachment; 404 when there is no such file.
 */
export async function sendVersionFile(
  request: FastifyRequest,
  reply: FastifyReply,
  files: VersionFiles,
  variant: DownloadVariant,
) {
  const original = variant === 'original';
  const key = original ? files.file_key : files.viewer_model_key;
  const stored = key ? await request.server.ctx.storage.read(key) : null;
  if (!stored) throw notFound('File not found.');
  const name = versionedFileName(
    original ? (files.file_name ?? files.name) : `${files.name}.glb`,
    files.version,
  );
  return reply
    .header('Content-Type', original ? 'application/octet-stream' : 'model/gltf-binary')
    .header('Content-Length', String(stored.size))
    .header('Content-Disposition', attachmentDisposition(name))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, no-store')
    .send(stored.stream);
}

/**
 * Registers `GET /{collection}/{id}/download/original` (the uploaded file) and `…/download/optimized` (the glb its
 * viewer loads) of the current version (`sendVersionFile`), for whoever may see the record; 404 when there is no
 * such file (no upload, or not converted yet).
 */
export function registerFileDownloads(
  server: FastifyInstance,
  collection: string,
  entity: ProcessedFileEntity,
  options: { ability: AbilityRequirement; noun: string; files: ProcessedFiles },
) {
  server.get<{ Params: { id: number; variant: DownloadVariant } }>(
    `/${collection}/:id/download/:variant`,
    entity.route(
      options.ability,
      `The ${options.noun}'s original file, or the optimized glb its viewer shows, as an attachment (named with its version)`,
      {
        params: Type.Object({ id: IdParams.properties.id, variant: DownloadVariantParam }),
        response: { 404: MessageSchema },
      },
    ),
    async (request, reply) => {
      const { company } = await authenticate(request);
      const { db } = request.server.ctx;
      await entity.find(db, company.id, request.params.id);
      const row = await db
        .selectFrom(options.files.table)
        .select(['name', 'status', 'file_key', 'file_name', 'viewer_model_key', 'version'])
        .where('id', '=', request.params.id)
        .where('company_id', '=', company.id)
        .executeTakeFirstOrThrow();
      const processed = row.status === 'FINISHED' || row.status === 'ARCHIVED';
      return sendVersionFile(
        request,
        reply,
        { ...row, viewer_model_key: processed ? row.viewer_model_key : null },
        request.params.variant,
      );
    },
  );
}

/** The columns of a new processed file's row that are no entity's own: queued with its file, by its uploader. */
export type QueuedFileColumns = StoredModelFile & {
  company_id: number;
  uploader_id: number;
  /** Version 1's uploader (file-versions.ts). */
  version_uploader_id: number;
  status: 'QUEUED';
  status_color: string;
  preview_image_url: null;
  started_at: null;
  finished_at: null;
  deleted_at: null;
  processing_attempt: 1;
};

/**
 * Creates a processed file's record from the file its request brings (checked by `incomingModelFile`): the file is
 * stored under `folder`, `insert` saves the row with `columns` (and what else is the entity's, in the same
 * transaction), and 'File received' is its first geometry event; a row that is not saved takes its stored file with
 * it. Answers the new id and what follows the commit: the processor lists reload and the job is queued.
 */
export async function createProcessedFile(
  { db, session, request }: CrudContext,
  files: ProcessedFiles,
  file: IncomingModelFile,
  folder: StorageFolder,
  insert: (trx: DB, columns: QueuedFileColumns) => Promise<{ id: number; processing_attempt: number }>,
): Promise<{ id: number; followup: Followup }> {
  const app = request.server;
  const stored = await storeModelFile(app, file, folder);
  const row = await db
    .transaction()
    .execute(async (trx) => {
      const created = await insert(trx, {
        company_id: session.company.id,
        uploader_id: session.user.id,
        version_uploader_id: session.user.id,
        status: 'QUEUED',
        status_color: files.colors.QUEUED,
        preview_image_url: null,
        started_at: null,
        finished_at: null,
        deleted_at: null,
        processing_attempt: 1,
        ...stored,
      });
      await addGeometryEvent(trx, files.events, created.id, MODEL_MESSAGES.received);
      return created;
    })
    .catch(async (error: unknown) => {
      await app.ctx.storage.delete(stored.file_key);
      throw error;
    });
  return {
    id: row.id,
    followup: async () => {
      await files.publishRefresh(request, session.company.id, [row.id]);
      await app.ctx.processor.enqueue(processingJob(files, row));
    },
  };
}

export const NOTE_WITHOUT_FILE = 'A version note goes with a new file: choose the file too.';

/**
 * Saves an update of a processed file's record in one transaction: `write.before` first (what else is the
 * entity's, e.g. an item's libraries); then, with a new file (stored under `folder`), the current version is kept
 * (file-versions.ts) and the row, its next version with `write.versionNote`, is queued again with `write.changes`
 * and the file (a new attempt, 'File received' its only event), else `write.save` saves the changes; an update that
 * is not saved takes its stored file with it. With a new file it answers what follows the commit (the change
 * published, the lists' reload, the job), else null.
 */
export async function updateProcessedFile(
  { db, request, session }: CrudContext,
  files: ProcessedFiles,
  current: { id: number },
  file: IncomingModelFile | null,
  folder: StorageFolder,
  write: {
    changes: ProcessedFileChanges;
    save(trx: DB): Promise<unknown>;
    before?(trx: DB): Promise<unknown>;
    /** The new version's note, with a new file. */
    versionNote?: string | null;
  },
): Promise<Followup | null> {
  const app = request.server;
  if (!file && write.versionNote?.trim()) throw invalidField('version_note', NOTE_WITHOUT_FILE);
  const stored = file ? await storeModelFile(app, file, folder) : null;
  const row = await inTransaction(db, async (trx) => {
    await write.before?.(trx);
    if (stored) {
      const kept = await keepCurrentVersion(trx, files.table, files.events, files.versions, current.id);
      return files.queue(trx, current.id, MODEL_MESSAGES.received, {
        ...write.changes,
        ...stored,
        ...nextVersionColumns(kept, session.user.id, write.versionNote),
      });
    }
    await write.save(trx);
    return null;
  }).catch(async (error: unknown) => {
    if (stored) await app.ctx.storage.delete(stored.file_key);
    throw error;
  });
  if (!row) return null;
  return async () => {
    await files.publishProgress(request, row, MODEL_MESSAGES.received);
    await files.publishRefresh(request, row.company_id, [row.id]);
    await app.ctx.processor.enqueue(processingJob(files, row));
  };
}

/** What a list row of a processed file is read from (its table's row with its uploader's name). */
interface ProcessedFileListRow {
  status: string;
  status_color: string;
  preview_image_url: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  started_at: Date | string | null;
  finished_at: Date | string | null;
  deleted_at: Date | string | null;
  uploader_name: string | null;
}

/**
 * The fields every processed file's item carries about its processing (spec 2 §3's model and item alike): status
 * and colour, preview, dates, uploader and the latest geometry event in the reader's language.
 */
export function processingFields<Row extends ProcessedFileListRow>(
  request: FastifyRequest,
  row: Row,
  latest: Parameters<typeof presentEvent>[0] | undefined,
) {
  return {
    status: row.status as Row['status'],
    status_color: row.status_color,
    preview_image_url: fileUrl(request, row.preview_image_url),
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
    started_at: iso(row.started_at),
    finished_at: iso(row.finished_at),
    deleted_at: iso(row.deleted_at),
    uploader_name: row.uploader_name,
    latest_geometry_event: latest ? presentEvent(latest, requestLanguage(request)) : null,
  };
}

/** What the routes of a processed file entity beside its declared endpoints are registered with. */
export interface ProcessedFileRouteOptions {
  /** The entity's abilities (`MODEL_ABILITIES`): changes are updates, the files are read with the list. */
  abilities: { update: AbilityRequirement; list: AbilityRequirement };
  /** Names the entity in the OpenAPI summaries. */
  noun: string;
  files: ProcessedFiles;
}

/**
 * Registers what every processed file entity has beside its declared endpoints: reprocessing
 * (`registerReprocess`) and the downloads of its files (`registerFileDownloads`); `update` is the ability of the
 * one, `list` of the other.
 */
export function registerProcessedFileRoutes(
  server: FastifyInstance,
  collection: string,
  entity: ProcessedFileEntity,
  options: ProcessedFileRouteOptions & { refused: string },
) {
  const { abilities, noun, files } = options;
  registerReprocess(server, collection, entity, {
    ability: abilities.update,
    noun,
    refused: options.refused,
    files,
  });
  registerFileDownloads(server, collection, entity, { ability: abilities.list, noun, files });
}
