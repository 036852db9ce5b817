/**
 * The CRUD helper's behaviours on a soft-deleted entity, projects: 404 for missing, out-of-range and trashed ids;
 * delete into the recycling bin and restore (restore-deleted-entities, admins pass); the bulk delete, where a row
 * that fails half-way through its transaction is left exactly as it was while the other rows are applied.
 */
import { sql } from 'kysely';
import type { ProjectDetail } from '../../shared/entities/projects';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyId, formBody, jsonBody, memberWithAbilities, tokenFor } from './api-helpers';
import { insertModel } from './model-fixtures';
import { startTestServer, type TestServer } from './test-server';

type Project = ProjectDetail;

let server: TestServer;
let alice: string;
let admin: string;
let acme: number;

beforeAll(async () => {
  server = await startTestServer();
  [alice, admin] = await Promise.all(['alice', 'admin'].map((name) => tokenFor(server, name)));
  acme = await companyId(server, 'acme');
});
afterAll(() => server?.close());

const call = (path: string, init: RequestInit & { token?: string } = {}) =>
  server.request('acme', path, { token: alice, ...init });

async function data(response: Response, status = 200): Promise<Project> {
  expect(response.status, await response.clone().text()).toBe(status);
  return ((await response.json()) as { data: Project }).data;
}

const create = async (body: Record<string, unknown>) =>
  data(await call('/projects', { method: 'POST', ...jsonBody(body) }), 201);

const modelIn = (projectId: number, name: string) => insertModel(server, acme, projectId, name);

const deletedAt = async (table: 'projects' | 'project_models', id: number) =>
  (await server.db.selectFrom(table).select('deleted_at').where('id', '=', id).executeTakeFirstOrThrow())
    .deleted_at;

describe('projects through the CRUD helper', () => {
  it('answers 404 for an id outside the integer range on every single-project route', async () => {
    for (const id of ['2147483648', '0', '1e3']) {
      expect((await call(`/projects/${id}`)).status, id).toBe(404);
      expect((await call(`/projects/${id}`, { method: 'PATCH', ...jsonBody({}) })).status, id).toBe(404);
      expect((await call(`/projects/${id}`, { method: 'DELETE' })).status, id).toBe(404);
      expect((await call(`/projects/${id}/restore`)).status, id).toBe(404);
      expect((await call(`/projects/${id}/copy`, { method: 'POST', ...jsonBody({}) })).status, id).toBe(404);
    }
    expect(await (await call('/projects/2147483647')).json()).toEqual({
      message: 'No query results for model [App\\Models\\Project] 2147483647',
    });
  });

  it('trashes a project (then 404 on its routes) and restores it with restore-deleted-entities or as admin', async () => {
    const project = await create({ name: 'Warehouse' });
    const deleted = await call(`/projects/${project.id}`, { method: 'DELETE' });
    expect(await deleted.json()).toEqual({
      project_name: 'Warehouse',
      status: 'successfully deleted',
      undo_token: expect.any(String),
    });
    expect(await call(`/projects/${project.id}`).then((response) => response.json())).toEqual({
      message: `No query results for model [App\\Models\\Project] ${project.id}`,
    });
    expect(
      (await call(`/projects/${project.id}`, { method: 'PATCH', ...jsonBody({ name: 'x' }) })).status,
    ).toBe(404);
    expect((await call(`/projects/${project.id}`, { method: 'DELETE' })).status).toBe(404);

    const deleter = await memberWithAbilities(server, ['view-projects', 'delete-projects']);
    expect((await call(`/projects/${project.id}/restore`, { token: deleter })).status).toBe(403);
    expect(await deletedAt('projects', project.id)).not.toBeNull();
    expect(await data(await call(`/projects/${project.id}/restore`, { token: admin }))).toMatchObject({
      name: 'Warehouse',
      deleted_at: null,
    });
    // Restoring a live project changes nothing.
    expect(await data(await call(`/projects/${project.id}/restore`, { token: admin }))).toMatchObject({
      deleted_at: null,
    });
  });

  it('bulk-deletes each project in its own transaction: a failing one is left exactly as it was', async () => {
    const kept = await create({ name: 'Bulk kept' });
    const keptChild = await create({ name: 'Bulk kept – wing', parent_id: kept.id });
    const keptModel = await modelIn(kept.id, 'Bulk kept – model');
    const first = await create({ name: 'Bulk first' });
    const second = await create({ name: 'Bulk second' });
    const firstModel = await modelIn(first.id, 'Bulk first – model');
    // The database refuses to touch the kept project's wing: its delete fails after its model was trashed.
    await sql`
      create function refuse_wing_update() returns trigger language plpgsql as $$
      begin raise exception 'the wing is refused'; end $$
    `.execute(server.db);
    await sql`
      create trigger refuse_wing before update on projects
      for each row when (old.id = ${sql.lit(keptChild.id)}) execute function refuse_wing_update()
    `.execute(server.db);
    try {
      const response = await call('/projects/update', {
        method: 'POST',
        ...formBody({
          action: 'delete',
          'projects[0][id]': String(first.id),
          'projects[1][id]': String(kept.id),
          'projects[2][id]': String(second.id),
        }),
      });
      expect(response.status, await response.clone().text()).toBe(200);
      expect(await response.json()).toEqual({
        action: 'delete',
        success: [
          { id: first.id, name: 'Bulk first' },
          { id: second.id, name: 'Bulk second' },
        ],
        failed: [{ id: kept.id, name: 'Bulk kept', message: 'Server Error' }],
        // Its user may undo the two deletes (issue 46).
        undo_token: expect.any(String),
      });
    } finally {
      await sql`drop trigger refuse_wing on projects`.execute(server.db);
      await sql`drop function refuse_wing_update()`.execute(server.db);
    }
    expect(await deletedAt('projects', kept.id)).toBeNull();
    expect(await deletedAt('projects', keptChild.id)).toBeNull();
    expect(await deletedAt('project_models', keptModel)).toBeNull();
    expect(await deletedAt('projects', first.id)).not.toBeNull();
    expect(await deletedAt('project_models', firstModel)).not.toBeNull();
    expect(await deletedAt('projects', second.id)).not.toBeNull();
    expect((await data(await call(`/projects/${kept.id}`))).models.map((model) => model.name)).toEqual([
      'Bulk kept – model',
    ]);
  });

  it('needs delete-projects for the bulk delete and reports ids of other companies as failed', async () => {
    const project = await create({ name: 'Bulk guarded' });
    const viewer = await memberWithAbilities(server, ['view-projects']);
    const body = jsonBody({ action: 'delete', projects: [{ id: project.id }] });
    expect((await call('/projects/update', { method: 'POST', token: viewer, ...body })).status).toBe(403);
    const globexProject = await server.db
      .selectFrom('projects')
      .innerJoin('companies', 'companies.id', 'projects.company_id')
      .select('projects.id')
      .where('companies.sub_domain', '=', 'globex')
      .executeTakeFirstOrThrow();
    const response = await call('/projects/update', {
      method: 'POST',
      ...jsonBody({ action: 'delete', projects: [{ id: globexProject.id }] }),
    });
    expect(await response.json()).toMatchObject({
      success: [],
      failed: [{ id: globexProject.id, name: String(globexProject.id) }],
    });
    expect(await deletedAt('projects', globexProject.id)).toBeNull();
    expect(await deletedAt('projects', project.id)).toBeNull();
  });
});
