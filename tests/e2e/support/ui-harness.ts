/**
 * The page of the light components alone (tests/e2e/ui-harness/): built with Vite into a folder of this port
 * and worker, and served to the browser from there by request interception, under an origin of its own.
 */
import { readFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { E2E_PORT } from '../../../playwright.config';

export const HARNESS_ORIGIN = 'http://ui-harness.localhost';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
};

/**
 * Builds the page; returns the folder it is in. `UI_HARNESS_SRC` builds it on another copy of `src/` (an older
 * version of the components, to see a test fail on it).
 */
export async function buildHarness(workerIndex: number): Promise<string> {
  const source = resolve(process.env.UI_HARNESS_SRC ?? 'src');
  const outDir = resolve(`node_modules/.cache/ui-harness-${E2E_PORT}-${workerIndex}`);
  await build({
    configFile: false,
    root: resolve('tests/e2e/ui-harness'),
    base: '/',
    logLevel: 'warn',
    plugins: [react()],
    resolve: { alias: { '@': source, '@shared': resolve('shared') } },
    build: { outDir, emptyOutDir: true, sourcemap: false },
  });
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
