/** Contract-server configuration from environment variables, with the working defaults of the demo. */
import { resolve } from 'node:path';
import {
  READER_LIMITS,
  TESSELLATION_QUALITIES,
  type ModelReading,
  type TessellationQuality,
} from './geometry/readers/source-model';

export interface ServerConfig {
  port: number;
  host: string;
  /**
   * How many new connections one turn of the event loop may accept (ACCEPTS_PER_TURN, 16): `npm run server` binds
   * the port and runs the server in a child given the listening socket that many times (server/listening-socket.ts);
   * 1 runs it in one process that takes one connection per turn.
   */
  acceptsPerTurn: number;
  /** The portal's parent domain: the public host is `{domain}`, tenants are `{company}.{domain}`. */
  domain: string;
  /**
   * The environment the deployment is (development, test, acceptance, production): the dashboard shows the
   * changelog dates of it. Null leaves it to the portal build (production or development).
   */
  environment: string | null;
  /**
   * Where the server keeps what it generates for itself (the push secret, server/realtime/push-secret.ts): DATA_DIR,
   * or null when the database lives in memory (nothing is kept across runs).
   */
  dataDir: string | null;
  /** Postgres connection string; when unset the embedded PGlite database is used. */
  databaseUrl: string | null;
  /** PGlite data directory, or `memory://` for an in-memory database. */
  pgliteDir: string;
  /** Where uploaded files are stored (and resumable uploads arrive) when no S3 bucket is configured. */
  storageDir: string;
  /** An S3-compatible bucket for stored files and resumable uploads (S3_BUCKET set), shared by every process. */
  s3: {
    bucket: string;
    region: string;
    /** The service's URL for a non-AWS service (MinIO, Ceph, R2, a local stand-in); null: AWS itself. */
    endpoint: string | null;
    accessKeyId: string | null;
    secretAccessKey: string | null;
    /** Bucket in the path instead of the host name (most non-AWS services need it). */
    forcePathStyle: boolean;
  } | null;
  /** The built portal served next to the API; null serves the API only. */
  portalDir: string | null;
  /** Seed the demo fixture when the database is empty. */
  seed: boolean;
  /**
   * Give the seeded models, items and materials real files (made at start, server/seed/demo-files.ts) and
   * process them in the background, once per database. DEMO_FILES=1/0; on by default where the seed is.
   */
  demoFiles: boolean;
  /**
   * `GET /dev/mail` shows the mails the server sent (invitation and password reset links): the demo and the tests
   * have no mail server. MAIL_OUTBOX=1/0; on by default outside production.
   */
  mailOutbox: boolean;
  production: boolean;
  /** Maintenance mode switched on by the environment (an admin switch exists in the database too). */
  maintenance: { status: string | null; backOn: string | null } | null;
  pusher: {
    appId: string;
    key: string;
    /** PUSHER_APP_SECRET; empty until createServer fills in the stored or generated one (push-secret.ts). */
    secret: string;
    /** External Pusher-protocol server (Soketi, Reverb, Pusher Channels); null uses the built-in one. */
    host: string | null;
    port: number | null;
    useTLS: boolean;
    cluster: string;
    /** Built-in service: seconds of silence before it pings a client (sent as `activity_timeout`). */
    activityTimeout: number;
    /** Built-in service: seconds it waits for the pong before closing with 4201. */
    pongTimeout: number;
  };
  /** Lifetime of a token issued without remember-me; remember-me tokens live REMEMBER_TOKEN_DAYS. */
  tokenLifetimeMinutes: number;
  /** Login attempts allowed per minute: failed ones per identity, all of them per client address. */
  loginRateLimit: { perIdentity: number; perAddress: number };
  /**
   * How long a queue may be before new requests get the busy 503 (http/overload.ts): null for the engine's own
   * threshold (SHED_AFTER_MS), 0 for never.
   */
  shedAfterMs: number | null;
  /**
   * Proxies whose X-Forwarded-For/-Host/-Proto headers are believed (Fastify's `trustProxy`): the client address
   * decides the login rate limit and the forwarded host the tenant, so only trusted proxies may set them.
   */
  trustProxy: boolean | string;
  /** Largest model file accepted, in bytes (multipart `file` or a resumable upload). */
  modelUploadMaxBytes: number;
  /**
   * The processing worker: milliseconds between its steps, runs at once per process, and how models are read
   * (MODEL_TESSELLATION: how finely STEP, IGES, IFC and 3DM surfaces become triangles; MODEL_MAX_TRIANGLES: more
   * fails the file instead of exhausting memory).
   */
  processing: { stepMs: number; concurrency: number; modelReading?: ModelReading; warmProcess?: boolean };
  /** Whether this process works processing jobs (PROCESSING_WORKER=0: an API process that only queues them). */
  processingWorker: boolean;
  /** With DATABASE_URL: the schema pg-boss keeps the processing jobs in. */
  jobQueueSchema: string;
}

/** Lifetime of a remember-me token (spec 1 §9: the persistent session cookie lives 365 days). */
export const REMEMBER_TOKEN_DAYS = 365;

const int = (value: string | undefined, fallback: number) => {
  const parsed = Number.parseInt(value ?? '', 10);
  return Number.isFinite(parsed) ? parsed : fallback;
};

const tessellationQuality = (value: string | undefined): TessellationQuality =>
  TESSELLATION_QUALITIES.find((quality) => quality === value) ?? READER_LIMITS.quality;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const production = env.NODE_ENV === 'production';
  const dataDir = resolve(env.DATA_DIR ?? 'data');
  const pgliteDir = env.PGLITE_DIR ?? resolve(dataDir, 'db');
  return {
    port: int(env.PORT, 8080),
    acceptsPerTurn: Math.max(1, int(env.ACCEPTS_PER_TURN, 16)),
    host: env.HOST ?? '0.0.0.0',
    domain: env.APP_DOMAIN ?? 'portal.localhost',
    environment: env.APP_ENVIRONMENT || null,
    dataDir: pgliteDir === 'memory://' && !env.DATABASE_URL ? null : dataDir,
    databaseUrl: env.DATABASE_URL || null,
    pgliteDir,
    storageDir: env.STORAGE_DIR ?? resolve(dataDir, 'files'),
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          region: env.S3_REGION || 'us-east-1',
          endpoint: env.S3_ENDPOINT || null,
          accessKeyId: env.S3_ACCESS_KEY_ID || null,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY || null,
          forcePathStyle: env.S3_FORCE_PATH_STYLE ? env.S3_FORCE_PATH_STYLE !== 'false' : !!env.S3_ENDPOINT,
        }
      : null,
    portalDir: env.PORTAL_DIR === '' ? null : resolve(env.PORTAL_DIR ?? 'dist'),
    seed: env.SEED ? env.SEED !== '0' : !production,
    demoFiles: env.DEMO_FILES ? env.DEMO_FILES !== '0' : env.SEED ? env.SEED !== '0' : !production,
    mailOutbox: env.MAIL_OUTBOX ? env.MAIL_OUTBOX !== '0' : !production,
    production,
    maintenance:
      env.MAINTENANCE_MODE === '1' || env.MAINTENANCE_MODE === 'true'
        ? { status: env.MAINTENANCE_STATUS ?? null, backOn: env.MAINTENANCE_BACK_ON ?? null }
        : null,
    pusher: {
      appId: env.PUSHER_APP_ID ?? 'portal',
      key: env.PUSHER_APP_KEY ?? 'portal-key',
      secret: env.PUSHER_APP_SECRET ?? '',
      host: env.PUSHER_HOST || null,
      port: env.PUSHER_PORT ? int(env.PUSHER_PORT, 443) : null,
      useTLS: env.PUSHER_SCHEME === 'https',
      cluster: env.PUSHER_APP_CLUSTER ?? 'mt1',
      activityTimeout: int(env.PUSHER_ACTIVITY_TIMEOUT, 30),
      pongTimeout: int(env.PUSHER_PONG_TIMEOUT, 30),
    },
    tokenLifetimeMinutes: int(env.TOKEN_LIFETIME_MINUTES, 60 * 24),
    loginRateLimit: {
      perIdentity: int(env.LOGIN_RATE_LIMIT_PER_IDENTITY, 10),
      perAddress: int(env.LOGIN_RATE_LIMIT_PER_ADDRESS, 60),
    },
    shedAfterMs: env.OVERLOAD_SHED_AFTER_MS ? Math.max(0, int(env.OVERLOAD_SHED_AFTER_MS, 0)) : null,
    trustProxy:
      env.TRUST_PROXY === 'true'
        ? true
        : env.TRUST_PROXY === 'false'
          ? false
          : (env.TRUST_PROXY ?? 'loopback'),
    modelUploadMaxBytes: int(env.MODEL_UPLOAD_MAX_BYTES, 2 * 1024 ** 3),
    processing: {
      stepMs: int(env.PROCESSING_STEP_MS, 1500),
      concurrency: Math.max(1, int(env.PROCESSING_CONCURRENCY, 2)),
      warmProcess: env.PROCESSING_WARM_PROCESS !== '0',
      modelReading: {
        quality: tessellationQuality(env.MODEL_TESSELLATION),
        maxTriangles: Math.max(1, int(env.MODEL_MAX_TRIANGLES, READER_LIMITS.maxTriangles)),
      },
    },
    processingWorker: env.PROCESSING_WORKER !== '0' && env.PROCESSING_WORKER !== 'false',
    jobQueueSchema: env.JOB_QUEUE_SCHEMA || 'pgboss',
  };
}
