/**
 * A real contract server for server tests: in-memory PGlite by default, or a database of its own on the PostgreSQL
 * server named by TEST_DATABASE_URL (CI runs the suite both ways). Listens on an ephemeral port.
 */
import { randomBytes } from 'node:crypto';
import { cp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import { inject } from 'vitest';
import { loadConfig, type ServerConfig } from '../../server/config';
import { createServer, type RunningServer } from '../../server/server';
import { createDatabase, dropDatabase, TEST_SCHEMA, urlOfDatabase } from './test-databases';

export const TEST_DOMAIN = 'portal.localhost';

export interface TestServer extends RunningServer {
  port: number;
  /** The PostgreSQL schema of its tables, in its database (undefined on PGlite). */
  schema: string | undefined;
  /** The SQL of every statement the server sent while `during` ran (run nothing else meanwhile). */
  statementsDuring(during: () => Promise<unknown>): Promise<string[]>;
  /** Sends a request to the server as if to `{subdomain}.portal.localhost` (null: the public host). */
  request(subdomain: string | null, path: string, init?: RequestInit & { token?: string }): Promise<Response>;
}

/**
 * `sharing`: a second instance on the database of a running test server (files are shared only through an S3
 * bucket both are given); the first one drops the database when it closes.
 */
export async function startTestServer(
  overrides: Partial<ServerConfig> = {},
  sharing?: TestServer,
): Promise<TestServer> {
  const postgres = process.env.TEST_DATABASE_URL || null;
  const loaded = loadConfig({});
  const config: ServerConfig = {
    ...loaded,
    host: '127.0.0.1',
    port: 0,
    domain: TEST_DOMAIN,
    databaseUrl: null,
    pgliteDir: 'memory://',
    // Nothing is kept across runs: the push secret is generated for each server.
    dataDir: null,
    storageDir: `test-results/server-files-${randomBytes(4).toString('hex')}`,
    portalDir: null,
    seed: true,
    // The seeded rows keep their fixture values; a test processes the files it makes itself.
    demoFiles: false,
    // A test server never turns a request away as busy (a slow machine's queue is no test's subject) unless the
    // test is about that: overload.test.ts starts its own with the engine's threshold (`shedAfterMs: null`).
    shedAfterMs: 0,
    // No spare pipeline process started ahead for each server: most never process a file.
    processing: { ...loaded.processing, warmProcess: false },
    ...overrides,
  };
  const schema = postgres ? TEST_SCHEMA : undefined;
  let recording: string[] | null = null;
  const [serverConfig, options] = sharing
    ? [{ ...config, databaseUrl: sharing.config.databaseUrl }, { schema }]
    : await fromTemplate(config, postgres);
  const server = await createServer(serverConfig, {
    ...options,
    onStatement: (statement) => recording?.push(statement),
  });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    ...server,
    port,
    schema,
    async close() {
      // The model processor works in the background: stop it before its database goes.
      await server.app.ctx.processor.stop();
      await server.close();
      if (postgres && !sharing && serverConfig.databaseUrl)
        await dropDatabase(postgres, new URL(serverConfig.databaseUrl).pathname.slice(1));
      await rm(config.storageDir, { recursive: true, force: true });
    },
    async statementsDuring(during) {
      const statements: string[] = [];
      recording = statements;
      try {
        await during();
      } finally {
        recording = null;
      }
      return statements;
    },
    request(subdomain, path, init = {}) {
      const { token, headers, ...rest } = init;
      const host = `${subdomain ? `${subdomain}.` : ''}${TEST_DOMAIN}:${port}`;
      return sendWithHost(port, host, `/api/v2${path}`, {
        ...rest,
        headers: {
          Accept: 'application/json',
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          ...(headers as Record<string, string> | undefined),
        },
      });
    },
  };
}

let templateDataDir: Promise<Blob> | null = null;

/**
 * A seeded server starts as a copy of the run's migrated and seeded template (./database-template.ts), with the
 * seed's files copied into its storage folder, and does not seed again: in-memory PGlite from the template's data
 * directory; on PostgreSQL, a database of its own created from the template database (an empty one for a server
 * that is not seeded or keeps its files elsewhere, which migrates and seeds it itself).
 */
async function fromTemplate(
  config: ServerConfig,
  postgres: string | null,
): Promise<[ServerConfig, NonNullable<Parameters<typeof createServer>[1]>]> {
  // The template's files are on the local disk, its rows name them.
  const seeded = config.seed && !config.s3;
  if (postgres) {
    const template = seeded ? inject('postgresTemplate') : null;
    const database = `test_${randomBytes(6).toString('hex')}`;
    await createDatabase(postgres, database, template?.database);
    const databaseUrl = urlOfDatabase(postgres, database);
    if (!template) return [{ ...config, databaseUrl }, { schema: TEST_SCHEMA }];
    await cp(template.files, config.storageDir, { recursive: true });
    return [{ ...config, databaseUrl, seed: false }, { schema: TEST_SCHEMA }];
  }
  const template = seeded && config.pgliteDir === 'memory://' ? inject('pgliteTemplate') : null;
  if (!template) return [config, {}];
  templateDataDir ??= readFile(template.dataDir).then((tar) => new Blob([tar]));
  await cp(template.files, config.storageDir, { recursive: true });
  return [{ ...config, seed: false }, { pgliteTemplate: await templateDataDir }];
}

const BODILESS_STATUSES = [101, 204, 205, 304];

/**
 * fetch() always sends the Host of its URL, so requests go through node:http with the tenant's Host header;
 * a Request object still encodes the body (JSON strings, URLSearchParams, FormData with its boundary).
 */
export async function sendWithHost(
  port: number,
  host: string,
  path: string,
  init: RequestInit = {},
): Promise<Response> {
  const encoded = new Request(`http://127.0.0.1:${port}${path}`, init);
  const url = new URL(encoded.url);
  const body = encoded.body ? Buffer.from(await encoded.arrayBuffer()) : undefined;
  const headers = {
    ...Object.fromEntries(encoded.headers),
    host,
    ...(body ? { 'content-length': String(body.length) } : {}),
  };
  const send = () =>
    new Promise<Response>((resolve, reject) => {
      const request = http.request(
        { host: '127.0.0.1', port, path: url.pathname + url.search, method: encoded.method, headers },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            const status = response.statusCode ?? 0;
            const responseHeaders = new Headers();
            for (const [name, value] of Object.entries(response.headers)) {
              for (const item of Array.isArray(value) ? value : [value ?? ''])
                responseHeaders.append(name, item);
            }
            const content = BODILESS_STATUSES.includes(status) ? null : Buffer.concat(chunks);
            resolve(new Response(content, { status, headers: responseHeaders }));
          });
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  // As the portal does (src/providers/http-client.ts): a request a busy server refused before starting it
  // (server/http/overload.ts, on a server started with shedding) is sent again at the turn it was given. Unlike the
  // portal (three times, then the user sees the message), a test resends until the server takes it: the queue the
  // refusal measured drains, and the test's own time limit bounds the wait.
  for (;;) {
    const response = await send();
    const body = response.status === 503 ? await response.clone().text() : '';
    if (!body.includes('"busy":true')) return response;
    const { retry_after_ms: turn } = JSON.parse(body) as { retry_after_ms: number };
    await new Promise((resolve) => setTimeout(resolve, turn));
  }
}
