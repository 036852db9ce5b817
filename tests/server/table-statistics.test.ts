/**
 * The planner has table statistics from the server's start (server/db/statistics.ts): a freshly migrated and seeded
 * database has none until autovacuum comes round, and the embedded database never gets them on its own.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ processingWorker: false });
});
afterAll(() => server?.close());

it('has analyzed every table of its schema when it starts', async () => {
  const unanalyzed = await sql<{ relname: string }>`
    select relname from pg_stat_user_tables
    where schemaname = current_schema() and last_analyze is null and last_autoanalyze is null
  `.execute(server.db);
  expect(unanalyzed.rows.map((row) => row.relname)).toEqual([]);
  const projectColumns = await sql<{ columns: number }>`
    select count(*)::int as columns from pg_stats where schemaname = current_schema() and tablename = 'projects'
  `.execute(server.db);
  expect(projectColumns.rows[0].columns).toBeGreaterThan(5);
});
