/**
 * The contract server as a Fastify instance: /api/v2 (schemas → validation and OpenAPI at /api/v2/docs),
 * the push service, and the built portal with its runtime configuration.
 */
import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { registerApi } from './api/index';
import { measureHashingCost, passwordHashingGate } from './auth/passwords';
import type { ServerConfig } from './config';
import { registerArrivalOrder } from './db/arrival-order';
import { connectionGate, databaseEngine, type DB } from './db/database';
import { schemaCompilers } from './http/schema-compilers';
import { registerErrorHandling } from './http/errors';
import { IDEMPOTENCY_HEADER, REPLAYED_HEADER } from './http/idempotency';
import { guard, registerRouteGuards } from './http/guarded-route';
import { registerResponseLanguage } from './http/language';
import { JSON_BODY_LIMIT, multipartParsing } from './http/input-limits';
import { registerMaintenanceMode } from './http/maintenance';
import { type AdmissionGate, registerOverloadShedding, SHED_AFTER_MS } from './http/overload';
import { isPortalOrigin } from './http/origins';
import { parsePhpQuery } from './http/php-params';
import { registerRequestInput } from './http/request-input';
import { registerPortal } from './portal';
import type { ProcessingQueue } from './processing/processor';
import type { Broadcaster } from './realtime/broadcaster';
import { registerRealtime } from './realtime/index';
import type { FileStorage } from './storage/storage';
import type { RegistrableEntity } from './http/crud/declared-entity';
import type { UploadStore } from './uploads/upload-store';
import { UNDO_TOKEN_HEADER } from './auth/undo-tokens';

export interface AppContext {
  config: ServerConfig;
  db: DB;
  broadcaster: Broadcaster;
  /** Stored files: local disk under STORAGE_DIR, or the S3 bucket when S3_BUCKET is set. */
  storage: FileStorage;
  /** The bytes of resumable uploads while they arrive (server/uploads/upload-store.ts). */
  uploads: UploadStore;
  /** The processing queue (server/processing): the API queues models, its workers process them. */
  processor: ProcessingQueue;
  /**
   * The API's entity declarations (`declaredEntities()` of server/api/index.ts): what derives from all of them
   * (the recycling bin's purge, the activity entries' collections, a company's files) reads them here.
   */
  entities: readonly RegistrableEntity[];
}

/** Request headers of the tus protocol (resumable uploads, server/api/uploads.ts) a portal origin may send. */
const TUS_REQUEST_HEADERS = [
  'Tus-Resumable',
  'Upload-Length',
  'Upload-Metadata',
  'Upload-Offset',
  'Upload-Concat',
  'Upload-Defer-Length',
];
/** Response headers of the tus protocol a portal origin may read. */
const TUS_RESPONSE_HEADERS = [
  'Location',
  'Tus-Resumable',
  'Tus-Version',
  'Tus-Extension',
  'Tus-Max-Size',
  'Upload-Offset',
  'Upload-Length',
  'Upload-Metadata',
  'Upload-Defer-Length',
  'Upload-Concat',
  'Upload-Expires',
];

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

export { parsePhpQuery };

/** The route of the stored files (api/files.ts), read from the storage. */
const STORED_FILE_ROUTE = '/api/v2/files/*';

/** A sign-in: first in line for the database (db/arrival-order.ts), and through the login gate below. */
const isLogin = (request: FastifyRequest) =>
  request.method === 'POST' && request.url.split('?')[0] === '/api/v2/login';

/**
 * How long a login may wait for the password hashing before it is given a turn to come back: a person waits at the
 * form, and 200 arriving at once on two cores take about 2 to 3 s to hash and sign in whichever way they wait
 * (`npm run bench:load`); a longer queue only makes the last ones wait longer without a turn.
 */
const LOGIN_WAIT_MS = 2_000;

/** The queues a request may wait in, each shedding new requests once it is too long (http/overload.ts). */
function admissionGates(db: DB): AdmissionGate[] {
  const database = connectionGate(db);
  const login: AdmissionGate = {
    gate: passwordHashingGate,
    applies: isLogin,
    reachedLate: true,
    waitMs: LOGIN_WAIT_MS,
    // Each waits for a hashing slot holding little (a hash's 7 MiB only while it runs); the bound is for a first
    // burst judged on an idle machine's pace.
    maxUnderWay: 100 * passwordHashingGate.slots,
  };
  if (!database) return [login];
  // A stored file is never turned away: it is read from the storage (the database is asked at most the maintenance
  // switch), and an <img> whose preview was refused is not asked for again, so it would stay a broken image.
  // A login does not queue behind the database's waiters (it goes first in line), so their wait does not turn it
  // away; the login gate bounds how many logins are under way, and the others give way to a burst of them.
  return [
    {
      gate: database,
      applies: (request) => request.routeOptions.url !== STORED_FILE_ROUTE && !isLogin(request),
      givesWayTo: login,
    },
    login,
  ];
}

export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: process.env.LOG_LEVEL ?? 'warn' },
    routerOptions: { querystringParser: parsePhpQuery },
    // Laravel reports every invalid field at once; `verbose` gives the error mapper the offending value.
    ajv: { customOptions: { allErrors: true, verbose: true } },
    schemaController: { compilersFactory: schemaCompilers },
    trustProxy: ctx.config.trustProxy,
    bodyLimit: JSON_BODY_LIMIT,
    // Fastify gives each plugin 10 s to register. On a busy machine (a small container, the test suites side by
    // side) loading a plugin's modules alone took longer; a plugin that truly hangs still fails the start.
    pluginTimeout: 120_000,
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.decorate('ctx', ctx);
  // First of all hooks: database connections are handed out in the order requests arrived.
  registerArrivalOrder(app, isLogin);
  // Before any route: every route's declared guard becomes its preValidation (http/guarded-route.ts).
  registerRouteGuards(app);

  const preflight = guard.public('CORS preflights, answered by @fastify/cors before any route');
  await app.routeGuards.plugin(preflight, () =>
    app.register(cors, {
      origin: (origin, callback) => callback(null, !origin || isPortalOrigin(origin, ctx.config.domain)),
      credentials: true,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      allowedHeaders: [
        'Authorization',
        'Content-Type',
        'Accept',
        'Accept-Language',
        'X-Requested-With',
        'X-Socket-Id',
        'X-CSRF-TOKEN',
        'X-HTTP-Method-Override',
        IDEMPOTENCY_HEADER,
        UNDO_TOKEN_HEADER,
        ...TUS_REQUEST_HEADERS,
      ],
      exposedHeaders: [
        REPLAYED_HEADER,
        'Retry-After',
        'X-RateLimit-Limit',
        'X-RateLimit-Remaining',
        ...TUS_RESPONSE_HEADERS,
      ],
      maxAge: 600,
    }),
  );
  // After CORS, so a 503 still carries the CORS headers; shedding first, before anything queries.
  await measureHashingCost();
  const shedAfterMs = ctx.config.shedAfterMs ?? SHED_AFTER_MS[databaseEngine(ctx.db)];
  if (shedAfterMs > 0) registerOverloadShedding(app, shedAfterMs, admissionGates(ctx.db));
  registerMaintenanceMode(app);
  await registerRequestInput(app);
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
  await app.routeGuards.plugin(
    guard.public('the OpenAPI document and its viewer describe the public contract'),
    () => app.register(swaggerUi, { routePrefix: '/api/v2/docs' }),
  );
  registerErrorHandling(app, { failedParsingBody: multipartParsing.failed });
  registerResponseLanguage(app);

  await app.register(registerApi, { prefix: '/api/v2' });
  await app.register(registerRealtime);
  await registerPortal(app);
  return app;
}
