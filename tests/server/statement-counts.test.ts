/**
 * What the most frequent calls cost the database, in statements: every statement is a round trip (a socket write
 * and a database process woken on PostgreSQL, a turn at the one connection on the embedded database), and the
 * load benchmark (`npm run bench:load`) showed them to be most of the server's work. These counts are the ones the
 * code has; a change that adds a statement to these paths shows here and needs a reason.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, tokenFor } from './api-helpers';
import { startTestServer, type TestServer } from './test-server';

let server: TestServer;
let alice: string;

beforeAll(async () => {
  // No processing worker: nothing but the requests below talks to the database.
  server = await startTestServer({ processingWorker: false });
  alice = await tokenFor(server, 'alice');
});
afterAll(() => server?.close());

async function statementsOf(path: string): Promise<string[]> {
  let status = 0;
  const statements = await server.statementsDuring(async () => {
    const response = await server.request('acme', path, { token: alice });
    status = response.status;
    await response.arrayBuffer();
  });
  expect(status, path).toBe(200);
  // The maintenance flag is read at most once a second per process (server/http/maintenance.ts), whichever
  // request comes first: not a cost of the request at hand.
  return statements.filter((statement) => !statement.includes('"app_settings"'));
}

describe('statements per request', () => {
  it('authenticates a request in one statement: its tenant, token, user, membership, abilities and licences', async () => {
    const statements = await statementsOf('/auth/validate');
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/"companies"\."sub_domain" = \$\d+/);
    expect(statements[0]).toMatch(/"access_tokens"\."token_hash" = \$\d+/);
  });

  it('signs in on a tenant host reading the user, their password hash, the tenant and their session there in one statement', async () => {
    const statements = await server.statementsDuring(() => login(server, 'bob'));
    const reads = statements.filter((statement) => /^select/i.test(statement.trim()));
    expect(reads.filter((statement) => statement.includes('"users"'))).toHaveLength(1);
    const [userRead] = reads.filter((statement) => statement.includes('"users"'));
    expect(userRead).toMatch(/"password_hash"/);
    expect(userRead).toMatch(/"companies"\."sub_domain" = \$\d+/);
    expect(userRead).toMatch(/"abilities"/);
  });

  it('lists projects in three: the session, the page with its total and filter labels, and the labels, members and favourites of the page', async () => {
    const statements = await statementsOf('/projects?per_page=25&sort=-updated_at');
    expect(statements).toHaveLength(3);
    expect(statements[1]).toMatch(/count\(\*\)/);
    expect(statements[1]).toMatch(/json_agg/);
  });

  it('counts projects for the dashboard in two: the session and the kept count', async () => {
    expect(await statementsOf('/projects?count=1&include_sub_projects=1')).toHaveLength(2);
  });

  it('lists notifications in two: the session, and the page with its total and the unread count', async () => {
    const statements = await statementsOf('/my-account/notifications?per_page=10');
    expect(statements).toHaveLength(2);
    expect(statements[1]).toMatch(/"read_at" is null/);
  });
});
