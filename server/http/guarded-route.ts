/**
 * Every route states its guard, once, in its options: `guarded(guard, schema)` gives a route its guard
 * (`config.guard`) and its OpenAPI documentation (tags, summary, the schemas, bearer security unless public), and
 * `registerRouteGuards` (the app's first onRoute hook) turns each declared guard into the route's preValidation,
 * so 401 and 403 come before any 422, as in Laravel (middleware runs before validation). Handlers read the
 * session with `authenticate(request)` (cached). A route that writes a preValidation of its own is refused at
 * registration; one registered without a guard is listed by `app.routeGuards.routes()`, which
 * tests/server/route-guards.test.ts checks. Checks of a record or of what a request asks for (may this user edit
 * this record, upload this kind, run this bulk action) stay in the handlers. A write route states there too what it
 * records in the user's activity (`activity`, read by server/domain/activity-recorder.ts when the route answers).
 */
import type {
  FastifyInstance,
  FastifyRequest,
  FastifySchema,
  preValidationAsyncHookHandler,
  RouteOptions,
} from 'fastify';
import type { RequiredAbilities, RequiredLicences } from '../../shared/abilities';
import { authenticate, authorize, requireAdmin, requireCompanyLicence } from '../auth/session';
import { UNDO_TOKEN_HEADER, undoAllows } from '../auth/undo-tokens';
import type accountTexts from '../../public/locales/en/account.json';

/** Who may call a route. */
export type RouteGuard =
  /** Anyone; `reason` says why (the login, a token in the URL, the documentation). */
  | { readonly kind: 'public'; readonly reason: string }
  /** No session: the handler checks a signature over the request (the Pusher HTTP API); `reason` says which. */
  | { readonly kind: 'signature'; readonly reason: string }
  /** A valid bearer token on the host of a company the user belongs to (administrators: every company). */
  | { readonly kind: 'signedIn' }
  /** Signed in and holding the ability (`anyOf(a, b)`: any one of them); administrators always pass. */
  | { readonly kind: 'ability'; readonly ability: RequiredAbilities }
  /** Signed in with the admin flag (platform administrators). */
  | { readonly kind: 'admin' }
  /**
   * Signed in and holding the ability, or undoing one's own delete of this record of `collection` (an
   * `X-Undo-Token` of its delete, server/auth/undo-tokens.ts): a restore.
   */
  | { readonly kind: 'abilityOrUndo'; readonly ability: RequiredAbilities; readonly collection: string }
  /** Another guard, then the company's licence (403 when it has bought none; administrators pass). */
  | { readonly kind: 'licence'; readonly licence: RequiredLicences; readonly guard: RouteGuard };

export const guard = {
  public: (reason: string): RouteGuard => ({ kind: 'public', reason }),
  signature: (reason: string): RouteGuard => ({ kind: 'signature', reason }),
  signedIn: { kind: 'signedIn' } as RouteGuard,
  /** Names of shared/abilities.ts only: a misspelt one fails the type check (tests/server/route-guards.test.ts). */
  ability: (ability: RequiredAbilities): RouteGuard => ({ kind: 'ability', ability }),
  admin: { kind: 'admin' } as RouteGuard,
  /** `guard.abilityOrUndo(RESTORE_ABILITY, 'labels')`: a restore, also by whoever just deleted the record. */
  abilityOrUndo: (ability: RequiredAbilities, collection: string): RouteGuard => ({
    kind: 'abilityOrUndo',
    ability,
    collection,
  }),
  /** `guard.licence('hatch', guard.ability('list-materials'))`: a hatch-only area's routes. */
  licence: (licence: RequiredLicences, then: RouteGuard): RouteGuard => ({
    kind: 'licence',
    licence,
    guard: then,
  }),
};

/** A wording of an activity entry: a key of `account:activity.messages` (public/locales/{en,nl}/account.json). */
export type ActivityMessageKey = keyof (typeof accountTexts)['activity']['messages'];

/**
 * What a successful write through the route records in the user's activity (server/domain/activity-recorder.ts):
 * - `false`: nothing: bookkeeping rather than something done to the company's data (the uploads, the
 *   notifications read, the push service's sign-in), or recorded by the handler itself (an accepted invitation);
 * - `{ message }`: the write is no record's create, update or delete, and says what it did in its own words
 *   ('Left the company'); with `param` the wording names what the request's body gave under that field, else
 *   the answered record's name ('Invited {{email}}'), and is the action alone where there is neither;
 * - not stated: a write to a declared entity's collection, worded from its path ('Updated user Bob Brink').
 */
export type RouteActivity = false | { readonly message: ActivityMessageKey; readonly param?: string };

/** What a route declares besides its guard and schema (`guarded(guard, schema, { activity })`). */
export interface RouteDeclaration {
  activity?: RouteActivity;
}

/** The config of a guarded route. */
export interface GuardedConfig {
  guard: RouteGuard;
  activity?: RouteActivity;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (`guarded`); applied as its preValidation by `registerRouteGuards`. */
    guard?: RouteGuard;
    /** What a write through the route records in the user's activity (`guarded`'s `activity`). */
    activity?: RouteActivity;
  }
  interface FastifyInstance {
    routeGuards: RouteGuards;
  }
}

/** A guard without a session check: nothing runs before validation. */
const isOpen = (declared: RouteGuard) => declared.kind === 'public' || declared.kind === 'signature';

/** How a guard reads, in errors and in `printRoutes`: `ability(list-labels)`, `licence(hatch, admin)`. */
export function describeGuard(declared: RouteGuard): string {
  switch (declared.kind) {
    case 'public':
    case 'signature':
      return `${declared.kind}(${declared.reason})`;
    case 'ability':
      return `ability(${declared.ability})`;
    case 'abilityOrUndo':
      return `abilityOrUndo(${declared.ability}, ${declared.collection})`;
    case 'licence':
      return `licence(${declared.licence}, ${describeGuard(declared.guard)})`;
    default:
      return declared.kind;
  }
}

type Check = (request: FastifyRequest) => Promise<void>;

function checkOf(declared: RouteGuard): Check | null {
  switch (declared.kind) {
    case 'public':
    case 'signature':
      return null;
    case 'signedIn':
      return async (request) => {
        await authenticate(request);
      };
    case 'ability':
      return async (request) => authorize(await authenticate(request), declared.ability);
    case 'admin':
      return async (request) => requireAdmin(await authenticate(request));
    case 'abilityOrUndo':
      return async (request) => {
        const session = await authenticate(request);
        const token = request.headers[UNDO_TOKEN_HEADER];
        const key = (request.params as { id?: unknown }).id;
        const undoing = undoAllows(
          request.server.ctx.config.pusher.secret,
          typeof token === 'string' ? token : undefined,
          {
            companyId: session.company.id,
            userId: session.user.id,
            collection: declared.collection,
            key: String(key),
          },
        );
        if (!undoing) authorize(session, declared.ability);
      };
    case 'licence': {
      const first = checkOf(declared.guard) ?? authenticate;
      return async (request) => {
        await first(request);
        await requireCompanyLicence(request.server.ctx.db, await authenticate(request), declared.licence);
      };
    }
  }
}

/** The route's preValidation for its guard, named after it (`printRoutes({includeHooks: true})` shows it). */
function preValidationOf(declared: RouteGuard): preValidationAsyncHookHandler | null {
  const check = checkOf(declared);
  if (!check) return null;
  const hook: preValidationAsyncHookHandler = (request) => check(request);
  Object.defineProperty(hook, 'name', { value: `guard ${describeGuard(declared)}` });
  return hook;
}

/** What a documented route states besides its schemas. */
export interface RouteDocumentation {
  tags: readonly string[];
  summary: string;
}

const BEARER = [{ bearer: [] }] as const;

/**
 * The options of a route: its guard and its schema with the OpenAPI documentation, plus bearer security unless
 * the route is open, and what a write through it records in the activity (`RouteDeclaration`).
 * `app.get(path, guarded(guard.signedIn, {tags, summary, response}), handler)`. Without a schema (the portal's
 * index.html) only the guard.
 */
export function guarded(declared: RouteGuard): { config: GuardedConfig };
export function guarded<S extends FastifySchema & RouteDocumentation>(
  declared: RouteGuard,
  schema: S,
  declaration?: RouteDeclaration,
): { config: GuardedConfig; schema: S };
export function guarded<S extends FastifySchema & RouteDocumentation>(
  declared: RouteGuard,
  schema?: S,
  { activity }: RouteDeclaration = {},
) {
  const config: GuardedConfig = activity === undefined ? { guard: declared } : { guard: declared, activity };
  if (!schema) return { config };
  return {
    config,
    schema: isOpen(declared) ? schema : { ...schema, security: schema.security ?? BEARER },
  };
}

/**
 * A route as registered, with the guard it declared (none: it was registered without `guarded`) and what it
 * records in the activity (none stated: see `RouteActivity`).
 */
export interface RegisteredRoute {
  method: string | string[];
  url: string;
  guard: RouteGuard | undefined;
  activity: RouteActivity | undefined;
}

export interface RouteGuards {
  /** Every route registered so far (HEAD routes Fastify adds for GET included), with its guard. */
  routes(): RegisteredRoute[];
  /**
   * Registers a plugin whose routes take no options of ours (the CORS preflight, the documentation, the portal's
   * static files) with one guard for every route it adds: `app.routeGuards.plugin(guard.public('…'), () =>
   * app.register(plugin, options))`.
   */
  plugin(declared: RouteGuard, register: () => PromiseLike<unknown>): Promise<void>;
}

/**
 * The app's first onRoute hook: applies each route's declared guard as its preValidation (after the app's own
 * preValidation hooks: body parsing, method spoofing), and keeps every route for `app.routeGuards.routes()`.
 */
export function registerRouteGuards(app: FastifyInstance): void {
  const routes: RouteOptions[] = [];
  let pluginGuard: RouteGuard | null = null;
  app.addHook('onRoute', (route) => {
    routes.push(route);
    if (route.preValidation) {
      throw new Error(
        `${String(route.method)} ${route.url}: declare the route's guard with guarded(…) instead of a preValidation of its own`,
      );
    }
    if (!route.config?.guard && pluginGuard) route.config = { ...route.config, guard: pluginGuard };
    const declared = route.config?.guard;
    const hook = declared ? preValidationOf(declared) : null;
    if (hook) route.preValidation = hook;
  });
  app.decorate('routeGuards', {
    routes: () =>
      routes.map((route) => ({
        method: route.method,
        url: route.url,
        guard: route.config?.guard,
        activity: route.config?.activity,
      })),
    async plugin(declared: RouteGuard, register: () => PromiseLike<unknown>) {
      pluginGuard = declared;
      try {
        await register();
      } finally {
        pluginGuard = null;
      }
    },
  } satisfies RouteGuards);
}
