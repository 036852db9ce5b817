/**
 * Serves the built portal next to the API: hashed assets from dist/, and index.html (with the runtime
 * configuration the portal reads at start-up) for every other GET that is not an API or push-service path.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { portalRuntimeConfig } from './runtime-config';

const API_PATHS = /^\/(api|apps|app|broadcasting)(\/|$)/;

export async function registerPortal(app: FastifyInstance): Promise<void> {
  const { config } = app.ctx;
  const indexFile = config.portalDir ? join(config.portalDir, 'index.html') : null;
  const hasPortal = !!indexFile && existsSync(indexFile);
  let indexHtml: string | null = null;
  const renderIndex = () => {
    indexHtml ??= readFileSync(indexFile!, 'utf8').replace(
      '<!--portal-config-->',
      `<script>window.__PORTAL_CONFIG__=${JSON.stringify(portalRuntimeConfig(config)).replace(/</g, '\\u003c')}</script>`,
    );
    return indexHtml;
  };
  const sendIndex = (reply: FastifyReply) =>
    reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(renderIndex());

  if (hasPortal) {
    await app.register(fastifyStatic, {
      root: config.portalDir!,
      index: false,
      wildcard: true,
      setHeaders: (res, path) => {
        if (/[\\/]assets[\\/]/.test(path)) {
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        }
      },
    });
    app.get('/', (_request, reply) => sendIndex(reply));
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0];
    if (hasPortal && (request.method === 'GET' || request.method === 'HEAD') && !API_PATHS.test(path)) {
      return sendIndex(reply);
    }
    return reply.status(404).send({ message: `The route ${path.replace(/^\//, '')} could not be found.` });
  });
}
