/**
 * What a route of the built portal loads on a first visit, read from Vite's manifest (`dist/.vite/manifest.json`):
 * the entry with everything it imports statically, plus the chunks the route's `lazy` loads (and their static
 * imports). Sizes are gzip level 9 of each file, which is what the server's `.gz` copies hold (Brotli is smaller).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSize } from './precompress';

/** One manifest entry (the fields this module reads). */
interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

/**
 * The source modules each budgeted route loads lazily on a first visit, next to the entry (see
 * src/shell/routes/routes.tsx). Signed in, `/` and `/projects` need the route table (patched in on the first
 * visit), refine's root and the signed-in layout around their page. The websocket client (`echo-pusher`) is not
 * part of it: it loads when the browser is idle after the first paint (src/providers/echo-connection.ts).
 */
const SIGNED_IN = [
  'src/shell/routes/signed-in-routes.tsx',
  'src/shell/RefineRoot.tsx',
  'src/shell/layout/ShellLayout.tsx',
];

export const ROUTE_MODULES = {
  '/login': ['src/shell/login/LoginPage.tsx'],
  // The dashboard is built from the light components like the layout: no antd theme.
  '/': [...SIGNED_IN, 'src/shell/dashboard/DashboardPage.tsx'],
  '/projects': [...SIGNED_IN, 'src/pages/list/ResourceListPage.tsx'],
} as const;

export type BudgetedRoute = keyof typeof ROUTE_MODULES;

/** Loaded after the first paint, when the browser is idle: in no route's first-visit budget. */
export const IDLE_MODULES = ['src/providers/echo-pusher.ts'] as const;

/** The budgets: gzipped JavaScript of a first visit, in kB of 1,000 bytes (the stricter reading). */
export const JS_BUDGETS: Record<BudgetedRoute, number> = {
  '/login': 150_000,
  '/': 300_000,
  '/projects': 300_000,
};

export interface RouteLoad {
  route: BudgetedRoute;
  js: { file: string; gzipBytes: number }[];
  css: { file: string; gzipBytes: number }[];
  jsGzipBytes: number;
  cssGzipBytes: number;
}

export const manifestPath = (distDir: string) => join(distDir, '.vite', 'manifest.json');

export function readManifest(distDir: string): Manifest {
  const path = manifestPath(distDir);
  if (!existsSync(path)) throw new Error(`${path} is missing: build the portal first (npm run build).`);
  return JSON.parse(readFileSync(path, 'utf8')) as Manifest;
}

function entryKey(manifest: Manifest): string {
  const key = Object.keys(manifest).find((name) => manifest[name].isEntry);
  if (!key) throw new Error('The manifest names no entry chunk.');
  return key;
}

/** The manifest keys a set of modules loads: each module and, recursively, its static imports. */
export function staticClosure(manifest: Manifest, keys: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The manifest has no chunk for ${key} (was it renamed or made eager?).`);
    seen.add(key);
    chunk.imports?.forEach(visit);
  };
  keys.forEach(visit);
  return seen;
}

export function routeLoad(
  distDir: string,
  route: BudgetedRoute,
  manifest = readManifest(distDir),
): RouteLoad {
  const keys = staticClosure(manifest, [entryKey(manifest), ...ROUTE_MODULES[route]]);
  const sized = (file: string) => ({ file, gzipBytes: gzipSize(readFileSync(join(distDir, file))) });
  const chunks = [...keys].map((key) => manifest[key]);
  const js = [...new Set(chunks.map((chunk) => chunk.file))].map(sized);
  const css = [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))].map(sized);
  const total = (files: { gzipBytes: number }[]) => files.reduce((sum, file) => sum + file.gzipBytes, 0);
  return { route, js, css, jsGzipBytes: total(js), cssGzipBytes: total(css) };
}
