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
/**
 * Each run builds the portal into a folder of its own port: runs on other ports (other engineers, CI) rebuild
 * theirs without deleting the hashed assets this run's server still refers to.
 */
const E2E_PORTAL_DIR = `node_modules/.cache/e2e-portal-${E2E_PORT}`;

export default defineConfig({
  testDir: 'tests/e2e',
  // Bounds on waiting for what must happen, not delays: on a busy machine (two cores shared by a whole team) a page
  // can take many seconds to render, and a test that waits for the event does not flake on it.
  timeout: 60_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // Ten failures in one run mean the server or the browser is stuck (each such test waits its whole minute): stop
  // there with their traces instead of waiting out every other test.
  maxFailures: 10,
  reporter: [['list']],
  // Maintenance mode answers every call of the one server with 503, so its tests run alone, after all others.
  // The screenshot review (screenshots.spec.ts, projects-screenshots.spec.ts) is its own command,
  // `npm run test:screenshots`, not part of the default run.
  projects: process.env.SCREENSHOT_REVIEW
    ? [{ name: 'screenshots', testMatch: /screenshots\.spec\.ts$/ }]
    : [
        { name: 'portal', testIgnore: [/maintenance\.spec\.ts$/, /screenshots\.spec\.ts$/] },
        { name: 'maintenance', testMatch: /maintenance\.spec\.ts$/, dependencies: ['portal'] },
      ],
  use: {
    baseURL: `http://acme.${E2E_DOMAIN}:${E2E_PORT}`,
    trace: 'retain-on-failure',
    // The portal follows the reader's reduced-motion setting (no antd motion, no light-component transitions):
    // the tests act on a page whose fields and messages do not move while they click, whatever the machine's load.
    // accessibility.spec.ts checks both settings.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        // WebGL 2 without a GPU, for the 3D viewer (tests/e2e/viewer.spec.ts): ANGLE on SwiftShader, asked for
        // outright rather than through the automatic fallback Chromium is retiring.
        '--use-angle=swiftshader',
        '--enable-unsafe-swiftshader',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // One contract server for the whole run (serving a fresh build of the portal), on an in-memory database
    // seeded with the demo fixture.
    command: `npx vite build --outDir ${E2E_PORTAL_DIR} --emptyOutDir --logLevel warn && npx tsx server/main.ts`,
    url: `http://127.0.0.1:${E2E_PORT}/api/v2/companies/acme`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      APP_DOMAIN: E2E_DOMAIN,
      PGLITE_DIR: 'memory://',
      STORAGE_DIR: 'test-results/e2e-files',
      PORTAL_DIR: E2E_PORTAL_DIR,
      SEED: '1',
      // The seeded rows keep the fixture's values; the tests upload the files they process.
      DEMO_FILES: '0',
      // Tests sign in many times from one address; the limits themselves are covered by the server tests.
      LOGIN_RATE_LIMIT_PER_IDENTITY: '1000',
      LOGIN_RATE_LIMIT_PER_ADDRESS: '10000',
      // Model processing steps (default 1500 ms) run faster, so an upload reaches FINISHED within a test.
      PROCESSING_STEP_MS: '400',
    },
  },
});
