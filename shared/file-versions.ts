/**
 * Versions of a processed file (issue 45): what a model's or library item's detail answers of its versions
 * (`versions`, newest first, the current one first), what an update that brings a new file may say of it
 * (`version_note`). The names its downloads are saved under: file-version-names.ts.
 */
import { type Static, Type } from '@sinclair/typebox';
import { GeometryStatisticsSchema } from './geometry-statistics';
import { DateTime, Nullable } from './schema-types';

/** The longest note a version may carry. */
export const VERSION_NOTE_MAX = 1000;

export const FileVersionSchema = Type.Object({
  number: Type.Integer({ minimum: 1 }),
  /** The record's current version (the first). */
  current: Type.Boolean(),
  /** The status it had, or has: a version replaced before its run finished was never processed. */
  status: Type.String(),
  file: Nullable(Type.Object({ name: Type.String(), size: Type.Integer() })),
  uploader_name: Nullable(Type.String()),
  created_at: DateTime,
  note: Nullable(Type.String()),
  /** The version it brought back, when it is a restore. */
  restored_from: Nullable(Type.Integer()),
  preview_image_url: Nullable(Type.String()),
  /** The optimized glb the viewer shows; null where it was never processed. */
  viewer_model_url: Nullable(Type.String()),
  ar_model_url: Nullable(Type.String()),
  statistics: Nullable(GeometryStatisticsSchema),
});

export type FileVersion = Static<typeof FileVersionSchema>;

/** What a processed file's detail adds: its current version's number and every version. */
export const VersionFieldsSchema = {
  version: Type.Integer({ minimum: 1 }),
  versions: Type.Array(FileVersionSchema),
};

/** What an update with a new file may say of the version it makes. */
export const VersionNoteInput = Type.Optional(Nullable(Type.String({ maxLength: VERSION_NOTE_MAX })));
