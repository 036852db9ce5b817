/**
 * Soft delete with a 30-day retention: delete, list as trashed, restore within the retention, purge after it; the
 * purge covers the tables of the declarations that say `softDelete`, and no other.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declaredEntities } from '../../server/api/index';
import { purgeExpiredTrash } from '../../server/domain/trash-purge';
import { restore, type SoftDeleteTable, softDelete } from '../../server/db/retention';
import { TRASH_RETENTION_DAYS } from '../../shared/trash';
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
    expect((await purgeExpiredTrash(server.db, server.app.ctx.entities)).projects).toBe(1);
    expect(
      await server.db.selectFrom('projects').select('id').where('id', '=', id).executeTakeFirst(),
    ).toBeUndefined();
  });
});

describe('the purge', () => {
  const DAY = 24 * 60 * 60 * 1000;
  const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

  it("removes every soft-deleting entity's rows past the retention, and keeps those within it", async () => {
    const tables = (await declaredEntities())
      .filter((entity) => entity.softDelete)
      .map((entity) => entity.table as SoftDeleteTable);
    expect(tables).toEqual(expect.arrayContaining(['projects', 'project_models', 'libraries']));
    const trashed: Array<{ table: SoftDeleteTable; expired: number; recent: number }> = [];
    for (const table of new Set(tables)) {
      const rows = await server.db
        .selectFrom(table)
        .select('id')
        .where('company_id', '=', acme)
        .where('deleted_at', 'is', null)
        .orderBy('id')
        .execute();
      expect(rows.length, `${table} has two live rows to trash`).toBeGreaterThanOrEqual(2);
      // The newest row expires (nothing older hangs below it, so its purge cascades to no row kept here).
      const [recent, expired] = [rows[0].id, rows[rows.length - 1].id];
      await server.db
        .updateTable(table)
        .set({ deleted_at: daysAgo(TRASH_RETENTION_DAYS + 1) })
        .where('id', '=', expired)
        .execute();
      await server.db
        .updateTable(table)
        .set({ deleted_at: daysAgo(TRASH_RETENTION_DAYS - 1) })
        .where('id', '=', recent)
        .execute();
      trashed.push({ table, expired, recent });
    }
    const purged = await purgeExpiredTrash(server.db, server.app.ctx.entities);
    for (const { table, expired, recent } of trashed) {
      const left = await server.db
        .selectFrom(table)
        .select('id')
        .where('id', 'in', [expired, recent])
        .execute();
      expect(
        left.map((row) => row.id),
        table,
      ).toEqual([recent]);
      expect(purged[table], table).toBeGreaterThanOrEqual(1);
    }
  });

  it('leaves the rows of entities that delete for good alone, whatever their deleted_at says', async () => {
    const role = await server.db
      .selectFrom('roles')
      .select('id')
      .where('company_id', '=', acme)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await server.db
      .updateTable('roles')
      .set({ deleted_at: daysAgo(TRASH_RETENTION_DAYS + 5) })
      .where('id', '=', role.id)
      .execute();
    const purged = await purgeExpiredTrash(server.db, server.app.ctx.entities);
    expect(purged).not.toHaveProperty('roles');
    expect(
      await server.db.selectFrom('roles').select('id').where('id', '=', role.id).executeTakeFirst(),
    ).toEqual(role);
    await server.db.updateTable('roles').set({ deleted_at: null }).where('id', '=', role.id).execute();
  });
});
