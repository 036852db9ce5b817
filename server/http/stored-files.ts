/**
 * Stored files as the API hands them out: the URL of a stored file (served by server/api/files.ts), which keys are
 * served, and the `Content-Disposition` of a file sent as a download.
 */
import type { FastifyRequest } from 'fastify';
import { usdzKeyOf } from '../../shared/ar-models';
import { FILES_PATH } from '../../shared/files-path';
import { folderOf } from '../storage/storage-folders';

export { FILES_PATH };

/**
 * Whether the public files route serves a key: only a key in a folder declared served (server/storage/
 * storage-folders.ts). Source files, material import archives, downloads and unfinished uploads lie in private
 * folders and are reached through their record only; a key in no declared folder is never served either.
 */
export const isServedKey = (key: string) => !key.split('/').includes('..') && folderOf(key)?.served === true;

/** The absolute URL of a stored file (a value that already is a URL or an absolute path is kept). */
export function fileUrl(request: FastifyRequest, keyOrUrl: string | null): string | null {
  if (!keyOrUrl) return null;
  if (/^(https?:)?\/\//.test(keyOrUrl) || keyOrUrl.startsWith('/') || keyOrUrl.startsWith('data:'))
    return keyOrUrl;
  const key = keyOrUrl.split('/').map(encodeURIComponent).join('/');
  return `${request.protocol}://${request.host}${FILES_PATH}/${key}`;
}

/**
 * The viewer's files of a processed version: its glb and, when the pipeline wrote one (its figures say so), the
 * USDZ beside it for AR (shared/ar-models.ts); both null while it has no viewer file.
 */
export function viewerFileUrls(
  request: FastifyRequest,
  glbKey: string | null,
  statistics: { usdz_bytes?: number } | null,
): { viewer_model_url: string | null; ar_model_url: string | null } {
  const viewer = fileUrl(request, glbKey);
  return {
    viewer_model_url: viewer,
    ar_model_url: viewer && statistics?.usdz_bytes ? usdzKeyOf(viewer) : null,
  };
}

/** `attachment` with the name as a quoted ASCII fallback and in full as RFC 5987 `filename*`. */
export function attachmentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16)}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
