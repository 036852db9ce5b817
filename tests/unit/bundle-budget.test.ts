// @vitest-environment node
/**
 * The production build: the bundle budgets of issues 5 and 11, in bytes (never in time): the gzipped JavaScript a
 * first visit of /login, of the dashboard / and of /projects loads, read from the build's manifest; the files it
 * comes in (scripts/build/first-visit-layers.ts); what index.html names; and V8's compile hint on every script
 * (scripts/build/compile-hints.ts). Builds the portal only when dist/ is missing or older than its sources (one
 * file, so that no two test files build into dist/ at once).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type BudgetedRoute,
  IDLE_MODULES,
  JS_BUDGETS,
  readManifest,
  routeLoad,
} from '../../scripts/build/bundle-budget';
import { COMPILE_HINT } from '../../scripts/build/compile-hints';
import { ensureBuild } from '../../scripts/ensure-build';
import {
  ENTRY_MODULE,
  entryKey,
  firstVisitPreloadTags,
  MOUNT_MODULE,
  PUBLIC_SCREEN_PAGES,
  SIGNED_IN_MODULES,
  staticClosure,
} from '../../server/portal-preloads';

const DIST = 'dist';
/** The command palette (issue 33): cmdk, its styles and its search, behind the top bar's button and ⌘K. */
const PALETTE_MODULE = 'src/shell/command-palette/CommandPalette.tsx';
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

// A build takes minutes on a busy machine: the unit project's hook time limit (vite.config.ts) allows for it.
beforeAll(() => ensureBuild());

describe('the gzipped JavaScript of a first visit', () => {
  it.each(Object.entries(JS_BUDGETS) as [BudgetedRoute, number][])(
    'of %s stays within its budget',
    (route, budget) => {
      const load = routeLoad(DIST, route);
      const files = load.js
        .sort((a, b) => b.gzipBytes - a.gzipBytes)
        .map((file) => `${kB(file.gzipBytes).padStart(9)}  ${file.file}`)
        .join('\n');
      expect(
        load.jsGzipBytes,
        `${route} loads ${kB(load.jsGzipBytes)} of JavaScript:\n${files}`,
      ).toBeLessThanOrEqual(budget);
    },
  );
});

describe('the sign-in page', () => {
  it('loads none of the chunks of the signed-in screens', () => {
    const manifest = readManifest(DIST);
    const login = routeLoad(DIST, '/login', manifest).js.map((file) => file.file);
    for (const signedIn of [...SIGNED_IN_MODULES, ...IDLE_MODULES]) {
      expect(manifest[signedIn], `${signedIn} has a chunk`).toBeDefined();
      expect(login, signedIn).not.toContain(manifest[signedIn].file);
    }
  });

  it("and every other screen that needs no session has its page named by its first visit's index.html", () => {
    const manifest = readManifest(DIST);
    for (const [path, page] of Object.entries(PUBLIC_SCREEN_PAGES)) {
      expect(manifest[page]?.isDynamicEntry, `${page} is the lazy chunk of ${path}`).toBe(true);
      expect(firstVisitPreloadTags(manifest, path, false), path).toContain(
        `<link rel="modulepreload" crossorigin href="/${manifest[page].file}">`,
      );
    }
  });
});

describe('the first-visit layers', () => {
  const LAYER_MODULES = { start: [ENTRY_MODULE], 'signed-in': SIGNED_IN_MODULES };

  it.each(Object.entries(LAYER_MODULES))(
    'put the %s layer in one chunk that the manifest names for each of its modules',
    (layer, modules) => {
      const manifest = readManifest(DIST);
      const files = new Set(modules.map((module) => manifest[module]?.file));
      expect([...files]).toEqual([expect.stringMatching(new RegExp(`^assets/${layer}-[\\w-]+\\.js$`))]);
    },
  );

  it.each([
    ['/login', 6],
    ['/', 7],
    ['/projects', 8],
  ] as const)('load a first visit of %s in at most %i scripts', (route, most) => {
    const files = routeLoad(DIST, route).js.map((file) => file.file);
    expect(files.length, files.join('\n')).toBeLessThanOrEqual(most);
  });
});

describe('the signed-in first pages', () => {
  it.each(['/', '/projects'] as const)(
    "%s loads without antd: antd's theme comes with the first page built with antd",
    (route) => {
      const manifest = readManifest(DIST);
      const theme = manifest['src/shell/tenant/AntdTheme.tsx'];
      expect(theme?.isDynamicEntry, 'AntdTheme is loaded on demand').toBe(true);
      const files = routeLoad(DIST, route, manifest).js.map((file) => file.file);
      expect(files).not.toContain(theme!.file);
    },
  );

  it.each(Object.keys(JS_BUDGETS) as BudgetedRoute[])(
    '%s does not carry the websocket client, which loads when the browser is idle',
    (route) => {
      const manifest = readManifest(DIST);
      const files = routeLoad(DIST, route, manifest).js.map((file) => file.file);
      for (const module of IDLE_MODULES) {
        expect(manifest[module]?.isDynamicEntry, `${module} is loaded on demand`).toBe(true);
        expect(files, module).not.toContain(manifest[module].file);
      }
    },
  );

  it.each(Object.keys(JS_BUDGETS) as BudgetedRoute[])(
    "%s does not carry TypeBox (the API's schemas): a page imports their values from TypeBox-free modules",
    (route) => {
      // Every TypeBox schema is marked with this symbol's key, so any script that builds one holds it.
      for (const { file } of routeLoad(DIST, route).js)
        expect(readFileSync(join(DIST, file), 'utf8'), file).not.toContain('TypeBox.Kind');
    },
  );

  it.each(Object.keys(JS_BUDGETS) as BudgetedRoute[])(
    '%s does not carry the command palette (cmdk), which loads when first opened (issue 33)',
    (route) => {
      const manifest = readManifest(DIST);
      const palette = manifest[PALETTE_MODULE];
      expect(palette?.isDynamicEntry, `${PALETTE_MODULE} is loaded on demand`).toBe(true);
      const load = routeLoad(DIST, route, manifest);
      expect(load.js.map((file) => file.file)).not.toContain(palette.file);
      expect(load.css).not.toContainEqual(expect.objectContaining({ file: palette.css?.[0] }));
      // cmdk's own markup (`cmdk-list-sizer`) is in no script a first visit loads.
      for (const { file } of load.js)
        expect(readFileSync(join(DIST, file), 'utf8'), file).not.toContain('cmdk-list-sizer');
    },
  );

  it.each(['/login', '/', '/projects'] as const)(
    "%s draws its icons as Glyphs, without @ant-design/icons' component (src/ui/Glyph.tsx)",
    (route) => {
      // The component's module puts its style sheet into the document under this key; antd's own components
      // bring it with the first screen built with antd (a model's overview).
      for (const { file } of routeLoad(DIST, route).js)
        expect(readFileSync(join(DIST, file), 'utf8'), file).not.toContain('@ant-design-icons');
    },
  );
});

describe("the entry and the portal's root", () => {
  it('are two chunks: the entry, which starts the first requests, does not wait for React to arrive', () => {
    const manifest = readManifest(DIST);
    const entry = [...staticClosure(manifest, [entryKey(manifest)])].map((key) => manifest[key].file);
    const mount = manifest[MOUNT_MODULE];
    expect(mount?.isEntry, `${MOUNT_MODULE} is a chunk of its own`).toBe(true);
    expect(entry).not.toContain(mount.file);
    const importers = [...staticClosure(manifest, [entryKey(manifest)])].filter((key) =>
      manifest[key].dynamicImports?.includes(MOUNT_MODULE),
    );
    expect(importers, `the entry imports ${MOUNT_MODULE}`).not.toEqual([]);
  });

  it("index.html names the root's chunks and styles, so they arrive with the entry", () => {
    const manifest = readManifest(DIST);
    const html = readFileSync(join(DIST, 'index.html'), 'utf8');
    for (const key of staticClosure(manifest, [MOUNT_MODULE])) {
      const chunk = manifest[key];
      expect(html, chunk.file).toMatch(
        new RegExp(
          `<link rel="modulepreload" crossorigin href="/${chunk.file}">|<script type="module" crossorigin src="/${chunk.file}">`,
        ),
      );
      for (const style of chunk.css ?? [])
        expect(html, style).toContain(`<link rel="stylesheet" crossorigin href="/${style}">`);
    }
  });
});

describe('the compile hint', () => {
  const scripts = () =>
    readdirSync(join(DIST, 'assets'))
      .filter((name) => name.endsWith('.js'))
      .map((name) => ({ name, code: readFileSync(join(DIST, 'assets', name), 'utf8') }));

  it('is the first line of every script of the build', () => {
    const all = scripts();
    expect(all.length).toBeGreaterThan(20);
    expect(all.filter(({ code }) => code.split('\n', 1)[0] !== COMPILE_HINT).map(({ name }) => name)).toEqual(
      [],
    );
  });

  it('comes before the preamble Vite puts at the top of a chunk with dynamic imports', () => {
    const withPreamble = scripts().filter(({ code }) => code.includes('__vite__mapDeps='));
    expect(withPreamble.length).toBeGreaterThan(0);
    for (const { code } of withPreamble) expect(code.split('\n')[1]).toMatch(/^const __vite__mapDeps=/);
  });
});
