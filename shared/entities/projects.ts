/**
 * Projects (spec 2 §3): the record as the API answers it (`ProjectSchema`, a list item; `ProjectDetailSchema`,
 * one project with its sub-projects and models) and what a create or update may write (`ProjectInputSchema`;
 * an update is its Partial). Label and member ids must name rows of the company and `parent_id` a live project
 * outside the project's own tree: the server checks those (server/domain/project-input.ts).
 */
import { type Static, Type } from '@sinclair/typebox';
import { DateTime, FileInput, Nullable, StringEnum } from '../schema-types';
import { ModelSchema } from './models';
import { LabelSummarySchema, UserSummarySchema } from './summaries';

export const PROJECT_STATUSES = ['active', 'inactive'] as const;

export const ProjectInputSchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 255 }),
  description: Type.Optional(Nullable(Type.String({ maxLength: 5000 }))),
  status: Type.Optional(StringEnum(PROJECT_STATUSES)),
  labels: Type.Optional(
    Nullable(Type.Array(Type.Integer(), { description: 'Label ids of the company; null or [] for none' })),
  ),
  users: Type.Optional(
    Nullable(Type.Array(Type.Integer(), { description: 'User ids of the company; null or [] for none' })),
  ),
  parent_id: Type.Optional(
    Nullable(Type.Integer({ description: 'The project this one is a sub-project of' })),
  ),
  preview_image: Type.Optional(FileInput),
});

export const ProjectSchema = Type.Object({
  id: Type.Integer(),
  parent_id: Nullable(Type.Integer()),
  status: StringEnum(PROJECT_STATUSES),
  /** The uploaded preview (what the form edits); null without one. */
  preview_image: Nullable(Type.String()),
  /**
   * What its row and card show: `preview_image`, else the newest render among its live models (its own first,
   * then its sub-projects'); null when there is none.
   */
  cover_image: Nullable(Type.String()),
  name: Type.String(),
  description: Nullable(Type.String()),
  labels: Type.Array(LabelSummarySchema),
  created_at: DateTime,
  updated_at: DateTime,
  deleted_at: Nullable(DateTime),
  users: Type.Array(UserSummarySchema),
  is_favorited: Type.Boolean(),
});

/** `GET /projects/{id}` and every single-project answer: the list item plus its sub-projects and models (live). */
export const ProjectDetailSchema = Type.Object({
  ...ProjectSchema.properties,
  sub_projects: Type.Array(
    Type.Object({ id: Type.Integer(), name: Type.String(), status: StringEnum(PROJECT_STATUSES) }),
  ),
  models: Type.Array(ModelSchema),
});

export type Project = Static<typeof ProjectSchema>;
export type ProjectDetail = Static<typeof ProjectDetailSchema>;
export type ProjectInput = Static<typeof ProjectInputSchema>;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];
