/**
 * `npm run server` (server/main.ts) as a deployment runs it: a process that binds the port and runs the server in
 * a child given the listening socket ACCEPTS_PER_TURN times (server/listening-socket.ts). The child serves the API
 * on the port, a stop signal to the parent stops both, and the parent ends as the child does.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const MAIN = fileURLToPath(new URL('../../server/main.ts', import.meta.url));

/** A port nobody listens on now. */
async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const address = probe.address();
  probe.close();
  return typeof address === 'object' && address ? address.port : 0;
}

const childrenOf = (pid: number): number[] =>
  readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);

/** How many of a process's descriptors are the socket listening on `port` (Linux's /proc/net/tcp and /proc/PID/fd). */
function descriptorsOfListeningSocket(pid: number, port: number): number {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const listening = readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .find((fields) => fields[1]?.endsWith(`:${hexPort}`) && fields[3] === '0A');
  if (!listening) return 0;
  const link = `socket:[${listening[9]}]`;
  return readdirSync(`/proc/${pid}/fd`).filter((fd) => {
    try {
      return readlinkSync(`/proc/${pid}/fd/${fd}`) === link;
    } catch {
      return false;
    }
  }).length;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const linux = process.platform === 'linux';
let parent: ChildProcess | undefined;
let port = 0;
let dataDir = '';

// The start is the hook (a whole server in a fresh process: tsx compiles its code, PGlite migrates).
beforeAll(async () => {
  if (!linux) return;
  port = await freePort();
  dataDir = mkdtempSync(join(tmpdir(), 'server-entry-'));
  parent = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PGLITE_DIR: 'memory://',
      // Whatever the server writes, outside the checkout.
      DATA_DIR: dataDir,
      STORAGE_DIR: join(dataDir, 'files'),
      SEED: '0',
      DEMO_FILES: '0',
      PORTAL_DIR: '',
      LOG_LEVEL: 'error',
      ACCEPTS_PER_TURN: '4',
      // No request is turned away as busy: shedding is overload.test.ts's subject, not this one's.
      OVERLOAD_SHED_AFTER_MS: '0',
    },
  });
  // The start banner comes once the server listens.
  const lines = createInterface({ input: parent.stdout! });
  await new Promise<void>((resolve) => lines.once('line', () => resolve()));
});

afterAll(async () => {
  if (parent && parent.exitCode === null) {
    // SIGTERM, not SIGKILL: the parent passes it on and ends with the server, which holds the output pipe too.
    const exited = once(parent, 'exit');
    parent.kill('SIGTERM');
    await exited;
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run server', () => {
  it.skipIf(!linux)(
    'serves the API from a child with the socket several times, and stops both on SIGTERM',
    async () => {
      const running = parent!;
      const [server] = childrenOf(running.pid!);
      expect(descriptorsOfListeningSocket(server, port)).toBe(4);
      expect(descriptorsOfListeningSocket(running.pid!, port)).toBe(0);
      const response = await fetch(`http://127.0.0.1:${port}/api/v2/auth/validate`, {
        headers: { host: `acme.portal.localhost:${port}` },
      });
      expect(response.status).toBe(401);

      const exited = once(running, 'exit');
      running.kill('SIGTERM');
      expect(await exited).toEqual([0, null]);
      expect(alive(server)).toBe(false);
    },
  );
});
