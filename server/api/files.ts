/** Stored files served back (public, like Laravel's public disk: keys are unguessable) with their content type. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound } from '../http/errors';
import { guard, guarded } from '../http/guarded-route';
import { contentTypeOf } from '../storage/content-types';

export const FILES_PATH = '/api/v2/files';

/**
 * Stored keys that are never served: model source files (`models/…`, reached only through their model), the files
 * of downloads (`downloads/…`, reached only through `GET /downloads/{id}/download`) and unfinished resumable
 * uploads (`uploads/…`, the tus store's working folder).
 */
const PRIVATE_PREFIXES = ['models/', 'downloads/', 'uploads/'];
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

export async function fileRoutes(server: FastifyInstance): Promise<void> {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/files/*',
    guarded(
      guard.public(
        "stored files are public, like Laravel's public disk: their keys are unguessable, private prefixes are never served",
      ),
      {
        tags: ['files'],
        summary: 'A stored file (uploads, previews, screenshots)',
        params: Type.Object({ '*': Type.String() }),
      },
    ),
    async (request, reply) => {
      const key = request.params['*'];
      if (!isServedKey(key)) throw notFound('File not found.');
      const stored = await app.ctx.storage.read(key);
      if (!stored) throw notFound('File not found.');
      return reply
        .header('Content-Type', contentTypeOf(key))
        .header('Content-Length', String(stored.size))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .header('Cache-Control', 'public, max-age=86400')
        .send(stored.stream);
    },
  );
}
