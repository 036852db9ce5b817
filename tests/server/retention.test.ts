/** Soft delete with a 30-day retention: delete, list as trashed, restore within the retention, purge after it. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpiredTrash, restore, softDelete } from '../../server/db/retention';
import { companyId, tokenFor } from './api-helpers';
import { startTestServer, type TestServer } from './test-server';

let server: TestServer;
let alice: string;
let acme: number;
let globex: number;

beforeAll(async () => {
  server = await startTestServer();
  alice = await tokenFor(server, 'alice');
  acme = await companyId(server, 'acme');
  globex = await companyId(server, 'globex');
});
afterAll(() => server?.close());

const projectId = async (name: string) =>
  (await server.db.selectFrom('projects').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
const names = async (query: string) => {
  const response = await server.request('acme', `/projects?per_page=100&${query}`, { token: alice });
  return ((await response.json()) as { data: Array<{ name: string }> }).data.map((project) => project.name);
};

describe('soft delete and restore', () => {
  it('moves a project to the recycling bin and back, only within its own company', async () => {
    const id = await projectId('Market Hall');
    expect(await softDelete(server.db, 'projects', globex, id)).toBe(false);
    expect(await softDelete(server.db, 'projects', acme, id)).toBe(true);
    expect(await names('')).not.toContain('Market Hall');
    expect(await names('trashed=1')).toContain('Market Hall');
    expect(await restore(server.db, 'projects', globex, id)).toBe(false);
    expect(await restore(server.db, 'projects', acme, id)).toBe(true);
    expect(await names('')).toContain('Market Hall');
    expect(await restore(server.db, 'projects', acme, id)).toBe(false);
  });

  it('cannot restore past the retention, and the purge removes such rows for good', async () => {
    const id = await projectId('Cedar Court');
    await server.db
      .updateTable('projects')
      .set({ deleted_at: new Date(Date.now() - 31 * 24 * 60 * 60 * 1000) })
      .where('id', '=', id)
      .execute();
    expect(await names('trashed=1')).not.toContain('Cedar Court');
    expect(await restore(server.db, 'projects', acme, id)).toBe(false);
    expect((await purgeExpiredTrash(server.db)).projects).toBe(1);
    expect(
      await server.db.selectFrom('projects').select('id').where('id', '=', id).executeTakeFirst(),
    ).toBeUndefined();
  });
});
