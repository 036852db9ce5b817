import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  throw new Error(
    `End-to-end tests need Debian's Chromium at ${CHROMIUM} (no browser download is used).\n` +
      'Install it with: apt-get update && apt-get install -y chromium   (or set CHROMIUM_PATH)',
  );
}

export const E2E_PORT = Number(process.env.E2E_PORT ?? 8180);
export const E2E_DOMAIN = 'portal.localhost';

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://acme.${E2E_DOMAIN}:${E2E_PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // One contract server for the whole run (building the portal first when stale), on an in-memory
    // database seeded with the demo fixture.
    command: 'npx tsx scripts/start.ts',
    url: `http://127.0.0.1:${E2E_PORT}/api/v2/companies/acme`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      APP_DOMAIN: E2E_DOMAIN,
      PGLITE_DIR: 'memory://',
      STORAGE_DIR: 'test-results/e2e-files',
      PORTAL_DIR: 'dist',
      SEED: '1',
    },
  },
});
