/**
 * What a kind of resumable upload declares (server/api/uploads.ts serves every declared kind): its name, which the
 * client sends as the tus metadata entry `kind`, the ability it takes, and what it can say about a file from its
 * name and declared length alone, before any byte arrived (422 on the `file` field). What the bytes must be is
 * checked where the upload is used (a model's file: model-file-input.ts).
 */
import type { RequiredAbilities, RequiredLicences } from '../../shared/abilities';
import { MIN_UPLOAD_BYTES, UPLOAD_KIND_TYPES, type UploadKindName } from '../../shared/upload-kinds';
import type { ServerConfig } from '../config';
import type { FieldErrors } from '../errors/http-errors';
import { canonicalExtension, extensionOf } from '../storage/content-types';

export interface UploadKind<Name extends UploadKindName = UploadKindName> {
  name: Name;
  /** The ability (`anyOf(a, b)`: any one suffices); null: every signed-in member of the company. */
  ability: RequiredAbilities | null;
  /** Only administrators start uploads of this kind (whatever `ability` says). */
  adminOnly?: boolean;
  /** The licence the company must have bought to upload this kind (`hatch`: material archives). */
  licence?: RequiredLicences;
  /** The largest upload of this kind, in bytes. */
  maxBytes(config: ServerConfig): number;
  /** Errors by field for the client's file name and the declared length. */
  creationErrors(name: string, size: number, config: ServerConfig): FieldErrors;
  /**
   * Errors by field for the content, once the last byte arrived (its local file): the upload is then refused and
   * removed, so its file shows the refusal instead of being uploaded (issue 31). None: checked where it is used.
   */
  contentErrors?(name: string, path: string): Promise<FieldErrors>;
}

/** An upload kind of the file types its shared declaration names (shared/upload-kinds.ts) up to a size. */
export function fileUploadKind<Name extends UploadKindName>(declaration: {
  name: Name;
  ability: RequiredAbilities | null;
  adminOnly?: boolean;
  licence?: RequiredLicences;
  maxBytes: (config: ServerConfig) => number;
  contentErrors?: UploadKind['contentErrors'];
}): UploadKind<Name> {
  const types: readonly string[] = UPLOAD_KIND_TYPES[declaration.name];
  const allowed = types.map(canonicalExtension);
  return {
    name: declaration.name,
    ability: declaration.ability,
    adminOnly: declaration.adminOnly,
    licence: declaration.licence,
    maxBytes: declaration.maxBytes,
    contentErrors: declaration.contentErrors,
    creationErrors(name, size, config): FieldErrors {
      const maxBytes = declaration.maxBytes(config);
      if (allowed.length && !allowed.includes(canonicalExtension(extensionOf(name))))
        return { file: [`The file field must be a file of type: ${types.join(', ')}.`] };
      if (size < MIN_UPLOAD_BYTES) return { file: ['The file field must be at least 1 byte.'] };
      if (size > maxBytes)
        return {
          file: [`The file field must not be greater than ${Math.floor(maxBytes / 1024)} kilobytes.`],
        };
      return {};
    },
  };
}
