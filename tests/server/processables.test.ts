/**
 * The processed entities the worker knows are found, not listed (server/processing/processables.ts): every table
 * whose rows are processed after upload (a `processing_attempt` column numbers their attempts) has a Processable
 * in a `*-processing.ts` module, so a new processed entity that declares none fails here, and every one found
 * names a table that is processed.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declaredProcessables } from '../../server/processing/processables';
import { startTestServer, type TestServer } from './test-server';

describe('the processed entities', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it('are every table with processing attempts, each with one Processable of its own name', async () => {
    const { rows } = await sql<{ table_name: string }>`
      select table_name from information_schema.columns
      where table_schema = current_schema() and column_name = 'processing_attempt'
    `.execute(server.db);
    const processed = rows.map((row) => row.table_name).sort();
    const processables = await declaredProcessables();
    expect(processed.length).toBeGreaterThan(2);
    expect(processables.map((processable) => processable.table).sort()).toEqual(processed);
    expect(new Set(processables.map((processable) => processable.entity)).size).toBe(processables.length);
  });
});
