/**
 * A real contract server for server tests: in-memory PGlite by default, or a private schema on the PostgreSQL
 * server named by TEST_DATABASE_URL (CI runs the suite both ways). Listens on an ephemeral port.
 */
import { randomBytes } from 'node:crypto';
import { loadConfig, type ServerConfig } from '../../server/config';
import { createServer, type RunningServer } from '../../server/server';

export const TEST_DOMAIN = 'portal.localhost';

export interface TestServer extends RunningServer {
  port: number;
  /** Sends a request to the server as if to `{subdomain}.portal.localhost` (null: the public host). */
  request(subdomain: string | null, path: string, init?: RequestInit & { token?: string }): Promise<Response>;
}

export async function startTestServer(overrides: Partial<ServerConfig> = {}): Promise<TestServer> {
  const databaseUrl = process.env.TEST_DATABASE_URL || null;
  const config: ServerConfig = {
    ...loadConfig({}),
    host: '127.0.0.1',
    port: 0,
    domain: TEST_DOMAIN,
    databaseUrl,
    pgliteDir: 'memory://',
    storageDir: `test-results/server-files-${randomBytes(4).toString('hex')}`,
    portalDir: null,
    seed: true,
    ...overrides,
  };
  const schema = databaseUrl ? `test_${randomBytes(6).toString('hex')}` : undefined;
  const server = await createServer(config, { schema });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    ...server,
    port,
    async close() {
      if (schema) {
        const { sql } = await import('kysely');
        await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(server.db);
      }
      await server.close();
    },
    request(subdomain, path, init = {}) {
      const { token, headers, ...rest } = init;
      const host = `${subdomain ? `${subdomain}.` : ''}${TEST_DOMAIN}:${port}`;
      return fetch(`http://127.0.0.1:${port}/api/v2${path}`, {
        ...rest,
        headers: {
          Host: host,
          Accept: 'application/json',
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          ...(headers as Record<string, string> | undefined),
        },
      });
    },
  };
}
