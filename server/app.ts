/**
 * The contract server as a Fastify instance: /api/v2 (schemas → validation and OpenAPI at /api/v2/docs),
 * the push service, and the built portal with its runtime configuration.
 */
import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import qs from 'qs';
import { registerApi } from './api/index';
import type { ServerConfig } from './config';
import type { DB } from './db/database';
import { registerErrorHandling } from './http/errors';
import { isPortalOrigin } from './http/origins';
import { registerPortal } from './portal';
import type { Broadcaster } from './realtime/broadcaster';

export interface AppContext {
  config: ServerConfig;
  db: DB;
  broadcaster: Broadcaster;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

/** PHP-style bracket parsing for queries and url-encoded bodies (`items[0][id]=5`, `included_fields[]=x`). */
export const parsePhpQuery = (text: string) =>
  qs.parse(text, { arrayLimit: 10_000, depth: 10, parameterLimit: 10_000, allowDots: false });

export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  const app = Fastify({
    logger: process.env.LOG_LEVEL ? { level: process.env.LOG_LEVEL } : false,
    routerOptions: { querystringParser: parsePhpQuery },
    trustProxy: true,
    bodyLimit: 20 * 1024 * 1024,
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.decorate('ctx', ctx);

  await app.register(cors, {
    origin: (origin, callback) => callback(null, !origin || isPortalOrigin(origin, ctx.config.domain)),
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Accept', 'X-Requested-With', 'X-Socket-Id', 'X-CSRF-TOKEN'],
    exposedHeaders: ['Retry-After', 'X-RateLimit-Limit', 'X-RateLimit-Remaining'],
    maxAge: 600,
  });
  await app.register(formbody, { parser: (body) => parsePhpQuery(body) });
  await app.register(multipart, { limits: { fileSize: 1024 * 1024 * 1024 } });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Asset portal API',
        version: '2',
        description: 'The /api/v2 contract the portal is a client of (Laravel-style conventions).',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/v2/docs' });
  registerErrorHandling(app);

  await app.register(registerApi, { prefix: '/api/v2' });
  await registerPortal(app);
  return app;
}
