/**
 * Property-based fuzzing of every route: each operation of the server's OpenAPI document (and the hidden push
 * HTTP API) gets generated hostile requests (fuzz-requests.ts) as an admin and as a viewer, on tenant and public
 * hosts. No answer may be a 5xx, and no error body may carry a stack, a file position or SQL text. A fixed seed
 * and number of runs per operation keep it reproducible and bounded in time. Beside the random runs, two
 * exhaustive sweeps: every filter each list declares (found by asking the list, so a new filter is covered
 * without touching this file) with every value of HOSTILE_FILTER_VALUES, and every write route of the Fastify app
 * with bodies plausible for its schema that carry a field named after a prototype property (`__proto__`,
 * `constructor`, `toString`, `hasOwnProperty`), as JSON, form and multipart.
 */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { signRequest } from '../../server/realtime/signatures';
import { newMember, tokenFor } from './api-helpers';
import {
  allowedFilters,
  badBody,
  badRequest,
  type FuzzRequest,
  HOSTILE_FILTER_VALUES,
  keyedBodies,
  type Operation,
  operationsOf,
  PROBE_FILTER,
  PROTOTYPE_KEYS,
  routesOf,
} from './fuzz-requests';
import { sendWithHost, startTestServer, TEST_DOMAIN } from './test-server';

const SEED = 20261123;
const RUNS_PER_OPERATION = 30;

/** What an error body must never contain: stack frames, source positions, SQL or database wording. */
const LEAK =
  /\n\s+at |node_modules|\.[cm]?[jt]s:\d+|\bselect .+ from\b|\binsert into\b|\bupdate .+ set\b|\bdelete from\b|sqlstate|syntax error|invalid input syntax|violates|duplicate key|out of range for type|pglite|postgres|kysely/i;

const server = await startTestServer();
const docs = await server.request(null, '/docs/json');
const operations = operationsOf(await docs.json());

const projectOf = async (subdomain: string) => {
  const row = await server.db
    .selectFrom('projects')
    .innerJoin('companies', 'companies.id', 'projects.company_id')
    .select('projects.id')
    .where('companies.sub_domain', '=', subdomain)
    .executeTakeFirstOrThrow();
  return row.id;
};
/** Own (acme) and foreign (globex) ids, so generated ids also name rows that exist. */
const ids = [await projectOf('acme'), await projectOf('globex'), 1, 2];
const users = { admin: await tokenFor(server, 'admin'), viewer: await tokenFor(server, 'bob') };

const pushEvents: Operation[] = ['events', 'batch_events'].map((path) => ({
  method: 'POST',
  path: `/apps/{appId}/${path}`,
  pathParams: ['appId'],
  queryParams: ['auth_key', 'auth_timestamp', 'auth_version', 'body_md5', 'auth_signature'],
  bodyFields: ['name', 'data', 'channels', 'channel', 'socket_id', 'info', 'batch'],
}));

afterAll(async () => server.close());

async function send(request: FuzzRequest, subdomain: string | null, token: string | null) {
  const response = await sendWithHost(
    server.port,
    `${subdomain ? `${subdomain}.` : ''}${TEST_DOMAIN}:${server.port}`,
    request.path,
    {
      method: request.method,
      headers: {
        Accept: 'application/json',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...request.headers,
      },
      body: request.body,
    },
  );
  return { status: response.status, text: await response.text() };
}

function expectNoServerError(request: FuzzRequest, answer: { status: number; text: string }) {
  const sent = `${request.method} ${request.path} ${request.headers['Content-Type'] ?? ''} ${JSON.stringify(
    request.body ?? '',
  ).slice(0, 300)}`;
  expect(answer.status, `${sent} → ${answer.text.slice(0, 300)}`).toBeLessThan(500);
  if (answer.status >= 400) expect(answer.text, sent).not.toMatch(LEAK);
}

/** Writes to the account itself, which may delete it or end its membership (`DELETE /my-account`, or POST + override). */
const ACCOUNT_ENDING = /^\/api\/v2\/my-account(\/membership)?$/;

/**
 * Signing out (of every session, too) gets a fresh token of a user the other operations do not use, a write to
 * the account itself (which may delete it or end its membership) a new member's, and switching maintenance mode
 * on is undone after each run, so every run reaches the routes as the role it names.
 */
async function tokenForRun(operation: Operation, role: keyof typeof users) {
  if (/logout/.test(operation.path)) return tokenFor(server, 'alice');
  if (operation.method !== 'GET' && ACCOUNT_ENDING.test(operation.path))
    return (await newMember(server, [])).token;
  return users[role];
}

async function undoSideEffects(operation: Pick<Operation, 'method' | 'path'>) {
  if (!operation.path.includes('maintenance-mode') || operation.method === 'GET') return;
  // On the tenant's host: the public host has no company, so no token is valid there.
  const undone = await server.request('acme', '/admin/maintenance-mode', {
    method: 'PATCH',
    token: users.admin,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ enabled: false }),
  });
  expect(undone.status, 'maintenance mode switched off again').toBe(200);
}

describe.each(Object.keys(users) as Array<keyof typeof users>)('as %s', (role) => {
  it.each(
    [...operations, ...pushEvents].map((operation) => [`${operation.method} ${operation.path}`, operation]),
  )('%s answers hostile input with a 4xx', async (_name, operation) => {
    await fc.assert(
      fc.asyncProperty(
        badRequest(operation, ids),
        // Mostly the tenant of both users; also the public host and a foreign tenant.
        fc.constantFrom<string | null>('acme', 'acme', 'acme', 'acme', null, 'globex'),
        async (request, subdomain) => {
          const token = await tokenForRun(operation, role);
          const answer = await send(request, subdomain, token);
          await undoSideEffects(operation);
          expectNoServerError(request, answer);
        },
      ),
      { seed: SEED, numRuns: RUNS_PER_OPERATION, endOnFailure: true },
    );
  });
});

describe('the push HTTP API signed with the real secret', () => {
  it.each(pushEvents.map((operation) => [operation.path, operation]))(
    '%s answers hostile bodies with a 4xx',
    async (_name, operation) => {
      const { appId, key, secret } = server.config.pusher;
      const path = operation.path.replace('{appId}', appId);
      await fc.assert(
        fc.asyncProperty(badBody(operation.bodyFields, ids), async (body) => {
          const params = new Map([
            ['auth_key', key],
            ['auth_timestamp', String(Math.floor(Date.now() / 1000))],
            ['auth_version', '1.0'],
            ...(body?.text ? [['body_md5', createHash('md5').update(body.text).digest('hex')] as const] : []),
          ]);
          params.set('auth_signature', signRequest(secret, 'POST', path, params));
          const request: FuzzRequest = {
            method: 'POST',
            path: `${path}?${new URLSearchParams([...params]).toString()}`,
            headers: body ? { 'Content-Type': body.contentType } : {},
            ...(body ? { body: body.text } : {}),
          };
          expectNoServerError(request, await send(request, null, null));
        }),
        { seed: SEED, numRuns: RUNS_PER_OPERATION * 3, endOnFailure: true },
      );
    },
  );
});

const get = (path: string) => send({ method: 'GET', path, headers: {} }, 'acme', users.admin);
const parsed = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

describe('every declared filter of every list', () => {
  const lists = operations.filter(
    (operation) => operation.method === 'GET' && operation.queryParams.includes('filter'),
  );

  it('has lists to sweep', () => expect(lists.length).toBeGreaterThan(10));

  it.each(lists.map((operation) => [operation.path, operation]))(
    '%s answers every hostile value of every filter it declares with a 4xx or its rows',
    async (_name, operation) => {
      const probe = await get(`${operation.path}?filter[${PROBE_FILTER}]=1`);
      const filters = allowedFilters(probe.status, parsed(probe.text));
      expect(filters, `${operation.path}: ${probe.status} ${probe.text.slice(0, 300)}`).not.toBeNull();
      for (const filter of filters ?? []) {
        for (const value of HOSTILE_FILTER_VALUES) {
          const encoded = encodeURIComponent(value);
          for (const query of [`filter[${filter}]=${encoded}`, `filter[${filter}][]=${encoded}`]) {
            const request: FuzzRequest = { method: 'GET', path: `${operation.path}?${query}`, headers: {} };
            expectNoServerError(request, await send(request, 'acme', users.admin));
          }
        }
      }
    },
  );
});

/** The key of a row the admin reaches in `collection` (its list's first row, by id or by name), else an id. */
const rowKeys = new Map<string, string>();
async function rowKeyOf(collection: string): Promise<string> {
  const known = rowKeys.get(collection);
  if (known) return known;
  const list = await get(`${collection}?per_page=1`);
  const row =
    list.status === 200
      ? (parsed(list.text) as { data?: Array<Record<string, unknown>> }).data?.[0]
      : undefined;
  const candidates = [row?.id, row?.name].filter((key) => typeof key === 'number' || typeof key === 'string');
  let key = candidates.length ? String(candidates[0]) : String(ids[0]);
  for (const candidate of candidates) {
    if ((await get(`${collection}/${encodeURIComponent(String(candidate))}`)).status === 200) {
      key = String(candidate);
      break;
    }
  }
  rowKeys.set(collection, key);
  return key;
}

/** The path with each parameter the key of a row of the collection before it, so writes reach a real row. */
async function reachablePath(template: string): Promise<string> {
  let path = template;
  for (const [placeholder] of template.matchAll(/\{[^}]+\}/g)) {
    const collection = path.slice(0, path.indexOf(placeholder) - 1);
    path = path.replace(placeholder, encodeURIComponent(await rowKeyOf(collection)));
  }
  return path;
}

describe('fields named after prototype properties', () => {
  const writes = routesOf(server.app.printRoutes({ commonPrefix: false })).filter((route) =>
    ['POST', 'PUT', 'PATCH'].includes(route.method),
  );
  let serial = 0;

  it('has write routes to sweep', () => expect(writes.length).toBeGreaterThan(50));

  it.each(writes.map((route) => [`${route.method} ${route.path}`, route]))(
    '%s never answers them with a 5xx',
    async (_name, route) => {
      const operation = operations.find(
        (candidate) => candidate.method === route.method && candidate.path === route.path,
      );
      const path = await reachablePath(route.path);
      // Its own token: a write may sign its user out.
      const token = await tokenFor(server, 'admin');
      for (const key of PROTOTYPE_KEYS) {
        for (const body of keyedBodies(operation?.bodySchema, key, (serial += 1), ids)) {
          const request: FuzzRequest = {
            method: route.method,
            path,
            headers: { 'Content-Type': body.contentType },
            body: body.text,
          };
          const answer = await send(request, 'acme', token);
          await undoSideEffects(route);
          expectNoServerError({ ...request, path: `${path} (${body.label})` }, answer);
        }
      }
    },
  );
});

describe('afterwards', () => {
  it('the users the runs act as are still signed in, so no run went unauthenticated', async () => {
    for (const token of Object.values(users)) {
      expect((await server.request('acme', '/my-account', { token })).status).toBe(200);
    }
  });
});
