/**
 * The page of the light components alone (tests/e2e/ui-harness/): built with Vite once per run, into the run's
 * folder, by the first worker that needs it (the others wait for that build), and served to the browser from there
 * by request interception, under an origin of its own.
 */
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { Page } from '@playwright/test';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { runFolders } from './run-folder';

export const HARNESS_ORIGIN = 'http://ui-harness.localhost';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
};

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

/**
 * The built page's folder. `UI_HARNESS_SRC` builds it on another copy of `src/` (an older version of the
 * components, to see a test fail on it).
 */
export async function buildHarness(): Promise<string> {
  const outDir = runFolders().uiHarness;
  const lock = `${outDir}.lock`;
  const built = join(lock, 'built');
  const failed = join(lock, 'failed');
  const claimed = await mkdir(lock).then(
    () => true,
    () => false,
  );
  if (!claimed) {
    // Another worker builds it: its fixture's timeout bounds the wait.
    while (!(await exists(built))) {
      if (await exists(failed)) throw new Error(await readFile(failed, 'utf8'));
      await delay(200);
    }
    return outDir;
  }
  const source = resolve(process.env.UI_HARNESS_SRC ?? 'src');
  try {
    await build({
      configFile: false,
      root: resolve('tests/e2e/ui-harness'),
      base: '/',
      logLevel: 'warn',
      plugins: [react()],
      resolve: { alias: { '@': source, '@shared': resolve('shared') } },
      build: { outDir, emptyOutDir: true, sourcemap: false },
    });
  } catch (error) {
    await writeFile(failed, `The ui-harness build failed: ${String(error)}`);
    throw error;
  }
  await writeFile(built, '');
  return outDir;
}

/** Serves the built page at HARNESS_ORIGIN to this page and opens it. */
export async function openHarness(page: Page, folder: string) {
  await page.route(`${HARNESS_ORIGIN}/**`, async (route) => {
    const path = new URL(route.request().url()).pathname;
    const file = join(folder, path === '/' ? 'index.html' : path);
    if (!file.startsWith(folder)) return route.fulfill({ status: 404 });
    try {
      const body = await readFile(file);
      await route.fulfill({ body, contentType: CONTENT_TYPES[extname(file)] ?? 'application/octet-stream' });
    } catch {
      await route.fulfill({ status: 404 });
    }
  });
  await page.goto(`${HARNESS_ORIGIN}/`);
}
