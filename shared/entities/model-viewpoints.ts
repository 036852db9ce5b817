/**
 * Saved viewpoints of a model (issue 45): a name and a camera (where it was, what it looked at) kept per model or
 * library item and shared with the team, so anyone on the overview can go back to "Front left leg" in one press.
 * Read with the record (its list ability); saved and deleted by whoever may comment on it (the kind's comment
 * ability, shared/comment-values.ts), a viewpoint deleted by its maker or an administrator.
 */
import { type Static, Type } from '@sinclair/typebox';
import { COMMENTED_RECORD_TYPES } from '../comment-values';
import { DateTime, Nullable, StringEnum } from '../schema-types';
import { CommentCameraSchema } from './model-comments';

/** The longest name of a viewpoint. */
export const VIEWPOINT_NAME_MAX = 100;

/** The most viewpoints one model or library item keeps; saving another answers 422 on `name`. */
export const VIEWPOINTS_PER_RECORD_MAX = 50;

/** `POST {collection}/{id}/viewpoints`. */
export const ViewpointInputSchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: VIEWPOINT_NAME_MAX }),
  camera: CommentCameraSchema,
});

export const ViewpointSchema = Type.Object({
  id: Type.Integer(),
  record_type: StringEnum(COMMENTED_RECORD_TYPES),
  record_id: Type.Integer(),
  name: Type.String(),
  camera: CommentCameraSchema,
  /** Who saved it; null once their account is gone. */
  created_by: Nullable(Type.String()),
  created_at: DateTime,
  /** Whether the requesting user may delete it (its maker, or an administrator, who may comment). */
  can_delete: Type.Boolean(),
});

export type ViewpointInput = Static<typeof ViewpointInputSchema>;
export type Viewpoint = Static<typeof ViewpointSchema>;
