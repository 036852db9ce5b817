/**
 * Every route states its guard (server/http/guarded-route.ts). The app keeps every route as its first onRoute
 * hook saw it, so a route registered without `guarded` (by a module, or by a plugin outside
 * `app.routeGuards.plugin`) is listed here with no guard and fails the walk; the walk covers the API, the push
 * service's channel authorisation and HTTP API, the documentation, the resumable uploads, the CORS preflight and
 * the portal's files. Then every declared guard is shown to hold: no session is a 401 and a member without
 * abilities a 403 wherever the guard asks for more than a session.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anyLicenceOf, anyOf } from '../../shared/abilities';
import {
  describeGuard,
  guard,
  guarded,
  type RegisteredRoute,
  registerRouteGuards,
  type RouteGuard,
} from '../../server/http/guarded-route';
import { newMember } from './api-helpers';
import { routesOf } from './fuzz-requests';
import { sendWithHost, startTestServer, TEST_DOMAIN, type TestServer } from './test-server';

const KINDS: ReadonlyArray<RouteGuard['kind']> = [
  'public',
  'signature',
  'signedIn',
  'ability',
  'admin',
  'licence',
  'abilityOrUndo',
];

/** What is wrong with a route's guard: none, an unknown kind, an open route without its reason, no ability. */
function guardProblem(declared: RouteGuard | undefined): string | null {
  if (!declared) return 'no guard';
  if (!KINDS.includes(declared.kind)) return `unknown guard ${JSON.stringify(declared)}`;
  if ((declared.kind === 'public' || declared.kind === 'signature') && !declared.reason.trim())
    return `${declared.kind} without a reason`;
  if ((declared.kind === 'ability' || declared.kind === 'abilityOrUndo') && !declared.ability.trim())
    return 'no ability';
  if (declared.kind === 'abilityOrUndo' && !declared.collection.trim()) return 'no collection';
  if (declared.kind === 'licence') return guardProblem(declared.guard);
  return null;
}

const methodsOf = (route: RegisteredRoute) => [route.method].flat();

/** `METHOD url: problem` for every route whose guard is missing or malformed. */
function unguarded(routes: RegisteredRoute[]): string[] {
  return routes.flatMap((route) => {
    const problem = guardProblem(route.guard);
    return problem ? methodsOf(route).map((method) => `${method} ${route.url}: ${problem}`) : [];
  });
}

/** A guard that needs a session (the others are open: the handler decides). */
const needsSession = (declared: RouteGuard) => declared.kind !== 'public' && declared.kind !== 'signature';

/**
 * A guard that needs more than a session: an ability (or, for a restore, an undo token of one's own delete, which a
 * member without abilities has none of), the admin flag, a licence.
 */
const needsMore = (declared: RouteGuard): boolean =>
  declared.kind === 'ability' ||
  declared.kind === 'abilityOrUndo' ||
  declared.kind === 'admin' ||
  declared.kind === 'licence';

/** A path with its parameters filled: ids that name no row, anything else a plain word. */
const fillPath = (url: string) =>
  url
    .replace(/:id\b/g, '999999')
    .replace(/:variant\b/g, 'original')
    .replace(/:\w+/g, 'zz')
    .replace(/\*/g, 'zz');

/**
 * The methods to call a guarded route with: the spoofing POST that the app adds to a PATCH/PUT/DELETE route is
 * refused (405) before any guard when it names no method, as Laravel does; it is the route's other method.
 */
const callableMethods = (route: RegisteredRoute) => {
  const methods = methodsOf(route).filter((method) => method !== 'OPTIONS');
  const spoofs = methods.some((method) => ['PATCH', 'PUT', 'DELETE'].includes(method));
  return spoofs ? methods.filter((method) => method !== 'POST') : methods;
};

describe('route guards', () => {
  let server: TestServer;
  let portalDir: string;
  let routes: RegisteredRoute[];

  beforeAll(async () => {
    portalDir = mkdtempSync(join(tmpdir(), 'route-guards-'));
    writeFileSync(join(portalDir, 'index.html'), '<!doctype html><head><!--portal-config--></head>');
    // The portal's files and the mail outbox register routes only when configured.
    server = await startTestServer({ portalDir, mailOutbox: true });
    routes = server.app.routeGuards.routes();
  });
  afterAll(async () => {
    await server?.close();
    rmSync(portalDir, { recursive: true, force: true });
  });

  it('every registered route declares its guard', () => {
    expect(unguarded(routes)).toEqual([]);
    const under = (prefix: string) => routes.filter((route) => route.url.startsWith(prefix));
    expect(under('/api/v2/').length).toBeGreaterThan(150);
    expect(under('/broadcasting/').length).toBeGreaterThan(0);
    const guardOf = (method: string, url: string) =>
      routes.find((route) => route.url === url && methodsOf(route).includes(method))?.guard;
    // The routes no module of ours declares options for, and those outside /api/v2, by their guards.
    expect(guardOf('POST', '/broadcasting/auth')).toEqual(guard.signedIn);
    expect(guardOf('POST', '/api/v2/broadcasting/auth')).toEqual(guard.signedIn);
    expect(guardOf('POST', '/apps/:appId/events')?.kind).toBe('signature');
    expect(guardOf('GET', '/api/v2/docs/json')?.kind).toBe('public');
    expect(guardOf('OPTIONS', '*')?.kind).toBe('public');
    expect(guardOf('GET', '/*')?.kind).toBe('public');
    expect(guardOf('GET', '/')?.kind).toBe('public');
    expect(guardOf('POST', '/api/v2/uploads')).toEqual(guard.signedIn);
    expect(guardOf('PATCH', '/api/v2/uploads/:id')).toEqual(guard.signedIn);
    expect(guardOf('GET', '/api/v2/admin/changelog-items')).toEqual(guard.signedIn);
    expect(guardOf('DELETE', '/api/v2/admin/changelog-items/:id')).toEqual(guard.admin);
    expect(guardOf('GET', '/api/v2/materials')).toEqual(
      guard.licence('hatch', guard.ability('list-materials')),
    );
    // A bulk route lets in whoever may run one of its actions (the handler checks the chosen one's ability).
    expect(guardOf('POST', '/api/v2/libraries/update')).toEqual(
      guard.ability(anyOf('update-libraries', 'delete-libraries')),
    );
    expect(guardOf('POST', '/api/v2/saved-views/update')).toEqual(guard.signedIn);
  });

  it('the walk sees every route of the router', () => {
    const normalised = (path: string) => path.replace(/:(\w+)/g, '{$1}').replace(/(.)\/$/, '$1');
    const registered = new Set(
      routes.flatMap((route) => methodsOf(route).map((method) => `${method} ${normalised(route.url)}`)),
    );
    // The printed tree hangs a wildcard below the last shared node (`/api/v2/docs/static/*` as `…/docs/*`).
    const wildcards = [...registered].filter((route) => route.endsWith('*'));
    const known = (route: string) =>
      registered.has(route) ||
      (route.endsWith('*') && wildcards.some((wildcard) => wildcard.startsWith(route.slice(0, -1))));
    const printed = routesOf(server.app.printRoutes({ commonPrefix: false }));
    expect(printed.length).toBeGreaterThan(200);
    expect(
      printed.map(({ method, path }) => `${method} ${normalised(path)}`).filter((route) => !known(route)),
    ).toEqual([]);
  });

  /** Calls every route whose guard needs a session, with the token given, and answers `status message`. */
  async function answersOfGuarded(token: string | null, applies: (declared: RouteGuard) => boolean) {
    const answers: string[] = [];
    for (const route of routes) {
      if (!route.guard || !applies(route.guard)) continue;
      for (const method of callableMethods(route)) {
        const response = await sendWithHost(
          server.port,
          `acme.${TEST_DOMAIN}:${server.port}`,
          fillPath(route.url),
          {
            method,
            headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
          },
        );
        const body = method === 'HEAD' ? null : ((await response.json()) as { message?: string });
        answers.push(
          `${method} ${route.url} (${describeGuard(route.guard)}): ${response.status} ${body?.message ?? ''}`,
        );
      }
    }
    return answers;
  }

  it('a guard that needs a session answers 401 without one, before anything else', async () => {
    const answers = await answersOfGuarded(null, needsSession);
    expect(answers.length).toBeGreaterThan(150);
    expect(answers.filter((answer) => !/: 401 (Unauthenticated\.)?$/.test(answer))).toEqual([]);
  });

  it('a guard that needs an ability, the admin flag or a licence answers 403 to a member without abilities', async () => {
    const member = await newMember(server, []);
    const answers = await answersOfGuarded(member.token, needsMore);
    expect(answers.length).toBeGreaterThan(100);
    expect(answers.filter((answer) => !/: 403 (This action is unauthorized\.)?$/.test(answer))).toEqual([]);
  });
});

describe('guard names', () => {
  it('takes only ability names and licence keys that exist: a misspelt one fails the type check', () => {
    // Each line below compiles only because of its @ts-expect-error: tsc fails once a misspelt name type-checks.
    // @ts-expect-error 'list-material' is no ability (list-materials is).
    expect(describeGuard(guard.ability('list-material'))).toBe('ability(list-material)');
    // @ts-expect-error a hand-written list is not checked name by name; anyOf(…) is.
    expect(describeGuard(guard.ability('list-materials|update-material'))).toBe(
      'ability(list-materials|update-material)',
    );
    // @ts-expect-error 'hatchet' is no licence key.
    expect(describeGuard(guard.licence('hatchet', guard.admin))).toBe('licence(hatchet, admin)');
    expect(
      describeGuard(
        guard.licence(
          anyLicenceOf('hatch', 'design_and_sales'),
          guard.ability(anyOf('list-materials', 'update-materials')),
        ),
      ),
    ).toBe('licence(hatch|design_and_sales, ability(list-materials|update-materials))');
  });
});

describe('the route walk', () => {
  it('finds a route registered without a guard', async () => {
    const app = Fastify();
    registerRouteGuards(app);
    app.get(
      '/api/v2/declared',
      guarded(guard.signedIn, { tags: ['test'], summary: 'Declared' }),
      async () => ({}),
    );
    app.get('/api/v2/forgotten', async () => ({}));
    app.post(
      '/api/v2/open',
      guarded(guard.public(' '), { tags: ['test'], summary: 'Open' }),
      async () => ({}),
    );
    await app.ready();
    expect(unguarded(app.routeGuards.routes())).toEqual([
      'GET /api/v2/forgotten: no guard',
      'HEAD /api/v2/forgotten: no guard',
      'POST /api/v2/open: public without a reason',
    ]);
    await app.close();
  });

  it('refuses a route that writes its own preValidation', async () => {
    const app = Fastify();
    registerRouteGuards(app);
    await expect(async () => {
      app.get('/api/v2/by-hand', { preValidation: async () => undefined }, async () => ({}));
      await app.ready();
    }).rejects.toThrow(/declare the route's guard with guarded/);
    await app.close();
  });
});
