/**
 * The push service never runs with a well-known secret (server/realtime/push-secret.ts): without
 * PUSHER_APP_SECRET it generates one on first start and keeps it in the data directory, and its HTTP events API
 * answers only requests signed with that secret.
 */
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { PUSH_SECRET_FILE, withPushSecret } from '../../server/realtime/push-secret';
import { md5Hex, signRequest } from '../../server/realtime/signatures';
import { startTestServer, type TestServer } from './test-server';

const FORMER_DEFAULT = 'portal-secret';

let server: TestServer;
let dataDir: string;

beforeAll(async () => {
  server = await startTestServer();
  dataDir = await mkdtemp(join(tmpdir(), 'push-secret-'));
});
afterAll(async () => {
  await server?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** POST /apps/{id}/events signed with `secret`, as the pusher SDK signs it. */
function publishSignedWith(secret: string) {
  const { appId, key } = server.config.pusher;
  const path = `/apps/${appId}/events`;
  const body = JSON.stringify({ name: 'forged', data: '{}', channels: ['private-Company.1'] });
  const params = new Map([
    ['auth_key', key],
    ['auth_timestamp', String(Math.floor(Date.now() / 1000))],
    ['auth_version', '1.0'],
    ['body_md5', md5Hex(body)],
  ]);
  params.set('auth_signature', signRequest(secret, 'POST', path, params));
  return fetch(`http://127.0.0.1:${server.port}${path}?${new URLSearchParams([...params])}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body,
  });
}

describe('the push secret', () => {
  it('has no default: unset in the environment, the server generates a random one', async () => {
    expect(loadConfig({}).pusher.secret).toBe('');
    expect(server.config.pusher.secret).toMatch(/^[0-9a-f]{64}$/);
    const other = await startTestServer();
    try {
      expect(other.config.pusher.secret).toMatch(/^[0-9a-f]{64}$/);
      expect(other.config.pusher.secret).not.toBe(server.config.pusher.secret);
    } finally {
      await other.close();
    }
  });

  it('signs the only requests the HTTP events API accepts', async () => {
    const forged = await publishSignedWith(FORMER_DEFAULT);
    expect(forged.status).toBe(401);
    expect(await forged.json()).toEqual({ message: 'Authentication signature invalid.' });
    expect((await publishSignedWith('')).status).toBe(401);
    const genuine = await publishSignedWith(server.config.pusher.secret);
    expect(genuine.status).toBe(200);
  });

  it('is kept in the data directory, readable by its owner only, and reused on the next start', async () => {
    const config = { ...loadConfig({ DATA_DIR: dataDir }), pgliteDir: 'memory://' };
    expect(config.dataDir).toBe(dataDir);
    const first = await withPushSecret(config);
    const file = join(dataDir, PUSH_SECRET_FILE);
    expect((await readFile(file, 'utf8')).trim()).toBe(first.pusher.secret);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await withPushSecret(config)).pusher.secret).toBe(first.pusher.secret);
  });

  it('is the configured one when PUSHER_APP_SECRET is set, and nothing is written', async () => {
    const emptyDir = join(dataDir, 'configured');
    const config = loadConfig({ DATA_DIR: emptyDir, PUSHER_APP_SECRET: 'from-the-environment' });
    expect((await withPushSecret(config)).pusher.secret).toBe('from-the-environment');
    await expect(stat(emptyDir)).rejects.toThrow();
  });

  it('must be configured for an external push service', async () => {
    const config = loadConfig({ PGLITE_DIR: 'memory://', PUSHER_HOST: 'soketi.internal' });
    await expect(withPushSecret(config)).rejects.toThrow(/PUSHER_APP_SECRET/);
  });

  it('is kept nowhere for an in-memory database', () => {
    expect(loadConfig({ PGLITE_DIR: 'memory://' }).dataDir).toBeNull();
  });
});
