/**
 * What a kind of resumable upload declares (server/api/uploads.ts serves every declared kind): its name, which the
 * client sends as the tus metadata entry `kind`, the ability it takes, and what it can say about a file from its
 * name and declared length alone, before any byte arrived (422 on the `file` field). What the bytes must be is
 * checked where the upload is used (a model's file: model-files.ts).
 */
import type { ServerConfig } from '../config';
import type { FieldErrors } from '../http/errors';
import { canonicalExtension, extensionOf } from '../storage/content-types';

export interface UploadKind {
  name: string;
  /** Pipe-separated abilities, any one suffices; null: every signed-in member of the company. */
  ability: string | null;
  /** Only administrators start uploads of this kind (whatever `ability` says). */
  adminOnly?: boolean;
  /** The licence the company must have bought to upload this kind (`hatch`: material archives). */
  licence?: string;
  /** The largest upload of this kind, in bytes. */
  maxBytes(config: ServerConfig): number;
  /** Errors by field for the client's file name and the declared length. */
  creationErrors(name: string, size: number, config: ServerConfig): FieldErrors;
}

/** An upload kind of file types (extensions, as Laravel's `mimes`; none listed: any type) up to a size. */
export function fileUploadKind(declaration: {
  name: string;
  ability: string | null;
  adminOnly?: boolean;
  licence?: string;
  types: readonly string[];
  maxBytes: (config: ServerConfig) => number;
}): UploadKind {
  const allowed = declaration.types.map(canonicalExtension);
  return {
    name: declaration.name,
    ability: declaration.ability,
    adminOnly: declaration.adminOnly,
    licence: declaration.licence,
    maxBytes: declaration.maxBytes,
    creationErrors(name, size, config): FieldErrors {
      const maxBytes = declaration.maxBytes(config);
      if (allowed.length && !allowed.includes(canonicalExtension(extensionOf(name))))
        return { file: [`The file field must be a file of type: ${declaration.types.join(', ')}.`] };
      if (size < 1) return { file: ['The file field must be at least 1 byte.'] };
      if (size > maxBytes)
        return {
          file: [`The file field must not be greater than ${Math.floor(maxBytes / 1024)} kilobytes.`],
        };
      return {};
    },
  };
}
