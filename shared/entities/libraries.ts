/**
 * Libraries (spec 2 §3, §4): the record as the API answers it (`LibrarySchema`, a list item with its breadcrumb
 * chain `meta_data` and its direct `sub_libraries`) and what a create or update may write (`LibraryInputSchema`;
 * an update is its Partial). Label ids must name labels of the company and `parent_id` a live library outside
 * the library's own tree: the server checks those. A library is deletable when neither it nor a library below
 * it is connected to a model; it counts the live items in it and below it (`indirect_items_count`).
 */
import { type Static, Type } from '@sinclair/typebox';
import { DateTime, FileInput, Nullable, StringEnum } from '../schema-types';
import { LabelSummarySchema } from './summaries';

export const LIBRARY_STATUSES = ['ACTIVE', 'ARCHIVED'] as const;

export const LibraryInputSchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 255 }),
  description: Type.Optional(Nullable(Type.String({ maxLength: 5000 }))),
  labels: Type.Optional(
    Nullable(Type.Array(Type.Integer(), { description: 'Label ids of the company; null or [] for none' })),
  ),
  parent_id: Type.Optional(
    Nullable(Type.Integer({ description: 'The library this one is a sub-library of' })),
  ),
  preview_image: Type.Optional(FileInput),
});

/** One step of the breadcrumb chain: a library from the root down to the library itself. */
export const LibraryCrumbSchema = Type.Object({ id: Type.Integer(), name: Type.String() });

export const LibrarySchema = Type.Object({
  id: Type.Integer(),
  parent_id: Nullable(Type.Integer()),
  name: Type.String(),
  description: Nullable(Type.String()),
  /** The uploaded preview (what the form edits); null without one. */
  preview_image: Nullable(Type.String()),
  /**
   * What its card and row show: `preview_image`, else the newest render among the live items in it (then in the
   * libraries below it); null when there is none.
   */
  cover_image: Nullable(Type.String()),
  status: StringEnum(LIBRARY_STATUSES),
  status_color: Type.String(),
  is_deletable: Type.Boolean(),
  indirect_items_count: Type.Integer(),
  labels: Type.Array(LabelSummarySchema),
  sub_libraries: Type.Array(
    Type.Object({ id: Type.Integer(), name: Type.String(), status: StringEnum(LIBRARY_STATUSES) }),
  ),
  meta_data: Type.Object({ breadcrumbs: Type.Array(LibraryCrumbSchema) }),
  created_at: DateTime,
  updated_at: DateTime,
  deleted_at: Nullable(DateTime),
});

export type Library = Static<typeof LibrarySchema>;
export type LibraryInput = Static<typeof LibraryInputSchema>;
export type LibraryStatus = (typeof LIBRARY_STATUSES)[number];
export type LibraryCrumb = Static<typeof LibraryCrumbSchema>;
