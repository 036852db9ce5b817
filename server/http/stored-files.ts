/**
 * Stored files as the API hands them out: the URL of a stored file (served by server/api/files.ts), which keys are
 * never served, and the `Content-Disposition` of a file sent as a download.
 */
import type { FastifyRequest } from 'fastify';

export const FILES_PATH = '/api/v2/files';

/**
 * Stored keys that are never served: the source files of models and library items (`models/…`, `library-items/…`,
 * reached only through their record's download), the pictures of material imports (`material-imports/…`), the files
 * of downloads (`downloads/…`, reached only through `GET /downloads/{id}/download`) and unfinished resumable
 * uploads (`uploads/…`, the tus store's working folder).
 */
const PRIVATE_PREFIXES = ['models/', 'library-items/', 'material-imports/', 'downloads/', 'uploads/'];
export const isServedKey = (key: string) =>
  !key.split('/').includes('..') && !PRIVATE_PREFIXES.some((prefix) => key.startsWith(prefix));

/** The absolute URL of a stored file (a value that already is a URL or an absolute path is kept). */
export function fileUrl(request: FastifyRequest, keyOrUrl: string | null): string | null {
  if (!keyOrUrl) return null;
  if (/^(https?:)?\/\//.test(keyOrUrl) || keyOrUrl.startsWith('/') || keyOrUrl.startsWith('data:'))
    return keyOrUrl;
  const key = keyOrUrl.split('/').map(encodeURIComponent).join('/');
  return `${request.protocol}://${request.host}${FILES_PATH}/${key}`;
}

/** `attachment` with the name as a quoted ASCII fallback and in full as RFC 5987 `filename*`. */
export function attachmentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16)}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
