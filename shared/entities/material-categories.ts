/**
 * Material categories (spec 2 §Materials and categories, §3, §4): a company's tree of categories holding
 * materials. `MaterialCategorySchema` is the record as the API answers it (its sub-categories, the materials in
 * it and below it, whether it may be deleted, and in `meta_data` its path from the top for the breadcrumbs);
 * `MaterialCategoryInputSchema` what a create or update may write (an update is its Partial).
 */
import { type Static, Type } from '@sinclair/typebox';
import { DateTime, Nullable, StringEnum, UploadId } from '../schema-types';

/** Archived versus non-archived (spec 2 §4); the colour comes with the record (`status_color`). */
export const MATERIAL_CATEGORY_STATUSES = ['ACTIVE', 'ARCHIVED'] as const;

export const MaterialCategoryInputSchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 255 }),
  description: Type.Optional(Nullable(Type.String({ maxLength: 5000 }))),
  parent_id: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
  status: Type.Optional(StringEnum(MATERIAL_CATEGORY_STATUSES)),
  /** A finished resumable upload of the kind `image` (JPEG, PNG or BMP) that becomes the preview; null removes it. */
  preview_upload_id: Type.Optional(Nullable(UploadId('image'))),
});

export const CategorySummarySchema = Type.Object({ id: Type.Integer(), name: Type.String() });

export const MaterialCategorySchema = Type.Object({
  id: Type.Integer(),
  parent_id: Nullable(Type.Integer()),
  name: Type.String(),
  description: Nullable(Type.String()),
  /** The uploaded preview (what the form edits); null without one. */
  preview_image_url: Nullable(Type.String()),
  /**
   * What its card and row show: `preview_image_url`, else the newest preview among the live materials in it (then
   * in the categories below it); null when there is none.
   */
  cover_image_url: Nullable(Type.String()),
  status: StringEnum(MATERIAL_CATEGORY_STATUSES),
  status_color: Type.String(),
  /** Live materials in this category and every category below it. */
  indirect_materials_count: Type.Integer(),
  /** False when a material in it or below it is connected to a model. */
  deletable: Type.Boolean(),
  sub_categories: Type.Array(CategorySummarySchema),
  meta_data: Type.Object({
    materials_count: Type.Integer(),
    sub_categories_count: Type.Integer(),
    /** The categories from the top down to this one's parent (breadcrumbs). */
    ancestors: Type.Array(CategorySummarySchema),
  }),
  created_at: DateTime,
  updated_at: DateTime,
  deleted_at: Nullable(DateTime),
});

export type MaterialCategory = Static<typeof MaterialCategorySchema>;
export type MaterialCategoryInput = Static<typeof MaterialCategoryInputSchema>;
export type CategorySummary = Static<typeof CategorySummarySchema>;
export type MaterialCategoryStatus = (typeof MATERIAL_CATEGORY_STATUSES)[number];
