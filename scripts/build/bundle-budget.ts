/**
 * What a route of the built portal loads on a first visit, read from Vite's manifest (`dist/.vite/manifest.json`):
 * the entry and the portal's root with everything they import statically, plus the chunks the route's `lazy`
 * loads (and their static imports). Sizes are gzip level 9 of each file, which is what the server's `.gz` copies
 * hold (Brotli is smaller).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type Manifest,
  pageStartModules,
  PUBLIC_SCREEN_PAGES,
  readPortalManifest,
  signedInFirstVisitModules,
  staticClosure,
} from '../../server/portal-preloads';
import { gzipSize } from './precompress';

export { type Manifest, staticClosure };
/** The 3D viewer with three.js (issue 28), loaded by `React.lazy` from src/components/viewer/Viewer3D.tsx. */
export const VIEWER_MODULE = 'src/components/viewer/ModelViewer.tsx';

/**
 * The source modules each budgeted route loads lazily on a first visit, next to the entry: signed in, `/` and
 * `/projects` need the route table (patched in on the first visit), refine's root and the signed-in layout around
 * their page, the very list the server names for preloading (server/portal-preloads.ts). The websocket client
 * (`echo-pusher`) is not part of it: it loads when the browser is idle after the first paint
 * (src/providers/echo-connection.ts).
 */
export const ROUTE_MODULES = {
  '/login': [PUBLIC_SCREEN_PAGES['/login']],
  // The dashboard is built from the light components like the layout: no antd theme.
  '/': signedInFirstVisitModules('/'),
  '/projects': signedInFirstVisitModules('/projects'),
  // A processed model's overview (issue 28): the modules the server names for it (its page with antd's theme, the
  // page being built with antd) and the 3D viewer, which the page loads lazily once the model has a viewer file:
  // three.js and its addons in a chunk of their own that no other route loads.
  '/projects/models/overview/:id': [
    ...signedInFirstVisitModules('/projects/models/overview/:id'),
    VIEWER_MODULE,
  ],
};

export type BudgetedRoute = keyof typeof ROUTE_MODULES;

/** Loaded after the first paint, when the browser is idle: in no route's first-visit budget. */
export const IDLE_MODULES = ['src/providers/echo-pusher.ts'] as const;

/** The budgets: gzipped JavaScript of a first visit, in kB of 1,000 bytes (the stricter reading). */
export const JS_BUDGETS: Record<BudgetedRoute, number> = {
  '/login': 150_000,
  '/': 300_000,
  '/projects': 300_000,
  // Measured at 586.5 kB when the viewer came (issue 28), of which the viewer's chunk (three.js, GLTFLoader with
  // the meshopt decoder, OrbitControls, RoomEnvironment) is 169.4 kB.
  '/projects/models/overview/:id': 600_000,
};

export interface RouteLoad {
  route: BudgetedRoute;
  js: { file: string; gzipBytes: number }[];
  css: { file: string; gzipBytes: number }[];
  jsGzipBytes: number;
  cssGzipBytes: number;
}

/** The build's manifest as the server reads it (each first-visit layer's modules under their own name too). */
export function readManifest(distDir: string): Manifest {
  const manifest = readPortalManifest(distDir);
  if (!manifest)
    throw new Error(
      `${join(distDir, '.vite', 'manifest.json')} is missing: build the portal first (npm run build).`,
    );
  return manifest;
}

export function routeLoad(
  distDir: string,
  route: BudgetedRoute,
  manifest = readManifest(distDir),
): RouteLoad {
  const keys = new Set([...pageStartModules(manifest), ...staticClosure(manifest, ROUTE_MODULES[route])]);
  const sized = (file: string) => ({ file, gzipBytes: gzipSize(readFileSync(join(distDir, file))) });
  const chunks = [...keys].map((key) => manifest[key]);
  const js = [...new Set(chunks.map((chunk) => chunk.file))].map(sized);
  const css = [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))].map(sized);
  const total = (files: { gzipBytes: number }[]) => files.reduce((sum, file) => sum + file.gzipBytes, 0);
  return { route, js, css, jsGzipBytes: total(js), cssGzipBytes: total(css) };
}
