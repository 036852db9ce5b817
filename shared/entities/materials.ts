/**
 * Materials (spec 2 §Materials and categories, §3, §4, §7): identified by name in the company (routes and calls
 * carry it URL-encoded). `MaterialSchema` is the record as the API answers it; `MaterialInputSchema` what a
 * create or update may write (an update is its Partial, plus `archived` to archive or unarchive);
 * `MaterialImportSchema` an uploaded archive the worker turns into materials.
 */
import { type Static, Type } from '@sinclair/typebox';
import { DateTime, Nullable, StringEnum, UploadId } from '../schema-types';
import type { UploadKindName } from '../upload-kinds';
import { CategorySummarySchema } from './material-categories';

export const MATERIAL_STATUSES = ['ACTIVE', 'ARCHIVED'] as const;

/** The upload kind (tus metadata `kind`) of an archive of materials to import. */
export const MATERIAL_ARCHIVE_UPLOAD = 'material-archive' satisfies UploadKindName;

export const MaterialInputSchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 255 }),
  description: Type.Optional(Nullable(Type.String({ maxLength: 5000 }))),
  /** The base material when this one is a variant of it. */
  parent_name: Type.Optional(Nullable(Type.String({ maxLength: 255 }))),
  /** The categories it is in. */
  category_ids: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 100 })),
  /** Archives (true) or unarchives (false) the material. */
  archived: Type.Optional(Type.Boolean()),
  /** A finished resumable upload of the kind `image` (JPEG, PNG or BMP) that becomes the preview; null removes it. */
  preview_upload_id: Type.Optional(Nullable(UploadId('image'))),
});

export const MaterialSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Nullable(Type.String()),
  preview_image_url: Nullable(Type.String()),
  /** Its base-colour map, shown on the viewer's sphere; null without one (issue 28). */
  viewer_texture_url: Nullable(Type.String()),
  status: StringEnum(MATERIAL_STATUSES),
  status_color: Type.String(),
  categories: Type.Array(CategorySummarySchema),
  /** Set when the material is a variant: its base material's name. */
  parent_name: Nullable(Type.String()),
  /** False when the material is connected to a model. */
  deletable: Type.Boolean(),
  created_at: DateTime,
  updated_at: DateTime,
  deleted_at: Nullable(DateTime),
  active_version_creator_name: Nullable(Type.String()),
});

export const MATERIAL_IMPORT_STATUSES = ['QUEUED', 'PROCESSING', 'FINISHED', 'FAILED'] as const;

/** `POST /materials/import`: a finished 'material-archive' upload, optionally into a category. */
export const MaterialImportInputSchema = Type.Object({
  upload_id: UploadId('material-archive'),
  category_id: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
});

export const MaterialImportSchema = Type.Object({
  id: Type.Integer(),
  file_name: Type.String(),
  status: StringEnum(MATERIAL_IMPORT_STATUSES),
  /** 0 to 100. */
  progress: Type.Integer(),
  message: Nullable(Type.String()),
  /** The names of the materials created so far. */
  imported: Type.Array(Type.String()),
  category: Nullable(CategorySummarySchema),
  created_at: DateTime,
  updated_at: DateTime,
});

export type Material = Static<typeof MaterialSchema>;
export type MaterialInput = Static<typeof MaterialInputSchema>;
export type MaterialImport = Static<typeof MaterialImportSchema>;
export type MaterialImportInput = Static<typeof MaterialImportInputSchema>;
export type MaterialStatus = (typeof MATERIAL_STATUSES)[number];
export type MaterialImportStatus = (typeof MATERIAL_IMPORT_STATUSES)[number];
