/**
 * Share links (issue 46): a company's read-only links to one of its models, library items or materials for people
 * without an account. What the
 * company's users see of a link (`ShareLinkSchema`: Tools → Share links and a model's Share dialog), what creating
 * one takes (`ShareLinkInputSchema`), and what the public page is answered (`SharedModelSchema`): the model's name,
 * description, statistics and viewer file, the company's name, logo and colours, and nothing else of the company.
 */
import { type Static, Type } from '@sinclair/typebox';
import { ViewerFieldsSchema } from '../geometry-statistics';
import { DateTime, Nullable, StringEnum } from '../schema-types';
import { SHARE_PASSWORD_MIN_LENGTH, SHARED_RECORD_TYPES } from './share-link-values';

export const ShareLinkInputSchema = Type.Object({
  /** When the link stops opening; none: it opens until revoked. */
  expires_at: Type.Optional(Nullable(DateTime)),
  password: Type.Optional(Nullable(Type.String({ minLength: SHARE_PASSWORD_MIN_LENGTH, maxLength: 255 }))),
  allow_download: Type.Optional(Type.Boolean()),
  /** Shows the record's current version whatever is uploaded after it; otherwise the link follows the latest. */
  pin_version: Type.Optional(Type.Boolean()),
});

export const ShareLinkSchema = Type.Object({
  id: Type.Integer(),
  token: Type.String(),
  /** The public page's address on the company's host. */
  url: Type.String(),
  record_type: StringEnum(SHARED_RECORD_TYPES),
  record_id: Type.Integer(),
  record_name: Type.String(),
  created_by: Nullable(Type.String()),
  expires_at: Nullable(DateTime),
  has_password: Type.Boolean(),
  allow_download: Type.Boolean(),
  /** The version the link shows; null: always the latest. */
  version: Nullable(Type.Integer()),
  views: Type.Integer({ minimum: 0 }),
  last_opened_at: Nullable(DateTime),
  created_at: DateTime,
  updated_at: DateTime,
});

/** `GET /shared/{token}`: the shared model as its public page shows it. */
export const SharedModelSchema = Type.Object({
  name: Type.String(),
  description: Nullable(Type.String()),
  preview_image_url: Nullable(Type.String()),
  allow_download: Type.Boolean(),
  expires_at: Nullable(DateTime),
  /** The version a pinned link shows; null for a link that follows the latest. */
  version: Nullable(Type.Integer()),
  /** What is shared: a model, a library item (the viewer's glb) or a material (its map, on a sphere). */
  kind: StringEnum(SHARED_RECORD_TYPES),
  /** A material's base-colour map for the viewer's sphere; null for anything else. */
  viewer_texture_url: Nullable(Type.String()),
  company: Type.Object({
    name: Type.String(),
    logo: Nullable(Type.String()),
  }),
  ...ViewerFieldsSchema,
});

export type ShareLink = Static<typeof ShareLinkSchema>;
export type ShareLinkInput = Static<typeof ShareLinkInputSchema>;
export type SharedModel = Static<typeof SharedModelSchema>;
