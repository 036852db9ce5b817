/**
 * Property-based fuzzing of every route: each operation of the server's OpenAPI document (and the hidden push
 * HTTP API) gets generated hostile requests (fuzz-requests.ts) as an admin and as a viewer, on tenant and public
 * hosts. No answer may be a 5xx, and no error body may carry a stack, a file position or SQL text. A fixed seed
 * and number of runs per operation keep it reproducible and bounded in time.
 */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { signRequest } from '../../server/realtime/signatures';
import { tokenFor } from './api-helpers';
import { badBody, badRequest, type FuzzRequest, type Operation, operationsOf } from './fuzz-requests';
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

/**
 * Signing out (of every session, too) gets a fresh token of a user the other operations do not use, and switching
 * maintenance mode on is undone after each run, so every run reaches the routes as the role it names.
 */
async function tokenForRun(operation: Operation, role: keyof typeof users) {
  return /logout/.test(operation.path) ? tokenFor(server, 'alice') : users[role];
}

async function undoSideEffects(operation: Operation) {
  if (!operation.path.includes('maintenance-mode') || operation.method === 'GET') return;
  await server.request(null, '/admin/maintenance-mode', {
    method: 'PATCH',
    token: users.admin,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ enabled: false }),
  });
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
