/**
 * `npm run bench:lighthouse`: Lighthouse's mobile performance score of the production build (issue 44's goals:
 * /login at least 99, /projects at least 95). Builds the portal when dist/ is stale, starts the contract server
 * (in-memory PGlite, demo fixture, serving dist/ compressed) on a spare port and runs Lighthouse's default mobile
 * audit (a Moto G Power's screen, simulated slow 4G and 4× CPU) in Debian's Chromium, each run in a fresh profile
 * (a cold cache). /projects is audited signed in as alice: her session cookies are set in that profile first.
 *
 * Prints, per route, the median of BENCH_RUNS (5) runs: the score and its metrics, and the run's largest
 * opportunities and main-thread figures. Figures only: nothing here asserts a score. Settings: BENCH_PORT (8197),
 * BENCH_RUNS (5), BENCH_ROUTES (all three: `/login,/,/projects`), BENCH_REPORT_DIR (keeps
 * each run's HTML report, its result as JSON and its trace there).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse, { type Result } from 'lighthouse';
import { CHROMIUM } from '../playwright.config';
import { ensureBuild } from './ensure-build';
import {
  acmeOrigin,
  median,
  signIn,
  signInAlice,
  startPortalServer,
  stopPortalServer,
  table,
} from './bench/portal-server';

const PORT = Number(process.env.BENCH_PORT ?? 8197);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const REPORT_DIR = process.env.BENCH_REPORT_DIR;
const ORIGIN = acmeOrigin(PORT);

interface Route {
  name: string;
  path: string;
  signedIn: boolean;
}

const ROUTES: Route[] = [
  { name: '/login', path: '/login', signedIn: false },
  { name: '/', path: '/', signedIn: true },
  { name: '/projects', path: '/projects', signedIn: true },
];

const chosenRoutes = (process.env.BENCH_ROUTES ?? '/login,/,/projects').split(',');

/** The metrics the performance score is made of, by their audit ids, with their column titles. */
const METRICS: Array<[id: string, title: string]> = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
];

/** A free TCP port for Chromium's DevTools endpoint. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('No port.')),
      );
    });
  });
}

/** One Lighthouse run in a Chromium of its own (a fresh profile), signed in with the token when one is given. */
async function audit(route: Route, token: string | null): Promise<Result> {
  const profile = mkdtempSync(join(tmpdir(), 'bench-lighthouse-'));
  const debuggingPort = await freePort();
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', `--remote-debugging-port=${debuggingPort}`],
  });
  try {
    if (token) await signIn(context, token);
    const result = await lighthouse(`${ORIGIN}${route.path}`, {
      port: debuggingPort,
      onlyCategories: ['performance'],
      // The profile is new, so the cache is cold; resetting storage would also sign alice out.
      disableStorageReset: true,
      logLevel: 'error',
      output: 'html',
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${route.path}.`);
    if (result.lhr.runtimeError) throw new Error(`Lighthouse: ${result.lhr.runtimeError.message}`);
    if (REPORT_DIR) {
      mkdirSync(REPORT_DIR, { recursive: true });
      const name = `${route.name.replace(/\W+/g, '_') || 'root'}-${Date.now()}`;
      writeFileSync(join(REPORT_DIR, `${name}.html`), String(result.report));
      writeFileSync(join(REPORT_DIR, `${name}.json`), JSON.stringify(result.lhr));
      writeFileSync(join(REPORT_DIR, `${name}.trace.json`), JSON.stringify(result.artifacts.Trace));
    }
    return result.lhr;
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

const score = (lhr: Result) => Math.round((lhr.categories.performance.score ?? 0) * 100);
const numeric = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
const metric = (id: string, value: number) =>
  id === 'cumulative-layout-shift' ? value.toFixed(3) : `${Math.round(value).toLocaleString('en')} ms`;

/** What the median run says about where its time went: opportunities and main-thread work, largest first. */
function findings(lhr: Result): string[] {
  const lines: string[] = [];
  for (const audit of Object.values(lhr.audits)) {
    const details = audit.details as { type?: string; overallSavingsMs?: number } | undefined;
    if (details?.type === 'opportunity' && (details.overallSavingsMs ?? 0) >= 50)
      lines.push(`  could save ${Math.round(details.overallSavingsMs ?? 0)} ms: ${audit.title}`);
  }
  for (const id of ['mainthread-work-breakdown', 'bootup-time', 'server-response-time']) {
    const audit = lhr.audits[id];
    if (audit?.displayValue) lines.push(`  ${audit.title}: ${audit.displayValue}`);
  }
  const warnings = lhr.runWarnings.map((warning) => `  warning: ${warning}`);
  return [...lines, ...warnings, `  benchmark index: ${lhr.environment.benchmarkIndex}`];
}

async function main(): Promise<void> {
  ensureBuild();
  // A quiet server: the demo files' processing (minutes of both cores after a fresh start) would be measured too.
  const server = await startPortalServer(PORT, 'dist', { DEMO_FILES: '0' });
  try {
    const token = await signInAlice(PORT);
    console.log(
      `Lighthouse ${RUNS} runs per route, mobile; load average ${loadavg()[0].toFixed(2)} before.\n`,
    );
    const rows: string[][] = [];
    const notes: string[] = [];
    for (const route of ROUTES.filter((candidate) => chosenRoutes.includes(candidate.name))) {
      const results: Result[] = [];
      for (let run = 0; run < RUNS; run++) results.push(await audit(route, route.signedIn ? token : null));
      const scores = results.map(score);
      const middle = [...results].sort((a, b) => score(a) - score(b))[Math.floor(results.length / 2)];
      rows.push([
        route.name,
        String(median(scores)),
        `${Math.min(...scores)}–${Math.max(...scores)}`,
        ...METRICS.map(([id]) => metric(id, median(results.map((lhr) => numeric(lhr, id))))),
      ]);
      notes.push(`${route.name}, the median run (score ${score(middle)}):`, ...findings(middle));
    }
    console.log(table(['route', 'score', 'range', ...METRICS.map(([, title]) => title)], rows));
    console.log(`\n${notes.join('\n')}`);
    console.log(`\nload average after: ${loadavg()[0].toFixed(2)}`);
  } finally {
    stopPortalServer(server);
  }
}

await main();
