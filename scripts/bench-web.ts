/**
 * `npm run bench:web`: what the production build costs a browser. Builds the portal when dist/ is stale, starts
 * the contract server (in-memory PGlite, demo fixture, serving dist/ compressed) on a spare port and drives
 * Debian's Chromium. For /login (signed out), / and /projects?per_page=25 (signed in as alice) it prints:
 *
 * - the JavaScript and CSS of a first visit (cold cache): gzip size of each file loaded (the budget's measure),
 *   and the bytes on the wire as served (Brotli), until the target showed and after the page settled;
 * - the time from navigation to the target (login form; dashboard greeting; 25th project row), median of
 *   BENCH_RUNS (10) warm runs, normal and with 4× CPU throttling (CDP Emulation.setCPUThrottlingRate);
 * - the start-up request timeline of the first visit, whether the session check, the tenant lookup and the
 *   translations were under way together, and (on /projects) whether the list's rows were asked for before the
 *   screen first rendered.
 *
 * Figures only: nothing here asserts a time. Settings: BENCH_PORT (8196), BENCH_RUNS (10).
 */
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Page, type Request } from '@playwright/test';
import playwrightConfig, { CHROMIUM } from '../playwright.config';
import { gzipSize } from './build/precompress';
import { ensureBuild } from './ensure-build';
import {
  acmeOrigin,
  benchContext,
  median,
  signInAlice,
  startPortalServer,
  stopPortalServer,
  table,
} from './bench/portal-server';

const PORT = Number(process.env.BENCH_PORT ?? 8196);
const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const DIST = 'dist';
const ORIGIN = acmeOrigin(PORT);

interface Scenario {
  name: string;
  path: string;
  signedIn: boolean;
  target: string;
  /** Runs in the page: true once the target is on screen. */
  ready: string;
  /** The screen's first data call and its page's chunk: the timeline says whether the call waited for a render. */
  firstData?: { call: RegExp; pageChunk: RegExp };
}

const SCENARIOS: Scenario[] = [
  {
    name: '/login',
    path: '/login',
    signedIn: false,
    target: 'login form',
    ready: `!!document.querySelector('form button[type=submit]')`,
  },
  {
    name: '/',
    path: '/',
    signedIn: true,
    target: 'dashboard greeting',
    ready: `!!document.querySelector('.dashboard-greeting-title')?.textContent?.includes('Alice')`,
  },
  {
    name: '/projects',
    path: '/projects?per_page=25',
    signedIn: true,
    target: '25th project row',
    ready: `document.querySelectorAll('.list-page tbody > tr[data-row-key]').length >= 25`,
    firstData: { call: /\/api\/v2\/projects\?per_page=25&/, pageChunk: /\/assets\/ResourceListPage-/ },
  },
];

/**
 * Installed in every document: records `performance.now()` (ms since navigation start) when the target first
 * shows, checking after every DOM change, so the figure does not include the driver's polling.
 */
const targetWatcher = (ready: string) => `(() => {
  const isReady = () => { try { return ${ready}; } catch { return false; } };
  const check = () => {
    if (window.__benchTarget !== undefined || !isReady()) return false;
    window.__benchTarget = performance.now();
    return true;
  };
  const start = () => {
    if (check()) return;
    const observer = new MutationObserver(() => { if (check()) observer.disconnect(); });
    observer.observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  };
  if (document.documentElement) start(); else document.addEventListener('DOMContentLoaded', start);
})();`;

declare global {
  interface Window {
    __benchTarget?: number;
  }
}

// ---------- measuring ----------

interface Loaded {
  path: string;
  kind: 'js' | 'css' | 'other';
  /** ms since navigation start. */
  start: number;
  end: number;
  wireBytes: number;
  gzipBytes: number;
}

const gzipSizes = new Map<string, number>();
/** The gzip size of a built file (what the budget counts), or 0 for anything that is not one. */
function builtGzipSize(path: string): number {
  const file = join(DIST, path.split('?')[0]);
  if (!path.startsWith('/assets/') || !existsSync(file)) return 0;
  if (!gzipSizes.has(file)) gzipSizes.set(file, gzipSize(readFileSync(file)));
  return gzipSizes.get(file)!;
}

const kindOf = (path: string): Loaded['kind'] =>
  path.endsWith('.js') ? 'js' : path.endsWith('.css') ? 'css' : 'other';

/** Navigates and returns the ms from navigation start until the target showed. */
async function timeToTarget(page: Page, scenario: Scenario): Promise<number> {
  await page.goto(`${ORIGIN}${scenario.path}`, { waitUntil: 'commit' });
  await page.waitForFunction(() => window.__benchTarget !== undefined, undefined, { timeout: 60_000 });
  return page.evaluate(() => window.__benchTarget!);
}

/** A first visit with an empty cache: every request with its timing and size. */
async function firstVisit(browser: Browser, scenario: Scenario, token: string | null) {
  const context = await benchContext(browser, scenario.signedIn ? token : null);
  const page = await context.newPage();
  await page.addInitScript(targetWatcher(scenario.ready));
  const finished: Request[] = [];
  page.on('requestfinished', (request) => finished.push(request));
  const target = await timeToTarget(page, scenario);
  await page.waitForLoadState('networkidle');
  const navigationStart = await page.evaluate(() => performance.timeOrigin);
  const loaded: Loaded[] = [];
  for (const request of finished) {
    const url = new URL(request.url());
    if (!url.protocol.startsWith('http')) continue;
    const timing = request.timing();
    const sizes = await request.sizes();
    const path = `${url.pathname}${url.search}`;
    loaded.push({
      path: `${request.method()} ${url.host === new URL(ORIGIN).host ? '' : url.host}${path}`,
      kind: kindOf(url.pathname),
      start: timing.startTime - navigationStart,
      end: timing.startTime - navigationStart + timing.responseEnd,
      wireBytes: sizes.responseBodySize,
      gzipBytes: builtGzipSize(url.pathname),
    });
  }
  await context.close();
  return { target, loaded: loaded.sort((a, b) => a.start - b.start) };
}

async function warmRuns(browser: Browser, scenario: Scenario, token: string | null, cpuRate: number) {
  const context = await benchContext(browser, scenario.signedIn ? token : null);
  const page = await context.newPage();
  await page.addInitScript(targetWatcher(scenario.ready));
  const cdp = await context.newCDPSession(page);
  await timeToTarget(page, scenario); // fills the cache
  const times: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
    times.push(await timeToTarget(page, scenario));
  }
  await context.close();
  return median(times);
}

// ---------- printing ----------

/** kB of 1,000 bytes, as the budgets count them. */
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const ms = (value: number) => `${Math.round(value)} ms`;
const sum = (items: Loaded[], pick: (item: Loaded) => number) =>
  items.reduce((total, item) => total + pick(item), 0);

/** Requests issued together may leave the browser a few ms apart (more on a loaded machine). */
const SAME_MOMENT_MS = 20;

/**
 * The start-up calls every first page makes (session check, tenant lookup, translations): when they were asked
 * for, and whether any of them was asked for only after another had answered (a waterfall).
 */
function startUpParallelism(loaded: Loaded[]): string {
  const startUp = loaded.filter((item) =>
    /\/api\/v2\/(auth\/validate|companies\/acme)$|\/assets\/locales-/.test(item.path.split('?')[0]),
  );
  if (!startUp.length) return 'no start-up calls seen';
  const first = Math.min(...startUp.map((item) => item.start));
  const last = Math.max(...startUp.map((item) => item.start));
  const firstAnswer = Math.min(...startUp.map((item) => item.end));
  const window = `${startUp.length} requests asked for between +${Math.round(first)} and +${Math.round(last)} ms, first answer at +${Math.round(firstAnswer)} ms`;
  const waited = startUp.filter((item) => item.start > firstAnswer + SAME_MOMENT_MS);
  return waited.length
    ? `WATERFALL? ${waited.map((item) => item.path).join(', ')} asked for after an answer (${window})`
    : `in parallel, none waited for another (${window})`;
}

/**
 * When the screen's first data call was asked for, against its page's chunk, the session check and the layout's
 * own first call (the tenant switcher's `GET /companies`, made when the signed-in screen first renders; the
 * notification bell's waits for the first paint).
 */
function firstDataTiming(loaded: Loaded[], { call, pageChunk }: NonNullable<Scenario['firstData']>): string {
  const data = loaded.filter((item) => call.test(item.path));
  const chunk = loaded.find((item) => pageChunk.test(item.path));
  const validate = loaded.find((item) => item.path.endsWith('/api/v2/auth/validate'));
  const rendered = loaded.find((item) => item.path.split('?')[0].endsWith('/api/v2/companies'));
  if (!data.length || !chunk || !validate || !rendered) return 'not seen';
  const asked = Math.min(...data.map((item) => item.start));
  return (
    `${data.length} call(s), asked for at +${Math.round(asked)} ms; the page's chunk arrived at ` +
    `+${Math.round(chunk.end)} ms, the session check at +${Math.round(validate.end)} ms, the screen first ` +
    `rendered (companies call) at +${Math.round(rendered.start)} ms: ` +
    (asked < rendered.start
      ? 'asked for before the screen rendered'
      : 'WATERFALL? asked for only after it rendered')
  );
}

async function main(): Promise<void> {
  ensureBuild();
  const server = await startPortalServer(PORT, DIST);
  let browser: Browser | null = null;
  try {
    browser = await chromium.launch({ ...playwrightConfig.use?.launchOptions, executablePath: CHROMIUM });
    const token = await signInAlice(PORT);
    console.log(
      `\nWeb benchmark: production build (${DIST}/), contract server on :${PORT} (PGlite in memory, demo ` +
        `fixture, assets served with Brotli), Chromium ${browser.version()}, 1440×900, load average ` +
        `${loadavg()[0].toFixed(2)} before`,
    );

    const firstLoads = [];
    for (const scenario of SCENARIOS)
      firstLoads.push({ scenario, ...(await firstVisit(browser, scenario, token)) });

    console.log(
      '\nFirst visit, empty cache: JavaScript and CSS (gzip: size of each loaded file compressed with gzip -9;',
    );
    console.log(
      'wire: bytes received as served, Brotli), until the target showed and after the page settled\n',
    );
    console.log(
      table(
        [
          'route',
          'JS gzip at target',
          'JS gzip settled',
          'JS wire settled',
          'CSS gzip',
          'JS files',
          'requests',
        ],
        firstLoads.map(({ scenario, target, loaded }) => {
          const js = loaded.filter((item) => item.kind === 'js');
          const css = loaded.filter((item) => item.kind === 'css');
          const atTarget = js.filter((item) => item.end <= target);
          return [
            scenario.path,
            kb(sum(atTarget, (item) => item.gzipBytes)),
            kb(sum(js, (item) => item.gzipBytes)),
            kb(sum(js, (item) => item.wireBytes)),
            kb(sum(css, (item) => item.gzipBytes)),
            String(js.length),
            String(loaded.length),
          ];
        }),
      ),
    );

    console.log(
      `\nTime from navigation to the target, median of ${RUNS} warm runs (cache filled by one visit first)\n`,
    );
    const rows: string[][] = [];
    for (const { scenario, target } of firstLoads) {
      const normal = await warmRuns(browser, scenario, token, 1);
      const throttled = await warmRuns(browser, scenario, token, 4);
      rows.push([scenario.path, scenario.target, ms(target), ms(normal), ms(throttled)]);
    }
    console.log(table(['route', 'target', 'first visit', 'warm', 'warm, 4× CPU'], rows));

    for (const { scenario, loaded, target } of firstLoads) {
      console.log(
        `\nStart-up request timeline of ${scenario.path} (first visit; ms since navigation start)\n`,
      );
      console.log(
        table(
          ['request', 'start', 'end', 'wire', 'gzip'],
          loaded.map((item) => [
            item.path.length > 72 ? `${item.path.slice(0, 69)}...` : item.path,
            String(Math.round(item.start)),
            String(Math.round(item.end)),
            kb(item.wireBytes),
            item.gzipBytes ? kb(item.gzipBytes) : '',
          ]),
        ),
      );
      console.log(`target shown at ${ms(target)}`);
      console.log(`session check, tenant lookup, translations: ${startUpParallelism(loaded)}`);
      if (scenario.firstData) console.log(`first data: ${firstDataTiming(loaded, scenario.firstData)}`);
    }
    console.log(`\nload average after: ${loadavg()[0].toFixed(2)}`);
  } finally {
    await browser?.close();
    // The server runs in a process group of its own (npx, tsx, node): stop all of it.
    stopPortalServer(server);
  }
}

await main();
