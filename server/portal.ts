/**
 * Serves the built portal next to the API: hashed assets from dist/, and index.html (with the runtime
 * configuration the portal reads at start-up) for every other GET that is not an API or push-service path.
 * Compressed: the build writes a Brotli and a gzip copy of every script, style sheet and translation file
 * (`scripts/build/precompress.ts`), which @fastify/static sends to browsers that accept them; index.html is
 * compressed once, after the configuration went in. A request with a session cookie gets index.html with its
 * first screen's chunks named for preloading, and any request for a screen that needs no session that screen's
 * page (portal-preloads.ts). On a company's host, index.html asks the browser to connect to the public API's host
 * at once (`<link rel="preconnect">`): the portal's first request, the company's lookup
 * (`GET /companies/{subdomain}`), goes there, and would otherwise wait for a new connection.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { guard, guarded } from './http/guarded-route';
import { inlineStyleSheets } from './portal-inline-styles';
import { firstVisitPreloadTags, hasSessionCookie, readPortalManifest } from './portal-preloads';
import { configuredPublicApiUrl, portalRuntimeConfig } from './runtime-config';

const API_PATHS = /^\/(api|apps|app|broadcasting)(\/|$)/;

type Encoding = 'br' | 'gzip' | 'identity';

/** The best encoding of `br`, `gzip` and none that an Accept-Encoding header allows (`q=0` refuses one). */
export function preferredEncoding(acceptEncoding: string | string[] | undefined): Encoding {
  const accepted = new Set<string>();
  for (const part of [acceptEncoding ?? ''].flat().join(',').split(',')) {
    const [name, ...parameters] = part.trim().toLowerCase().split(';');
    const refused = parameters.some((parameter) => /^\s*q=0(\.0*)?\s*$/.test(parameter));
    if (name && !refused) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}

/**
 * The `<link rel="preconnect">` tag for the public API when it lives on another origin than the page (a company's
 * host): its own `PUBLIC_API_URL`, else the portal's domain on the page's scheme and port. The lookup is a fetch
 * without credentials, hence `crossorigin` (anonymous). Empty on the public host itself.
 */
export function publicApiPreconnectTag(request: FastifyRequest, domain: string): string {
  const port = request.port ? `:${request.port}` : '';
  try {
    const origin = new URL(configuredPublicApiUrl() ?? `${request.protocol}://${domain}${port}`).origin;
    if (origin === new URL(`${request.protocol}://${request.host}`).origin) return '';
    return `<link rel="preconnect" href="${origin.replace(/[&"<>]/g, encodeURIComponent)}" crossorigin>`;
  } catch {
    // A Host header or PUBLIC_API_URL that is no URL: no head start, the page works as it is.
    return '';
  }
}

/** How many variants of index.html are kept compressed; others (e.g. from unusual Host headers) are made each time. */
const KEPT_INDEXES = 32;

export async function registerPortal(app: FastifyInstance): Promise<void> {
  const { config } = app.ctx;
  const indexFile = config.portalDir ? join(config.portalDir, 'index.html') : null;
  const hasPortal = !!indexFile && existsSync(indexFile);
  const manifest = config.portalDir ? readPortalManifest(config.portalDir) : null;
  // A built sheet's text, for index.html's inline styles (portal-inline-styles.ts).
  const readSheet = (file: string) => {
    const path = join(config.portalDir!, file);
    return file.includes('..') || !existsSync(path) ? null : readFileSync(path, 'utf8');
  };
  // One compressed index.html per set of tags in its head (a handful: none, the dashboard's, a list's; with the
  // public API's host or without).
  const indexes = new Map<string, Record<Encoding, Buffer>>();
  const renderIndex = (headTags: string) => {
    let index = indexes.get(headTags);
    if (!index) {
      const html = Buffer.from(
        inlineStyleSheets(
          readFileSync(indexFile!, 'utf8')
            .replace(
              '<!--portal-config-->',
              `<script>window.__PORTAL_CONFIG__=${JSON.stringify(portalRuntimeConfig(config)).replace(/</g, '\\u003c')}</script>`,
            )
            .replace('</head>', `${headTags}</head>`),
          readSheet,
        ),
      );
      index = { identity: html, gzip: gzipSync(html, { level: 9 }), br: brotliCompressSync(html) };
      if (indexes.size < KEPT_INDEXES) indexes.set(headTags, index);
    }
    return index;
  };
  const sendIndex = (request: FastifyRequest, reply: FastifyReply) => {
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    const path = request.url.split('?')[0];
    const preloads = manifest
      ? firstVisitPreloadTags(manifest, path, hasSessionCookie(request.headers.cookie))
      : '';
    const preconnect = publicApiPreconnectTag(request, config.domain);
    reply
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Accept-Encoding, Cookie')
      .type('text/html; charset=utf-8');
    if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
    return reply.send(renderIndex(preconnect + preloads)[encoding]);
  };

  if (hasPortal) {
    const portalFiles = guard.public("the portal's built files, which every visitor loads before signing in");
    await app.routeGuards.plugin(portalFiles, () =>
      app.register(fastifyStatic, {
        root: config.portalDir!,
        index: false,
        wildcard: true,
        preCompressed: true,
        // The build's manifest (.vite/) is for the budget test, not for browsers.
        dotfiles: 'ignore',
        setHeaders: (res, path) => {
          if (/[\\/]assets[\\/]/.test(path)) {
            res.header('Cache-Control', 'public, max-age=31536000, immutable');
          }
        },
      }),
    );
    app.get('/', guarded(portalFiles), (request, reply) => sendIndex(request, reply));
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0];
    if (hasPortal && (request.method === 'GET' || request.method === 'HEAD') && !API_PATHS.test(path)) {
      return sendIndex(request, reply);
    }
    return reply.status(404).send({ message: `The route ${path.replace(/^\//, '')} could not be found.` });
  });
}
