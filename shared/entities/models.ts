/**
 * Project models (spec 2 §3, §4): the record as the API answers it (`ModelSchema`, a list item;
 * `ModelDetailSchema`, one model with its project, file and geometry events) and what a create or update may
 * write (`ModelInputSchema`; an update is its Partial). The model file comes as a multipart `file` or as the
 * `upload_id` of a finished resumable upload; the server checks its type and size.
 */
import { type Static, Type } from '@sinclair/typebox';
import { VersionFieldsSchema, VersionNoteInput } from '../file-versions';
import { ViewerFieldsSchema } from '../geometry-statistics';
import { DateTime, FileInput, GeometryEventSchema, Nullable, StringEnum, UploadId } from '../schema-types';
import { MODEL_STATUSES } from './model-values';

/** Processing states (spec 2 §4, model-values.ts); the server stores each with its `status_color`. */
export { MODEL_STATUSES, type ModelStatus } from './model-values';

export const ModelInputSchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 255 }),
  description: Type.Optional(Nullable(Type.String({ maxLength: 5000 }))),
  project_id: Type.Optional(Nullable(Type.Integer())),
  upload_id: Type.Optional(Nullable(UploadId('model-file'))),
  file: Type.Optional(FileInput),
  version_note: VersionNoteInput,
});

export const ModelSchema = Type.Object({
  id: Type.Integer(),
  project_id: Nullable(Type.Integer()),
  name: Type.String(),
  description: Nullable(Type.String()),
  status: StringEnum(MODEL_STATUSES),
  status_color: Type.String(),
  preview_image_url: Nullable(Type.String()),
  created_at: DateTime,
  updated_at: DateTime,
  started_at: Nullable(DateTime),
  finished_at: Nullable(DateTime),
  deleted_at: Nullable(DateTime),
  uploader_name: Nullable(Type.String()),
  latest_geometry_event: Nullable(GeometryEventSchema),
});

/** `GET /projects/models/{id}`: every field of the list plus the project, the file and the latest events. */
export const ModelDetailSchema = Type.Object({
  ...ModelSchema.properties,
  project: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
  file: Nullable(Type.Object({ name: Type.String(), size: Type.Integer() })),
  geometry_events: Type.Array(GeometryEventSchema),
  ...ViewerFieldsSchema,
  ...VersionFieldsSchema,
});

export type Model = Static<typeof ModelSchema>;
export type ModelDetail = Static<typeof ModelDetailSchema>;
export type ModelInput = Static<typeof ModelInputSchema>;
