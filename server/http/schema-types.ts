/** TypeBox building blocks shared by every endpoint's request and response schemas. */
import { Type } from '@sinclair/typebox';
import type { UploadedFile } from './multipart-files';

/*
 * Null never reaches schema validation: request-input.ts takes null fields out of the body before it and puts
 * them back after (ajv's type coercion would turn a null into '', 0 or false). So a required field that is null
 * (or an empty form value) fails as "required", and Nullable only documents and types what the handler sees.
 */
export { DateTime, Nullable, StringEnum } from '../../shared/schema-types';

/** A string that must be present and not empty (inputs are trimmed and '' becomes null, as in Laravel). */
export const Filled = (options: { maxLength?: number; description?: string; format?: string } = {}) =>
  Type.String({ minLength: 1, ...options });

/** A boolean as a form or query sends it: true/false, 1/0, '1'/'0', 'true'/'false' (Laravel's `boolean` rule). */
export const Flag = Type.Union([
  Type.Boolean(),
  Type.Integer({ minimum: 0, maximum: 1 }),
  Type.String({ enum: ['0', '1', 'true', 'false'] }),
]);

export const toBoolean = (value: boolean | number | string | null | undefined): boolean =>
  value === true || value === 1 || value === '1' || value === 'true';

/** A multipart file field; its type and size are checked by `acceptUpload` (422). */
export const FileField = Type.Unsafe<UploadedFile | null>({
  description: 'A file (multipart/form-data); empty or absent means none.',
});

export const MessageSchema = Type.Object({ message: Type.String() });

export const iso = (value: Date | string | null | undefined): string | null =>
  value === null || value === undefined ? null : new Date(value).toISOString();
