/**
 * The demo data's real files (server/seed/demo-files.ts) as each engine keeps them: once per database, the
 * seeded records get their files and are queued on the engine's queue (in process on PGlite, pg-boss on
 * PostgreSQL), which leaves no job unfinished; once done, a second start does nothing. What the files are and what
 * their processing makes of them is demo-files-conversions.test.ts's. To keep the test short, all but one seeded
 * model on its way (QUEUED) is put in the bin first (the demo leaves binned records alone). Every key the demo
 * stores lies in a declared storage folder (server/storage/storage-folders.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachDemoFiles } from '../../server/seed/demo-files';
import { getModel } from './model-fixtures';
import { binAllBut, startProcessingServer } from './processing-helpers';
import { keysOutsideDeclaredFolders } from './stored-keys';
import type { TestServer } from './test-server';

let server: TestServer;
let alice: string;

beforeAll(async () => {
  ({ server, alice } = await startProcessingServer());
});
afterAll(() => server?.close());

describe('the demo files', () => {
  it('are attached once per database: the queue processes them, leaves no job unfinished, and a second start changes nothing', async () => {
    // A seeded model on its way (server/seed/projects.ts), processed once its file is queued.
    const QUEUED_MODEL = 'Riverside Lofts – Kitchen';
    await binAllBut(server, 'project_models', [QUEUED_MODEL]);
    await binAllBut(server, 'library_items', []);
    await binAllBut(server, 'materials', []);
    await attachDemoFiles(server.app);
    await server.app.ctx.processor.idle();

    const queued = await server.db
      .selectFrom('project_models')
      .select('id')
      .where('name', '=', QUEUED_MODEL)
      .executeTakeFirstOrThrow();
    expect((await getModel(server, alice, queued.id)).status).toBe('FINISHED');
    // Nothing is left in the queue.
    for (const table of ['project_models', 'library_items'] as const) {
      const stuck = await server.db
        .selectFrom(table)
        .select('name')
        .where('file_key', 'is not', null)
        .where('status', 'in', ['UPLOADING', 'QUEUED', 'PROCESSING'])
        .execute();
      expect(stuck, table).toEqual([]);
    }
    // The demo's sources and what their processing made lie in declared storage folders.
    expect(await keysOutsideDeclaredFolders(server)).toEqual([]);

    // Done once: a second start changes nothing.
    const before = await server.db.selectFrom('project_models').select(['id', 'file_key']).execute();
    await attachDemoFiles(server.app);
    await server.app.ctx.processor.idle();
    expect(await server.db.selectFrom('project_models').select(['id', 'file_key']).execute()).toEqual(before);
  });
});
