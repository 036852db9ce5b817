/**
 * Comments pinned to a model (issue 45; constants in shared/comment-values.ts). A thread starts with a comment on a
 * point of the model: the point and the surface's normal there (in the model's world space, metres) and the camera
 * it was written from; replies name their thread (`parent_id`) and have no point. Each belongs to the version of
 * the file it was written on; a thread is resolved and reopened as a whole. Mentions name company users who may see
 * the record; each is notified.
 */
import { type Static, Type } from '@sinclair/typebox';
import { COMMENT_MAX_LENGTH, COMMENT_MAX_MENTIONS, COMMENTED_RECORD_TYPES } from '../comment-values';
import { DateTime, Nullable, StringEnum } from '../schema-types';

/** A point or direction in the model's world space: `[x, y, z]`, finite. */
export const Vector3Schema = Type.Tuple([Type.Number(), Type.Number(), Type.Number()]);

/** Where the camera was and what it looked at when the comment was written (ViewerScene's `CameraView`). */
export const CommentCameraSchema = Type.Object({
  position: Vector3Schema,
  target: Vector3Schema,
});

const CommentBody = Type.String({ minLength: 1, maxLength: COMMENT_MAX_LENGTH });
const Mentions = Type.Array(Type.Integer({ minimum: 1 }), { maxItems: COMMENT_MAX_MENTIONS });

/**
 * `POST {collection}/{id}/comments`. A thread's first comment takes `point`, `normal` and `camera` (each required
 * then); a reply takes `parent_id` (a thread of the same record) and none of them. `version`: the version it is
 * written on (the current one when left out; a kept one when the viewer shows that).
 */
export const CommentInputSchema = Type.Object({
  body: CommentBody,
  parent_id: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
  point: Type.Optional(Nullable(Vector3Schema)),
  normal: Type.Optional(Nullable(Vector3Schema)),
  camera: Type.Optional(Nullable(CommentCameraSchema)),
  version: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
  /** Ids of the users it mentions (`GET {collection}/{id}/comments/mentionable`). */
  mentions: Type.Optional(Mentions),
});

/** `PATCH {collection}/{id}/comments/{commentId}`: the author edits the text; anyone who may comment resolves or reopens a thread. */
export const CommentUpdateSchema = Type.Object({
  body: Type.Optional(CommentBody),
  mentions: Type.Optional(Mentions),
  resolved: Type.Optional(Type.Boolean()),
});

export const CommentUserSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  profile_image: Nullable(Type.String()),
});

export const CommentSchema = Type.Object({
  id: Type.Integer(),
  record_type: StringEnum(COMMENTED_RECORD_TYPES),
  record_id: Type.Integer(),
  /** The thread a reply belongs to; null for a thread's first comment. */
  parent_id: Nullable(Type.Integer()),
  /** The thread's pin number on its record (1, 2, …, never reused); null for a reply. */
  number: Nullable(Type.Integer({ minimum: 1 })),
  body: Type.String(),
  point: Nullable(Vector3Schema),
  normal: Nullable(Vector3Schema),
  camera: Nullable(CommentCameraSchema),
  /** The version of the record's file it was written on. */
  version: Type.Integer({ minimum: 1 }),
  /** Null once the author's account is gone. */
  author: Nullable(CommentUserSchema),
  mentions: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
  /** When and by whom the thread was resolved (a thread's first comment only); null while open. */
  resolved_at: Nullable(DateTime),
  resolved_by: Nullable(Type.String()),
  created_at: DateTime,
  /** Set when the text was edited after it was written. */
  edited_at: Nullable(DateTime),
  /** Whether the requesting user may edit the text (its author) and delete it (its author, or an admin). */
  can_edit: Type.Boolean(),
  can_delete: Type.Boolean(),
});

export type Vector3Tuple = Static<typeof Vector3Schema>;
export type CommentCamera = Static<typeof CommentCameraSchema>;
export type CommentInput = Static<typeof CommentInputSchema>;
export type CommentUpdate = Static<typeof CommentUpdateSchema>;
export type CommentUser = Static<typeof CommentUserSchema>;
export type ModelComment = Static<typeof CommentSchema>;
