/**
 * The built portal as the server sends it: scripts and styles in the build's Brotli or gzip copy when the browser
 * accepts one, index.html compressed with the runtime configuration inside, the build manifest kept back.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressFolder } from '../../scripts/build/precompress';
import { preferredEncoding } from '../../server/portal';
import { sendWithHost, startTestServer, TEST_DOMAIN, type TestServer } from './test-server';

const SCRIPT = `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, index) => `row ${index}`))};\n`;
const INDEX =
  '<!doctype html><html><head><!--portal-config--></head><body><div id="root"></div></body></html>';
/** The signed-in layer's sheet; the overview's is not in this build, and stays a link. */
const SIGNED_IN_SHEET = '.shell-layout{display:grid}';

/**
 * A build's manifest in small: the entry, the root, the signed-in layer (one chunk holding the route table,
 * refine's root and the layout: `module-chunks.json` names it for each), the two first pages, sharing a chunk, and
 * a model's overview: the generic overview page, the model's screen and antd's theme, sharing antd's chunk.
 */
const MANIFEST = {
  'index.html': { file: 'assets/rows-3f2a1b.js', isEntry: true, imports: ['_shared.js'] },
  '_shared.js': { file: 'assets/shared-1a1a1a.js' },
  'src/mount-portal.tsx': {
    file: 'assets/mount-0a0a0a.js',
    isEntry: true,
    imports: ['_shared.js', '_react.js'],
  },
  '_react.js': { file: 'assets/react-0b0b0b.js' },
  '_cells.js': { file: 'assets/cells-2b2b2b.js', imports: ['_shared.js'] },
  '_signed-in-3c3c3c.js': {
    file: 'assets/signed-in-3c3c3c.js',
    imports: ['_cells.js', '_react.js'],
    css: ['assets/signed-in-5e5e5e.css'],
  },
  'src/shell/dashboard/DashboardPage.tsx': { file: 'assets/DashboardPage-6f6f6f.js', isDynamicEntry: true },
  'src/pages/list/ResourceListPage.tsx': { file: 'assets/ResourceListPage-7a7a7a.js', isDynamicEntry: true },
  'src/shell/login/LoginPage.tsx': { file: 'assets/LoginPage-8b8b8b.js', isDynamicEntry: true },
  '_antd.js': { file: 'assets/antd-9a9a9a.js', imports: ['_react.js'] },
  'src/pages/show/OverviewPage.tsx': {
    file: 'assets/OverviewPage-1c1c1c.js',
    isDynamicEntry: true,
    imports: ['_antd.js', '_cells.js'],
    css: ['assets/OverviewPage-2d2d2d.css'],
  },
  'src/resources/models/models.overview.tsx': {
    file: 'assets/models.overview-3e3e3e.js',
    isDynamicEntry: true,
    imports: ['_antd.js'],
  },
  'src/shell/tenant/AntdTheme.tsx': {
    file: 'assets/AntdTheme-4f4f4f.js',
    isDynamicEntry: true,
    imports: ['_antd.js'],
  },
  'src/components/viewer/ModelViewer.tsx': { file: 'assets/ModelViewer-5b5b5b.js', isDynamicEntry: true },
};
const MODULE_CHUNKS = {
  'src/shell/routes/signed-in-routes.tsx': '_signed-in-3c3c3c.js',
  'src/shell/RefineRoot.tsx': '_signed-in-3c3c3c.js',
  'src/shell/layout/ShellLayout.tsx': '_signed-in-3c3c3c.js',
};

let portalDir: string;
let server: TestServer;

beforeAll(async () => {
  portalDir = mkdtempSync(join(tmpdir(), 'portal-assets-'));
  mkdirSync(join(portalDir, 'assets'));
  mkdirSync(join(portalDir, '.vite'));
  writeFileSync(join(portalDir, 'index.html'), INDEX);
  writeFileSync(join(portalDir, 'assets', 'rows-3f2a1b.js'), SCRIPT);
  writeFileSync(join(portalDir, 'assets', 'tiny-9c8d7e.js'), 'export {};\n');
  writeFileSync(join(portalDir, 'assets', 'signed-in-5e5e5e.css'), SIGNED_IN_SHEET);
  writeFileSync(join(portalDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  writeFileSync(join(portalDir, '.vite', 'module-chunks.json'), JSON.stringify(MODULE_CHUNKS));
  precompressFolder(portalDir);
  server = await startTestServer({ portalDir, environment: 'acceptance' });
});
afterAll(async () => {
  await server?.close();
  rmSync(portalDir, { recursive: true, force: true });
});

const get = (path: string, acceptEncoding?: string, cookie?: string) =>
  sendWithHost(server.port, `acme.${TEST_DOMAIN}:${server.port}`, path, {
    headers: {
      ...(acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {}),
      ...(cookie ? { Cookie: cookie } : {}),
    },
  });

const bodyOf = async (response: Response) => Buffer.from(await response.arrayBuffer());

describe('hashed assets', () => {
  it('are sent in Brotli when the browser accepts it, cached for good', async () => {
    const response = await get('/assets/rows-3f2a1b.js', 'gzip, deflate, br, zstd');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const body = await bodyOf(response);
    expect(body.length).toBeLessThan(SCRIPT.length / 2);
    expect(brotliDecompressSync(body).toString()).toBe(SCRIPT);
  });

  it('are sent in gzip to a browser without Brotli, and as they are to one without either', async () => {
    const gzipped = await get('/assets/rows-3f2a1b.js', 'gzip');
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(await bodyOf(gzipped)).toString()).toBe(SCRIPT);

    const plain = await get('/assets/rows-3f2a1b.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect((await bodyOf(plain)).toString()).toBe(SCRIPT);
  });

  it('too small to gain from compression are sent as they are', async () => {
    const response = await get('/assets/tiny-9c8d7e.js', 'gzip, br');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBeNull();
    expect((await bodyOf(response)).toString()).toBe('export {};\n');
  });
});

describe('index.html', () => {
  it('is compressed for every portal path, with the runtime configuration inside', async () => {
    for (const [path, encoding, decode] of [
      ['/', 'br', brotliDecompressSync],
      ['/projects?per_page=25', 'gzip', gunzipSync],
    ] as const) {
      const response = await get(path, encoding);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-encoding'), path).toBe(encoding);
      expect(response.headers.get('cache-control'), path).toBe('no-cache');
      expect(response.headers.get('vary'), path).toMatch(/accept-encoding/i);
      const html = decode(await bodyOf(response)).toString();
      expect(html, path).toContain('window.__PORTAL_CONFIG__=');
      expect(html, path).not.toContain('<!--portal-config-->');
      // APP_ENVIRONMENT: the dashboard's Updates box shows the changelog dates of this environment.
      expect(html, path).toContain('"environment":"acceptance"');
    }
  });

  it('stands in for the build manifest, which is not served', async () => {
    const response = await get('/.vite/manifest.json');
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    expect((await bodyOf(response)).toString()).toContain('<div id="root">');
  });
});

describe("index.html's connection to the public API", () => {
  const preconnectsOf = async (host: string) => {
    const html = (await bodyOf(await sendWithHost(server.port, host, '/login'))).toString();
    return [...html.matchAll(/<link rel="preconnect" href="([^"]+)" crossorigin>/g)].map(
      ([, origin]) => origin,
    );
  };

  it("is opened at once on a company's host, whose first request, the company's lookup, goes there", async () => {
    expect(await preconnectsOf(`acme.${TEST_DOMAIN}:${server.port}`)).toEqual([
      `http://${TEST_DOMAIN}:${server.port}`,
    ]);
    expect(await preconnectsOf(`customerportal-acme.${TEST_DOMAIN}:${server.port}`)).toEqual([
      `http://${TEST_DOMAIN}:${server.port}`,
    ]);
  });

  it('is not asked for on the public host, which is that host', async () => {
    expect(await preconnectsOf(`${TEST_DOMAIN}:${server.port}`)).toEqual([]);
  });
});

describe('index.html of a first visit', () => {
  const preloadsOf = async (path: string, cookie?: string) => {
    const response = await get(path, undefined, cookie);
    expect(response.headers.get('vary')).toMatch(/cookie/i);
    const html = (await bodyOf(response)).toString();
    return [
      ...html.matchAll(/<link rel="(modulepreload|stylesheet)" crossorigin href="\/([^"]+)"( disabled)?>/g),
    ].map(([, rel, file]) => `${rel} ${file}`);
  };
  const SIGNED_IN = [
    'stylesheet assets/signed-in-5e5e5e.css',
    'modulepreload assets/signed-in-3c3c3c.js',
    'modulepreload assets/cells-2b2b2b.js',
  ];

  it("names the chunks of the route table, refine's root, the layout and the first page, once each", async () => {
    const cookie = 'remember_session=1; user_session=42|secret';
    expect(await preloadsOf('/projects?per_page=25', cookie)).toEqual([
      ...SIGNED_IN,
      'modulepreload assets/ResourceListPage-7a7a7a.js',
    ]);
    expect(await preloadsOf('/', cookie)).toEqual([
      ...SIGNED_IN,
      'modulepreload assets/DashboardPage-6f6f6f.js',
    ]);
  });

  it("names a model overview's page, its screen and antd's theme instead of the list page, not the viewer", async () => {
    const cookie = 'user_session=42|secret';
    const overview = [
      'stylesheet assets/signed-in-5e5e5e.css',
      'stylesheet assets/OverviewPage-2d2d2d.css',
      'modulepreload assets/signed-in-3c3c3c.js',
      'modulepreload assets/cells-2b2b2b.js',
      'modulepreload assets/OverviewPage-1c1c1c.js',
      'modulepreload assets/antd-9a9a9a.js',
      'modulepreload assets/models.overview-3e3e3e.js',
      'modulepreload assets/AntdTheme-4f4f4f.js',
    ];
    expect(await preloadsOf('/projects/models/overview/7', cookie)).toEqual(overview);
    expect(await preloadsOf('/projects/models/overview/7/?tab=history', cookie)).toEqual(overview);
    // Another screen of models is not the overview.
    expect(await preloadsOf('/projects/models/edit/7', cookie)).toEqual([
      ...SIGNED_IN,
      'modulepreload assets/ResourceListPage-7a7a7a.js',
    ]);
  });

  it('carries the style sheets it names inline, each link kept after its text for the module loader, disabled', async () => {
    const response = await get('/projects', undefined, 'user_session=42|secret');
    const html = (await bodyOf(response)).toString();
    expect(html).toContain(
      `<style data-href="/assets/signed-in-5e5e5e.css">${SIGNED_IN_SHEET}</style>` +
        '<link rel="stylesheet" crossorigin href="/assets/signed-in-5e5e5e.css" disabled>',
    );
    // A sheet the build lacks stays a link, as the browser would have asked for it before.
    const overview = (
      await bodyOf(await get('/projects/models/overview/7', undefined, 'user_session=42|secret'))
    ).toString();
    expect(overview).toContain('<link rel="stylesheet" crossorigin href="/assets/OverviewPage-2d2d2d.css">');
  });

  it('names nothing without a session', async () => {
    expect(await preloadsOf('/projects')).toEqual([]);
    expect(await preloadsOf('/projects/models/overview/7')).toEqual([]);
    expect(await preloadsOf('/projects', 'user_session=')).toEqual([]);
  });

  it('names only its page for a screen that needs no session, with a session or without', async () => {
    for (const cookie of [undefined, 'user_session=42|secret']) {
      expect(await preloadsOf('/login', cookie)).toEqual(['modulepreload assets/LoginPage-8b8b8b.js']);
      expect(await preloadsOf('/login/', cookie)).toEqual(['modulepreload assets/LoginPage-8b8b8b.js']);
      // A page the build lacks (here the other public screens'): no head start, the page still works.
      for (const path of ['/forgot-password', '/reset-password', '/invitation', '/unauthorized'])
        expect(await preloadsOf(path, cookie), path).toEqual([]);
    }
  });
});

describe('the encoding an Accept-Encoding header allows', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0.8', 'gzip'],
    ['gzip;q=0', 'identity'],
    ['', 'identity'],
    [undefined, 'identity'],
  ] as const)('%j → %s', (header, encoding) => expect(preferredEncoding(header)).toBe(encoding));
});
