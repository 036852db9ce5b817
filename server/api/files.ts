/**
 * Stored files served back (public, like Laravel's public disk: keys are unguessable) with their content type; only
 * keys in a folder declared served (server/storage/storage-folders.ts), 404 for any other.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../errors/http-errors';
import { guard, guarded } from '../http/guarded-route';
import { SENT_AS_STORED } from '../http/compression';
import { isServedKey } from '../http/stored-files';
import { contentTypeOf } from '../storage/content-types';

export default async function fileRoutes(server: FastifyInstance): Promise<void> {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/files/*',
    {
      ...guarded(
        guard.public(
          "stored files are public, like Laravel's public disk: their keys are unguessable, only keys in folders declared served are served",
        ),
        {
          tags: ['files'],
          summary: 'A stored file (uploads, previews, screenshots)',
          params: Type.Object({ '*': Type.String() }),
        },
      ),
      ...SENT_AS_STORED,
    },
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
