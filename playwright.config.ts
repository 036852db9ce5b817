import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  throw new Error(
    `End-to-end tests need Debian's Chromium at ${CHROMIUM} (no browser download is used).\n` +
      'Install it with: apt-get update && apt-get install -y chromium   (or set CHROMIUM_PATH)',
  );
}

/** The screenshot review (issue 12): its own command, `npm run test:screenshots` (SCREENSHOT_REVIEW=1). */
const SCREENSHOT_SPECS = /(^|\/)(projects-)?screenshots\.spec\.ts$/;
/**
 * Specs that check screens in several widths and languages (tests/e2e/support/screen-variants.ts): the default run
 * checks two of the four combinations (both widths, both languages), the screenshot review all four. The route
 * progress bar (no text of its own) is checked at both widths, light and dark, in both runs.
 */
const SCREEN_VARIANT_SPECS = /(^|\/)(faq-screens|first-use|viewer|route-progress)\.spec\.ts$/;

/**
 * The run's own folder for traces and attachments: Playwright empties its output folder when a run starts, and
 * engineers sharing a checkout run specs at the same time. The runner's process id names it (its workers inherit
 * the variable); the global setup removes the folders of runs that have ended.
 */
process.env.E2E_RUN_OUTPUT ??= `test-results/run-${process.pid}`;

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: process.env.E2E_RUN_OUTPUT,
  // The portal's build and the seeded database template, made once per run (tests/e2e/support/global-setup.ts);
  // each worker then starts its own contract server from them (tests/e2e/support/worker-server.ts).
  globalSetup: './tests/e2e/support/global-setup.ts',
  // Bounds on waiting for what must happen, not delays: on a busy machine (two cores shared by a whole team) a page
  // can take many seconds to render, and a test that waits for the event does not flake on it. An assertion may
  // wait most of its test's time: the 3D viewer's first frame in software WebGL takes 3 s on an idle machine and
  // over 20 s beside the other suites of `npm test`. A test is several such waits: its own bound leaves room for a
  // machine twice as slow as CI's (a test of about 30 s here ran past a one-minute bound on CI).
  timeout: 120_000,
  expect: { timeout: 45_000 },
  // Every worker has a server and database of its own and runs its tests one at a time, so no test shares its
  // server with a test running at the same time: any test may run in any worker.
  fullyParallel: true,
  // Each worker drives a Chromium and runs a server: on two cores, two workers finished a measured subset sooner
  // than three or four (README, tests).
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  // Ten failures in one run mean the server or the browser is stuck (each such test waits out its whole bound): stop
  // there with their traces instead of waiting out every other test. A screenshot review shows every finding.
  maxFailures: process.env.SCREENSHOT_REVIEW ? 0 : 10,
  // The list as it runs; the JSON report keeps each test's duration, to see where a run's time goes.
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e-report.json' }]],
  // The screenshot review (screenshots.spec.ts, projects-screenshots.spec.ts) is its own command,
  // `npm run test:screenshots`, not part of the default run.
  projects: process.env.SCREENSHOT_REVIEW
    ? [{ name: 'screenshots', testMatch: [SCREENSHOT_SPECS, SCREEN_VARIANT_SPECS] }]
    : [{ name: 'portal', testIgnore: SCREENSHOT_SPECS }],
  use: {
    // baseURL: the Acme host of the worker's own server (tests/e2e/support/test.ts).
    // A failed test leaves a screenshot of the moment it failed and its page's accessibility tree
    // (error-context.md). No trace by default: recording one for every test, passed or not, cost about a quarter of the
    // e2e run's CPU (git history of docs/performance.md), and CI keeps only the printed output. To look into a
    // failure: `npx playwright test <spec> --trace retain-on-failure` (README).
    trace: 'off',
    screenshot: 'only-on-failure',
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
});
