/**
 * The push service never runs with a well-known secret. PUSHER_APP_SECRET is used when configured; otherwise a
 * random secret is generated on first start and kept in `$DATA_DIR/push-secret` (readable by the owner only), so
 * signatures stay valid across restarts; with nothing on disk (an in-memory database, as in the tests) it is
 * generated for the process. An external Pusher-protocol service (PUSHER_HOST) has its own secret, which must
 * be configured. The app id and key are public (the portal receives the key) and keep their defaults.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ServerConfig } from '../config';

export const PUSH_SECRET_FILE = 'push-secret';

const newSecret = () => randomBytes(32).toString('hex');

const errorCode = (error: unknown) =>
  error && typeof error === 'object' && 'code' in error ? String(error.code) : '';

async function storedSecret(dataDir: string): Promise<string> {
  const path = join(dataDir, PUSH_SECRET_FILE);
  try {
    const stored = (await readFile(path, 'utf8')).trim();
    if (stored) return stored;
  } catch (error) {
    if (errorCode(error) !== 'ENOENT') throw error;
  }
  await mkdir(dataDir, { recursive: true });
  const secret = newSecret();
  try {
    await writeFile(path, `${secret}\n`, { flag: 'wx', mode: 0o600 });
    return secret;
  } catch (error) {
    // Another process starting on the same data directory wrote it first.
    if (errorCode(error) === 'EEXIST') return (await readFile(path, 'utf8')).trim();
    throw error;
  }
}

/** The configuration with the push secret filled in (configured, stored or generated). */
export async function withPushSecret(config: ServerConfig): Promise<ServerConfig> {
  if (config.pusher.secret) return config;
  if (config.pusher.host) {
    throw new Error('PUSHER_HOST names an external push service: set PUSHER_APP_SECRET to its app secret.');
  }
  const secret = config.dataDir ? await storedSecret(config.dataDir) : newSecret();
  return { ...config, pusher: { ...config.pusher, secret } };
}
