/**
 * The dashboard's count calls read trigger-kept counts (constant time at any size); after every kind of write
 * they must equal what counting the rows gives (the same call with a filter that matches everything).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpiredTrash } from '../../server/domain/trash-purge';
import { companyId, tokenFor } from './api-helpers';
import { startTestServer, type TestServer } from './test-server';

let server: TestServer;
let admin: string;
let acme: number;

beforeAll(async () => {
  server = await startTestServer();
  admin = await tokenFor(server, 'admin');
  acme = await companyId(server, 'acme');
});
afterAll(() => server?.close());

const countOf = async (path: string) => {
  const response = await server.request('acme', path, { token: admin });
  return ((await response.json()) as { data: { count: number } }).data.count;
};

/** The constant-time count and the counted one, for each dashboard call. */
async function counts() {
  return {
    projects: [
      await countOf('/projects?count=1'),
      await countOf('/projects?count=1&filter[status]=active,inactive'),
    ],
    allProjects: [
      await countOf('/projects?count=1&include_sub_projects=1'),
      await countOf('/projects?count=1&include_sub_projects=1&filter[status]=active,inactive'),
    ],
    models: [
      await countOf('/projects/models?count=1'),
      await countOf('/projects/models?count=1&filter[status]=FINISHED,PROCESSING,QUEUED,UPLOADING,FAILED'),
    ],
    libraries: [
      await countOf('/libraries?count=1'),
      await countOf('/libraries?count=1&filter[status]=ACTIVE,ARCHIVED'),
    ],
  };
}

const newProject = (name: string, parentId: number | null = null, company = acme) =>
  server.db
    .insertInto('projects')
    .values({
      company_id: company,
      parent_id: parentId,
      name,
      description: null,
      preview_image: null,
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

describe('dashboard counts', () => {
  it('start equal to the counted rows of the fixture', async () => {
    expect(await counts()).toEqual({
      projects: [32, 32],
      allProjects: [34, 34],
      models: [14, 14],
      libraries: [9, 9],
    });
  });

  it('follow inserts, sub-projects, moves, soft deletes, restores, hard deletes and purges', async () => {
    const parent = await newProject('Counted parent');
    const child = await newProject('Counted child', parent.id);
    await newProject('Globex only', null, await companyId(server, 'globex'));
    expect((await counts()).projects).toEqual([33, 33]);
    expect((await counts()).allProjects).toEqual([36, 36]);

    await server.db.updateTable('projects').set({ parent_id: null }).where('id', '=', child.id).execute();
    expect((await counts()).projects).toEqual([34, 34]);

    await server.db
      .updateTable('projects')
      .set({ deleted_at: new Date() })
      .where('id', '=', parent.id)
      .execute();
    expect((await counts()).projects).toEqual([33, 33]);
    await server.db.updateTable('projects').set({ deleted_at: null }).where('id', '=', parent.id).execute();
    expect((await counts()).projects).toEqual([34, 34]);

    await server.db.deleteFrom('projects').where('id', 'in', [parent.id, child.id]).execute();
    expect(await counts()).toMatchObject({ projects: [32, 32], allProjects: [34, 34] });

    const old = new Date(Date.now() - 40 * 24 * 60 * 60 * 1000);
    await server.db
      .updateTable('projects')
      .set({ deleted_at: old })
      .where('name', '=', 'Canal House')
      .execute();
    await purgeExpiredTrash(server.db, server.app.ctx.entities);
    expect((await counts()).projects).toEqual([31, 31]);
  });

  it('follow models and libraries', async () => {
    const model = await server.db
      .insertInto('project_models')
      .values({
        company_id: acme,
        project_id: null,
        name: 'Counted model',
        description: null,
        preview_image_url: null,
        started_at: null,
        finished_at: null,
        uploader_id: null,
        deleted_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const furniture = await server.db
      .selectFrom('libraries')
      .select('id')
      .where('name', '=', 'Furniture')
      .executeTakeFirstOrThrow();
    await server.db
      .insertInto('libraries')
      .values({
        company_id: acme,
        parent_id: furniture.id,
        name: 'Counted library',
        description: null,
        preview_image: null,
        model_id: null,
        deleted_at: null,
      })
      .execute();
    // The purge above took Canal House's model with it: 13 + 1.
    expect(await counts()).toMatchObject({ models: [14, 14], libraries: [10, 10] });
    await server.db
      .updateTable('project_models')
      .set({ deleted_at: new Date() })
      .where('id', '=', model.id)
      .execute();
    await server.db.deleteFrom('libraries').where('id', '=', furniture.id).execute();
    // Furniture, Chairs, Office Chairs, Lounge Chairs, Tables and the new one go with the cascade.
    expect(await counts()).toMatchObject({ models: [13, 13], libraries: [4, 4] });
  });
});
