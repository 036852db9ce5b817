/**
 * A signed-in first visit without a chunk round trip: the server knows from the session cookie that the page will
 * need the route table, refine's root, the signed-in layout and the first screen's page, so index.html names
 * their chunks (`<link rel="modulepreload">`, their style sheets as `<link rel="stylesheet">`) and the browser
 * fetches them together with the entry instead of after it has run. The chunks are read from Vite's manifest
 * (`dist/.vite/manifest.json`); the modules are those `patchSignedInRoutes` (src/shell/routes/routes.tsx) starts
 * for the same path, with the screens' own pages where the path names a screen (`FIRST_VISIT_SCREENS`), and the
 * byte-budget test (scripts/build/bundle-budget.ts) sums the same lists.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
// With its extension: the build's configuration (vite.config.ts) imports this file too.
import { isPublicScreenPath, PUBLIC_SCREENS } from '../shared/public-screens.js';
import { routeParams } from '../shared/route-pattern.js';
import { SESSION_COOKIE } from '../shared/session.js';

/** One manifest entry (the fields read here). */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

/** The entry (index.html's script): it starts the first requests, then imports the portal's root. */
export const ENTRY_MODULE = 'src/main.tsx';

/**
 * The portal's root (React, the router, the shell): the entry imports it once it has started the first requests
 * (src/main.tsx), and index.html names its chunks (scripts/build/entry-preloads.ts), on every page.
 */
export const MOUNT_MODULE = 'src/mount-portal.tsx';

/** What every signed-in screen needs around its page. */
export const SIGNED_IN_MODULES = [
  'src/shell/routes/signed-in-routes.tsx',
  'src/shell/RefineRoot.tsx',
  'src/shell/layout/ShellLayout.tsx',
] as const;

/** antd's theme, loaded with every page built with antd (src/shell/routes/antd-pages.tsx). */
export const ANTD_THEME_MODULE = 'src/shell/tenant/AntdTheme.tsx';

/** The generic overview page (src/pages/show/OverviewPage.tsx), which shows an entity's declared overview screen. */
export const OVERVIEW_PAGE_MODULE = 'src/pages/show/OverviewPage.tsx';

/**
 * The signed-in screens other than the dashboard and the lists whose first visit the server names the page of, by
 * route (react-router's syntax): a model's overview (issue 44: the page with the 3D viewer, whose record the entry
 * asks for at once: src/shell/routes/first-screen.ts), the generic overview page with the model's screen and
 * antd's theme. The viewer's own chunk is not named: it loads once the record has a viewer file, after the
 * preview (src/components/viewer/Viewer3D.tsx). tests/unit/first-overviews.test.ts checks each against the route
 * table and its declared screen, and tests/e2e/first-visit.spec.ts that such a visit loads no other chunk.
 */
export const FIRST_VISIT_SCREENS: readonly { route: string; modules: readonly string[] }[] = [
  {
    route: '/projects/models/overview/:modelId',
    modules: [OVERVIEW_PAGE_MODULE, 'src/resources/models/models.overview.tsx', ANTD_THEME_MODULE],
  },
];

/**
 * The page of each screen that needs no session (src/shell/routes/routes.tsx loads it by the route's `lazy`): its
 * first visit names the page's chunk too, signed in or not, so that the page arrives with the entry rather than
 * one round trip after the portal's root has run. tests/unit/bundle-budget.test.ts checks that each is a lazy
 * chunk of the build.
 */
export const PUBLIC_SCREEN_PAGES: Readonly<
  Record<(typeof PUBLIC_SCREENS)[keyof typeof PUBLIC_SCREENS], string>
> = {
  [PUBLIC_SCREENS.login]: 'src/shell/login/LoginPage.tsx',
  [PUBLIC_SCREENS.forgotPassword]: 'src/shell/login/ForgotPasswordPage.tsx',
  [PUBLIC_SCREENS.resetPassword]: 'src/shell/login/ResetPasswordPage.tsx',
  [PUBLIC_SCREENS.invitation]: 'src/shell/login/InvitationPage.tsx',
  [PUBLIC_SCREENS.unauthorized]: 'src/shell/routes/UnauthorizedPage.tsx',
};

/** The page module of a public screen's path (a trailing slash allowed), or null. */
export function publicScreenPage(path: string): string | null {
  const screen = path.length > 1 ? path.replace(/\/$/, '') : path;
  return Object.hasOwn(PUBLIC_SCREEN_PAGES, screen)
    ? PUBLIC_SCREEN_PAGES[screen as keyof typeof PUBLIC_SCREEN_PAGES]
    : null;
}

/**
 * The source modules a signed-in first visit of `path` loads next to the entry: a screen of
 * `FIRST_VISIT_SCREENS` its page, `/` the dashboard, any other path most often a list (as in
 * `patchSignedInRoutes`). None for the public screens and share links' pages.
 */
export function signedInFirstVisitModules(path: string): string[] {
  if (isPublicScreenPath(path)) return [];
  const screen = FIRST_VISIT_SCREENS.find(({ route }) => routeParams(route, path));
  if (screen) return [...SIGNED_IN_MODULES, ...screen.modules];
  const page = path === '/' ? 'src/shell/dashboard/DashboardPage.tsx' : 'src/pages/list/ResourceListPage.tsx';
  return [...SIGNED_IN_MODULES, page];
}

/**
 * The build's manifest, with every module that a first-visit layer holds (scripts/build/first-visit-layers.ts,
 * `.vite/module-chunks.json`) also under its own name, as the chunk that holds it: a route's `lazy` module
 * captured into a layer has no manifest entry of its own. Null when the directory holds no build.
 */
export function readPortalManifest(portalDir: string): Manifest | null {
  const path = (file: string) => join(portalDir, '.vite', file);
  if (!existsSync(path('manifest.json'))) return null;
  const manifest = JSON.parse(readFileSync(path('manifest.json'), 'utf8')) as Manifest;
  const held: Record<string, string> = existsSync(path('module-chunks.json'))
    ? (JSON.parse(readFileSync(path('module-chunks.json'), 'utf8')) as Record<string, string>)
    : {};
  for (const [module, key] of Object.entries(held)) if (manifest[key]) manifest[module] ??= manifest[key];
  return manifest;
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

/** The manifest key of index.html's entry (the portal's root is an entry of the build too). */
export function entryKey(manifest: Manifest): string {
  if (!manifest['index.html']?.isEntry) throw new Error('The manifest names no entry chunk for index.html.');
  return 'index.html';
}

/** What index.html names on every page: the entry and the portal's root, with their static imports. */
export function pageStartModules(manifest: Manifest): Set<string> {
  return staticClosure(manifest, [entryKey(manifest), MOUNT_MODULE]);
}

/** Whether a Cookie header carries a session token (its validity is the API's business, not the page's). */
export function hasSessionCookie(cookieHeader: string | undefined): boolean {
  return (cookieHeader ?? '').split(';').some((cookie) => {
    const [name, ...value] = cookie.trim().split('=');
    return name === SESSION_COOKIE && value.join('=').trim() !== '';
  });
}

/**
 * The `<link>` tags for a first visit of `path`: the chunks beyond what index.html already names (the entry and
 * the portal's root), in load order: a public screen's page, and with a session (`signedIn`) a signed-in screen's
 * modules. Empty when the manifest lacks a module (a build that does not match these lists must not break the
 * page, only lose the head start).
 */
export function firstVisitPreloadTags(manifest: Manifest, path: string, signedIn: boolean): string {
  const publicPage = publicScreenPage(path);
  const modules = publicPage ? [publicPage] : signedIn ? signedInFirstVisitModules(path) : [];
  if (!modules.length || [...modules, MOUNT_MODULE].some((module) => !manifest[module])) return '';
  const entry = pageStartModules(manifest);
  const chunks = [...staticClosure(manifest, modules)]
    .filter((key) => !entry.has(key))
    .map((key) => manifest[key]);
  const scripts = [...new Set(chunks.map((chunk) => chunk.file))];
  const styles = [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))];
  return [
    ...styles.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ].join('');
}
