/**
 * Versions of processed files (issue 45): a model's or library item's row is its current version (`version`, its
 * note, the version it restored, its uploader and time beside the file and what processing made of it). Replacing
 * the file, or restoring an older version, first keeps the current version in the entity's versions table
 * (`keepCurrentVersion`), immutably: its original file, the optimized glb and previews of a finished run, the figures
 * and the geometry events as they were. The files a version keeps are never deleted while the record lives
 * (`releasedKeys`: a run deletes only the files no version holds); they go with the record.
 */
import { sql } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { DB } from '../db/database';
import type { ModelGeometryEventsTable, StoredGeometryEvent } from '../db/schema';
import { fileUrl, viewerFileUrls } from '../http/stored-files';
import { iso } from '../http/schema-types';
import type { GeometryStatistics } from '../../shared/geometry-statistics';
import type { GeometryEventTable } from './geometry-events';

/** Where an entity's versions are kept, and the column naming their record. */
export interface FileVersionTable {
  table: 'model_versions' | 'library_item_versions';
  owner: 'model_id' | 'item_id';
}

/** Statuses whose processed files (viewer glb, preview, figures) are the version's own. */
const PROCESSED = ['FINISHED', 'ARCHIVED'];

export const isProcessedStatus = (status: string) => PROCESSED.includes(status);

/** The files and figures of a version, as both a kept version and a record's row hold them. */
interface VersionFiles {
  status: string;
  file_key: string | null;
  file_name: string | null;
  file_size: number | string | null;
  viewer_model_key: string | null;
  preview_image_url: string | null;
  geometry_statistics: GeometryStatistics | null;
}

/** What a version is told apart by and carries, whether current or kept. */
interface VersionSource extends VersionFiles {
  number: number;
  note: string | null;
  restored_from: number | null;
  uploader_id: number | null;
  created_at: Date | string;
}

/** A kept version as read back, with its events. */
export type KeptVersion = VersionSource & { geometry_events: StoredGeometryEvent[] };

/** The versions of one entity, typed against the models' (both tables have the same columns but the owner's). */
const versionsQuery = (db: DB, versions: FileVersionTable) => ({
  query: db.selectFrom(versions.table as 'model_versions'),
  owner: sql.ref<number>(versions.owner),
});

/**
 * Keeps the row's current version in its versions table (inside the caller's transaction, the row locked until it
 * commits, so two replacements never keep one number twice); answers the number kept. A version replaced before
 * its run finished keeps its file only: the row still shows the processed files of the version before it.
 */
export async function keepCurrentVersion(
  trx: DB,
  table: 'project_models' | 'library_items',
  events: GeometryEventTable,
  versions: FileVersionTable,
  id: number,
): Promise<number> {
  const processed = sql.join(PROCESSED.map((status) => sql.lit(status)));
  const { rows } = await sql<{ number: number }>`
    with replaced as (select * from ${sql.table(table)} where id = ${id} for update)
    insert into ${sql.table(versions.table)} (
      company_id, ${sql.ref(versions.owner)}, number, status, file_key, file_name, file_size,
      viewer_model_key, preview_image_url, geometry_statistics, geometry_events,
      note, restored_from, uploader_id, created_at
    )
    select company_id, id, version, status, file_key, file_name, file_size,
      case when status in (${processed}) then viewer_model_key end,
      case when status in (${processed}) then preview_image_url end,
      case when status in (${processed}) then geometry_statistics end,
      coalesce((
        select jsonb_agg(jsonb_build_object(
          'message', event.message, 'message_key', event.message_key,
          'message_params', event.message_params, 'created_at', event.created_at
        ) order by event.created_at, event.id)
        from ${sql.table(events.table)} event where event.${sql.ref(events.owner)} = replaced.id
      ), '[]'::jsonb),
      version_note, version_restored_from,
      coalesce(version_uploader_id, case when version = 1 then uploader_id end), version_created_at
    from replaced
    returning number
  `.execute(trx);
  if (!rows[0]) throw new Error(`${table} ${id} is gone`);
  return rows[0].number;
}

/** The columns of the row's next version: its number, note, the version it restores, who made it and when. */
export const nextVersionColumns = (
  kept: number,
  uploaderId: number,
  note: string | null | undefined,
  restoredFrom: number | null = null,
) => ({
  version: kept + 1,
  version_note: note?.trim() || null,
  version_restored_from: restoredFrom,
  version_uploader_id: uploaderId,
  version_created_at: new Date(),
});

/** One kept version of a record; undefined when it has none by that number. */
export async function keptVersion(
  db: DB,
  versions: FileVersionTable,
  id: number,
  number: number,
): Promise<KeptVersion | undefined> {
  const { query, owner } = versionsQuery(db, versions);
  return query.selectAll().where(owner, '=', id).where('number', '=', number).executeTakeFirst();
}

/**
 * The processed files a run replaces that are the row's own, to delete: those a kept version also holds (the row
 * still showed them when it was replaced) stay.
 */
export async function releasedKeys<
  Row extends { viewer_model_key: string | null; preview_image_url: string | null },
>(db: DB, versions: FileVersionTable, id: number, row: Row): Promise<Row> {
  const keys = [row.viewer_model_key, row.preview_image_url].filter((key): key is string => !!key);
  if (!keys.length) return row;
  const { query, owner } = versionsQuery(db, versions);
  const held = await query
    .select(['viewer_model_key', 'preview_image_url'])
    .where(owner, '=', id)
    .where((eb) => eb.or([eb('viewer_model_key', 'in', keys), eb('preview_image_url', 'in', keys)]))
    .execute();
  const holds = (key: string | null) =>
    !!key && held.some((version) => version.viewer_model_key === key || version.preview_image_url === key);
  return {
    ...row,
    viewer_model_key: holds(row.viewer_model_key) ? null : row.viewer_model_key,
    preview_image_url: holds(row.preview_image_url) ? null : row.preview_image_url,
  };
}

/** What a record's row tells of its current version. */
export interface CurrentVersionRow extends VersionFiles {
  id: number;
  version: number;
  version_note: string | null;
  version_restored_from: number | null;
  version_uploader_id: number | null;
  version_created_at: Date | string;
  /** The record's uploader: version 1's where a seeded row names no version uploader. */
  uploader_id: number | null;
}

/** The row's current version in the shape of a kept one. */
const currentOf = (row: CurrentVersionRow): VersionSource => ({
  number: row.version,
  status: row.status,
  file_key: row.file_key,
  file_name: row.file_name,
  file_size: row.file_size,
  viewer_model_key: isProcessedStatus(row.status) ? row.viewer_model_key : null,
  preview_image_url: row.preview_image_url,
  geometry_statistics: isProcessedStatus(row.status) ? row.geometry_statistics : null,
  note: row.version_note,
  restored_from: row.version_restored_from,
  uploader_id: row.version_uploader_id ?? (row.version === 1 ? row.uploader_id : null),
  created_at: row.version_created_at,
});

/**
 * A record's versions as its detail answers them, newest (the current one) first: number, whether current, the
 * status it had, its file, uploader, time, note, the version it restored, its preview, the glb the viewer shows and
 * its figures (null where it was never processed).
 */
export async function versionHistory(
  db: DB,
  request: FastifyRequest,
  versions: FileVersionTable,
  row: CurrentVersionRow,
) {
  const { query, owner } = versionsQuery(db, versions);
  const kept = await query
    .select([
      'number',
      'status',
      'file_key',
      'file_name',
      'file_size',
      'viewer_model_key',
      'preview_image_url',
      'geometry_statistics',
      'note',
      'restored_from',
      'uploader_id',
      'created_at',
    ])
    .where(owner, '=', row.id)
    .orderBy('number', 'desc')
    .execute();
  const all = [currentOf(row), ...kept];
  const uploaderIds = [...new Set(all.map((version) => version.uploader_id).filter((id) => id !== null))];
  const uploaders = uploaderIds.length
    ? await db.selectFrom('users').select(['id', 'name']).where('id', 'in', uploaderIds).execute()
    : [];
  const nameOf = new Map(uploaders.map((user) => [user.id, user.name]));
  return all.map((version, index) => ({
    number: version.number,
    current: index === 0,
    status: version.status,
    file:
      version.file_name !== null ? { name: version.file_name, size: Number(version.file_size ?? 0) } : null,
    uploader_name: version.uploader_id === null ? null : (nameOf.get(version.uploader_id) ?? null),
    created_at: iso(version.created_at)!,
    note: version.note,
    restored_from: version.restored_from,
    preview_image_url: fileUrl(request, version.preview_image_url),
    ...viewerFileUrls(request, version.viewer_model_key, version.geometry_statistics),
    statistics: version.geometry_statistics,
  }));
}

/** Starts the row's geometry events over with a kept version's, as they were (a restore brings them back). */
export async function restoreGeometryEvents(
  trx: DB,
  events: GeometryEventTable,
  id: number,
  version: KeptVersion,
) {
  await trx
    .deleteFrom(events.table as 'model_geometry_events')
    .where(sql.ref<number>(events.owner), '=', id)
    .execute();
  if (!version.geometry_events.length) return;
  const rows = version.geometry_events.map((event) => ({
    message: event.message,
    message_key: event.message_key,
    message_params: JSON.stringify(event.message_params ?? {}),
    created_at: event.created_at,
    [events.owner]: id,
  }));
  // Typed as the models' rows: the owner's column is the entity's own (geometry-events.ts).
  await trx
    .insertInto(events.table as 'model_geometry_events')
    .values(rows as Array<(typeof rows)[number] & Pick<ModelGeometryEventsTable, 'model_id'>>)
    .execute();
}
