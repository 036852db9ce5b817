/**
 * The contract server as the browser benchmarks use it (bench:web, bench:viewer): the production build served by
 * `server/main.ts` on PGlite in memory with the demo fixture, on a port of the benchmark's own, and alice's session
 * for a browser context. The server runs detached in its own process group; `stopPortalServer` ends it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  request as playwrightRequest,
} from '@playwright/test';
import type { AuthResponse } from '../../shared/session';

export const BENCH_DOMAIN = 'portal.localhost';

/** acme's portal on this port. */
export const acmeOrigin = (port: number) => `http://acme.${BENCH_DOMAIN}:${port}`;

async function waitForServer(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}.`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not answer ${url} within two minutes.`);
}

/** Starts the server serving `portalDir` on `port`, with further environment (e.g. `DEMO_FILES: '0'`). */
export async function startPortalServer(
  port: number,
  portalDir: string,
  env: Record<string, string> = {},
): Promise<ChildProcess> {
  const child = spawn('npx', ['tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_DOMAIN: BENCH_DOMAIN,
      PGLITE_DIR: 'memory://',
      STORAGE_DIR: `test-results/bench-files-${port}`,
      PORTAL_DIR: portalDir,
      SEED: '1',
      LOG_LEVEL: 'error',
      NODE_ENV: 'development',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  await waitForServer(`http://127.0.0.1:${port}/api/v2/companies/acme`, child);
  return child;
}

export function stopPortalServer(server: ChildProcess): void {
  if (server.pid) process.kill(-server.pid, 'SIGTERM');
}

/** Signs alice in on acme and returns her access token. */
export async function signInAlice(port: number): Promise<string> {
  const api = await playwrightRequest.newContext();
  const response = await api.post(`http://127.0.0.1:${port}/api/v2/login`, {
    data: { identity: 'alice', password: 'password', remember: true },
    headers: { Host: `acme.${BENCH_DOMAIN}:${port}`, Accept: 'application/json' },
  });
  if (!response.ok()) throw new Error(`Signing in alice answered ${response.status()}.`);
  const auth = (await response.json()) as AuthResponse;
  await api.dispose();
  return auth.access_token;
}

/** An API client of acme on this port, with the token. */
export function benchApi(port: number, token: string): Promise<APIRequestContext> {
  return playwrightRequest.newContext({
    baseURL: `http://127.0.0.1:${port}`,
    extraHTTPHeaders: {
      Host: `acme.${BENCH_DOMAIN}:${port}`,
      Accept: 'application/json',
      Authorization: `Bearer ${token}`,
    },
  });
}

/** A model as the benchmarks read it once processed: its status, times and processing events. */
export interface ProcessedModel {
  id: number;
  status: string;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  geometry_events: Array<{ message: string; created_at: string }>;
}

/** Uploads `fbx` as a model named `name`, asks for it every 100 ms until it is FINISHED and answers it then. */
export async function uploadModelUntilFinished(
  api: APIRequestContext,
  name: string,
  fbx: Buffer,
): Promise<ProcessedModel> {
  const created = await api.post('/api/v2/projects/models', {
    multipart: { name, file: { name: `${name}.fbx`, mimeType: 'application/octet-stream', buffer: fbx } },
  });
  if (!created.ok())
    throw new Error(`Uploading ${name} answered ${created.status()}: ${await created.text()}`);
  const { data } = (await created.json()) as { data: { id: number } };
  for (;;) {
    const { data: model } = (await (await api.get(`/api/v2/projects/models/${data.id}`)).json()) as {
      data: ProcessedModel;
    };
    if (model.status === 'FAILED') throw new Error(`${name} failed to process.`);
    if (model.status === 'FINISHED') return model;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Signs a browser context in with the token: the portal's session cookies on the benchmark's domain. */
export function signIn(context: BrowserContext, token: string): Promise<void> {
  return context.addCookies([
    { name: 'user_session', value: token, domain: `.${BENCH_DOMAIN}`, path: '/', sameSite: 'Lax' },
    { name: 'remember_session', value: '1', domain: `.${BENCH_DOMAIN}`, path: '/', sameSite: 'Lax' },
  ]);
}

/** A 1440 × 900 context, signed in with the token when one is given. */
export async function benchContext(browser: Browser, token: string | null): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  if (token) await signIn(context, token);
  return context;
}

/** The median of the values. */
export const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** A plain text table: the first column left-aligned, the others right-aligned. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column].length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column])))
      .join('  ');
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}
