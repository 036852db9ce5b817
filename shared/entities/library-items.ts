/**
 * Library items (spec 2 §3, §4): the record as the API answers it (`LibraryItemSchema`, a list item;
 * `LibraryItemDetailSchema`, one item with its file and geometry events) and what a create or update may write
 * (`LibraryItemInputSchema`; an update is its Partial, plus the `archived` flag). The item's file comes as a multipart
 * `file` or the `upload_id` of a finished resumable upload (.fbx, .zip, .matz); the item starts QUEUED and the
 * processor takes it. Library ids must name live libraries of the company.
 */
import { type Static, Type } from '@sinclair/typebox';
import { VersionFieldsSchema, VersionNoteInput } from '../file-versions';
import { ViewerFieldsSchema } from '../geometry-statistics';
import { DateTime, FileInput, GeometryEventSchema, Nullable, StringEnum, UploadId } from '../schema-types';
import { LIBRARY_ITEM_STATUSES } from './library-item-values';

/** Every status (spec 2 §4, library-item-values.ts). */
export { LIBRARY_ITEM_STATUSES, type LibraryItemStatus } from './library-item-values';

export const LibraryItemInputSchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 255 }),
  description: Type.Optional(Nullable(Type.String({ maxLength: 5000 }))),
  libraries: Type.Optional(
    Nullable(Type.Array(Type.Integer(), { description: 'Library ids of the company; null or [] for none' })),
  ),
  upload_id: Type.Optional(Nullable(UploadId('library-item-file'))),
  file: Type.Optional(FileInput),
  version_note: VersionNoteInput,
});

export const LibraryItemSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Nullable(Type.String()),
  preview_image_url: Nullable(Type.String()),
  status: StringEnum(LIBRARY_ITEM_STATUSES),
  status_color: Type.String(),
  libraries: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
  is_deletable: Type.Boolean(),
  deletable: Type.Boolean(),
  created_at: DateTime,
  updated_at: DateTime,
  started_at: Nullable(DateTime),
  finished_at: Nullable(DateTime),
  deleted_at: Nullable(DateTime),
  uploader_name: Nullable(Type.String()),
  latest_geometry_event: Nullable(GeometryEventSchema),
});

/** `GET /libraries/items/{id}`: every field of the list plus the file and the latest geometry events. */
export const LibraryItemDetailSchema = Type.Object({
  ...LibraryItemSchema.properties,
  file: Nullable(Type.Object({ name: Type.String(), size: Type.Integer() })),
  geometry_events: Type.Array(GeometryEventSchema),
  ...ViewerFieldsSchema,
  ...VersionFieldsSchema,
});

export type LibraryItem = Static<typeof LibraryItemSchema>;
export type LibraryItemDetail = Static<typeof LibraryItemDetailSchema>;
export type LibraryItemInput = Static<typeof LibraryItemInputSchema>;
