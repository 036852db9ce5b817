/// <reference types="vitest/config" />
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { localeBundles } from './scripts/build/locale-bundles.js';
import { compileHints } from './scripts/build/compile-hints.js';
import { entryPreloads } from './scripts/build/entry-preloads.js';
import { firstVisitLayers } from './scripts/build/first-visit-layers.js';
import { precompress } from './scripts/build/precompress.js';
import { ENTRY_MODULE, MOUNT_MODULE, SIGNED_IN_MODULES } from './server/portal-preloads.js';
import { EnvironmentSequencer } from './tests/unit/support/environment-sequencer.js';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '8080'}`;
const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// A first visit's code in one chunk per layer (scripts/build/first-visit-layers.ts): what the entry runs first,
// the portal's root, and what every signed-in screen loads around its page (/portal renders inside refine's root).
const layers = firstVisitLayers(fromRoot('.').replace(/[\\/]$/, ''), [
  { name: 'start', modules: [ENTRY_MODULE] },
  { name: 'root', modules: [MOUNT_MODULE] },
  { name: 'signed-in', modules: SIGNED_IN_MODULES, pagesWithin: ['src/shell/routes/PortalPage.tsx'] },
]);

export default defineConfig({
  // The translations: one file per language, named in __LOCALE_BUNDLES__ with the namespaces in
  // __LOCALE_NAMESPACES__ (scripts/build/locale-bundles.ts).
  // The entry starts the first requests, then imports the portal's root (MOUNT_MODULE), whose chunks index.html
  // names (scripts/build/entry-preloads.ts).
  plugins: [
    react(),
    localeBundles(fromRoot('./public/locales')),
    entryPreloads([MOUNT_MODULE]),
    layers.plugin,
    // Every script's functions compiled while it streams in, off the main thread (scripts/build/compile-hints.ts).
    compileHints(),
    precompress(),
  ],
  resolve: {
    alias: [
      { find: /^@\//, replacement: `${fromRoot('./src')}/` },
      { find: /^@shared\//, replacement: `${fromRoot('./shared')}/` },
      // refine's query-string parsing without qs's side-channel dependencies (src/lib/qs.ts).
      { find: /^qs$/, replacement: fromRoot('./src/lib/qs.ts') },
    ],
  },
  server: {
    host: '127.0.0.1',
    port: Number(process.env.DEV_PORT ?? 5173),
    allowedHosts: ['.localhost'],
    // The contract server resolves the tenant from the Host header, so the proxy keeps it (no changeOrigin).
    proxy: {
      '/api': { target: apiTarget },
      '/broadcasting': { target: apiTarget },
      '/apps': { target: apiTarget },
      '/app': { target: apiTarget, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // The import graph of every chunk: the bundle-budget test sums what a route loads from it.
    manifest: true,
    // Every browser the portal supports preloads modules itself.
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // The portal's root is an input of its own: a chunk under its source name in the manifest.
      input: { index: fromRoot('./index.html'), mount: fromRoot(`./${MOUNT_MODULE}`) },
      output: {
        codeSplitting: {
          // Shared chunks under 32 kB of source (an icon, a light component, a small helper, the lists' shared parts) are copied into
          // the chunks that use them instead of being files of their own (which queue on HTTP/1.1's six
          // connections), for about 2 kB more.
          experimentalInlineCommonChunks: { maxSize: 32_768 },
          groups: [
            ...layers.groups,
            // papaparse is a dependency of refine core's (unused) CSV export, which would put it in the signed-in
            // layer; the lists' export (src/pages/list/export/) is its one user and loads it on demand.
            { name: 'papaparse', test: /node_modules[\\/]papaparse[\\/]/, priority: 200 },
            // three.js in a chunk of its own: the viewer (src/components/viewer/ModelViewer.tsx, a chunk under its
            // source name that the bundle-budget test finds) and its distance tool (measure-tool.ts, loaded when it is
            // first turned on) share it.
            { name: 'three', test: /node_modules[\\/]three[\\/]/, priority: 200 },
          ],
        },
      },
      treeshake: {
        // Packages without a `sideEffects` field count as having side effects, so an unused import of them
        // is kept. These only define things: @refinedev/antd's single-file build imports react-markdown and
        // remark-gfm for its Markdown field, refine core imports papaparse for CSV export.
        moduleSideEffects: [
          {
            test: /node_modules[\\/](react-markdown|remark-gfm|papaparse|@ant-design[\\/]pro-layout)[\\/]/,
            sideEffects: false,
          },
        ],
      },
    },
  },
  test: {
    // The unit files in Node before those in jsdom, so that a worker of the unit project (no isolation) goes on
    // with the next file instead of starting afresh (tests/unit/support/environment-sequencer.ts).
    sequence: { sequencer: EnvironmentSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/unit/setup.ts'],
          // A worker runs its files one after another in one process and one jsdom: jsdom, antd, React and the rest
          // of node_modules load and warm up once per worker instead of once per file (the suite's CPU time from
          // 218 s to 91 s). The setup file puts back before each file what one may leave for the next (the portal's
          // modules evaluated afresh, stubbed globals, timers, document, storage, cookies).
          isolate: false,
          // The time limits of every unit test, set here once (no test sets its own). Component tests render real
          // antd and refine trees; under a full parallel `npm test` on two cores they can take several seconds
          // each, and with other engineers' suites beside it (load average 28) an antd form's test took 22 s. The
          // hook bound covers the one hook that builds the portal when dist/ is older than its sources
          // (bundle-budget.test.ts, minutes on such a machine). Upper bounds on waiting, not delays: no assertion
          // depends on them.
          testTimeout: 120_000,
          hookTimeout: 300_000,
          // Every core: Vitest's default leaves one for itself, which on a 2-core machine ran the unit files one
          // at a time. Its own group (sequence.groupOrder), as a project of its own number of workers must be.
          maxWorkers: Math.max(2, availableParallelism() - 1),
          sequence: { groupOrder: 1 },
          server: { deps: { inline: [/@refinedev\//] } },
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          globalSetup: ['tests/server/database-template.ts'],
          // A worker runs its files one after another in one process, importing the server's modules once: each
          // file starts servers of its own (tests/server/test-server.ts), so what a file shares with the next is
          // the modules' code and their caches (the unknown user's hash, the declarations read), no server state.
          // Isolating each file cost a third of the suite's CPU (git history of docs/performance.md).
          // ./tests/server/setup.ts puts back the clock and spies a failed file may have left.
          isolate: false,
          setupFiles: ['tests/server/setup.ts'],
          // The time limits of every server test, set here once (no test sets its own, and no wait inside a test
          // has a limit of its own: it waits for the event or state it needs). Upper bounds on waiting, not delays:
          // under a full `npm test` on two cores the two server suites, the unit suite and the browsers share the
          // machine, and a server start or a realtime round trip took over 30 s (hooks over 60 s) on such runs; a
          // model's processing (a pipeline process per file, STEP's OpenCascade start alone 4 s of CPU) took over
          // a minute beside them, a server started as `npm run server` over two. No assertion depends on them.
          testTimeout: 240_000,
          hookTimeout: 300_000,
          // Two files at once at least: a server test waits on its server, its database thread and child
          // processes much of the time, and one worker left the second core idle.
          maxWorkers: Math.max(2, availableParallelism() - 1),
          sequence: { groupOrder: 2 },
        },
      },
      {
        extends: true,
        test: {
          // `npm run make:resource` end to end (tests/generator/): generates an entity in a copy of the repository,
          // type-checks and lints it and runs its generated server test there, in a vitest of the copy's own (so
          // this project needs no server setup of its own, and runs once: that test on TEST_DATABASE_URL's
          // PostgreSQL when the run has one, else on PGlite).
          name: 'generator',
          environment: 'node',
          include: ['tests/generator/**/*.test.ts'],
          // Upper bounds on waiting for the copy's runs, as above; no assertion depends on them. The whole test
          // (the copy's vitest, checks, build and journey) took 8 min on CI beside the other suites, and over 10
          // min on a 2-core machine under a load average of 20: the bound is twice that.
          testTimeout: 1_200_000,
          hookTimeout: 120_000,
          maxWorkers: 1,
          sequence: { groupOrder: 3 },
        },
      },
    ],
  },
});
