/**
 * TypeBox building blocks of the entity schemas in `shared/entities/`: the one place an entity's fields are
 * declared (types, required, lengths, enums, formats). The server's request and response schemas, the portal's
 * record types (`Static<>`) and its form rules are all derived from those schemas.
 */
import { type TSchema, Type } from '@sinclair/typebox';
import type { UploadKindName } from './upload-kinds';

/** A value that may be null (documents and types what a handler or a page sees). */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** An ISO 8601 date-time string. */
export const DateTime = Type.String({ format: 'date-time' });

/** A string that is one of `values`, typed as their union (documents as a plain string enum). */
export const StringEnum = <const T extends readonly string[]>(
  values: T,
  options: { description?: string } = {},
) => Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });

/**
 * A file field of a multipart form; empty or absent means none. Its type and size rules are the server's
 * (`acceptUpload`), so the schema only documents it.
 */
export const FileInput = Type.Unsafe<unknown>({
  description: 'A file (multipart/form-data); empty or absent means none.',
});

/** A stored message's parameters (shared/messages.ts). */
export const MessageParamsSchema = Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]));

/**
 * A processing (geometry) event: its text in the request's language, and the stored message it is rendered from
 * (`models:processing.*`), which the portal renders in the reader's language.
 */
export const GeometryEventSchema = Type.Object({
  message: Type.String(),
  message_key: Type.Optional(Nullable(Type.String())),
  message_params: Type.Optional(MessageParamsSchema),
  created_at: DateTime,
});

/** Where an upload id's schema keeps its kind: a symbol, which the JSON Schema validator and documents never see. */
const UPLOAD_KIND = Symbol.for('portal.uploadKind');

/**
 * The id of a finished resumable upload (`POST /uploads`) of one kind (shared/upload-kinds.ts), as a form sends it
 * (`upload_id`, `preview_upload_id`). The schema keeps the kind (`uploadKindOf`), so a form's file field is held to
 * the kind its API takes (tests/unit/upload-id-kinds.test.ts).
 */
export const UploadId = (kind: UploadKindName) =>
  Object.assign(
    Type.String({
      minLength: 1,
      maxLength: 64,
      description: `A finished resumable upload (POST /uploads) of the kind '${kind}'`,
    }),
    { [UPLOAD_KIND]: kind },
  );

/** The upload kind of an upload id's schema (also inside Optional and Nullable); undefined for any other schema. */
export function uploadKindOf(schema: TSchema): UploadKindName | undefined {
  const own = (schema as { [UPLOAD_KIND]?: UploadKindName })[UPLOAD_KIND];
  if (own) return own;
  const anyOf = (schema as { anyOf?: TSchema[] }).anyOf;
  return anyOf?.map(uploadKindOf).find((kind) => kind !== undefined);
}
