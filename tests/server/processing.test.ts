/**
 * The model processor's queue, which differs between the engines (in process on PGlite, pg-boss on PostgreSQL): a
 * model created through the API is picked up and processed to FINISHED; reprocess queues it again, publishing
 * QUEUED first; runs that were overtaken stop; unfinished models resume on start; a job whose run broke is worked
 * again, and given up after its retries; stop() ends the runs, and a queue stopped while it starts queries nothing
 * afterwards. What a run makes of a file (its events, outputs and failures) is processing-conversions.test.ts's.
 * Runs go as fast as the machine allows (no step pace): a test waits for the events it needs, and holds a run at
 * one of its events (model-fixtures.ts `publishedEvents`) to act while the run is at that point.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modelJob } from '../../server/processing/model-processing';
import { PgBossQueue } from '../../server/processing/pg-boss-queue';
import type { Processable } from '../../server/processing/processable';
import { declaredProcessables } from '../../server/processing/processables';
import { IN_PROCESS_RETRIES, InProcessQueue } from '../../server/processing/processor';
import { multipartBody } from './api-helpers';
import {
  FBX_ASCII,
  fileBlob,
  getModel,
  type ModelBody,
  modelEvent,
  modelReaching,
  type PublishedEvent,
  publishedEvents,
} from './model-fixtures';
import { createModel, listenToModels, startProcessingServer } from './processing-helpers';
import { sendWithHost, type TestServer } from './test-server';

let server: TestServer;
let alice: string;
let acme: number;

beforeAll(async () => {
  ({ server, alice, acme } = await startProcessingServer());
});
afterAll(() => server?.close());

/** Whether a published event is the start ('Processing started') of a model's run (of any model without an id). */
const isStartOf = (modelId?: number) => (published: PublishedEvent) => {
  const update = modelEvent(published);
  return (
    update?.event.message_key === 'models:processing.started' &&
    (modelId === undefined || update.owner_id === modelId)
  );
};

describe('a model created through the API', () => {
  it('is processed again on reprocess, publishing QUEUED first', async () => {
    const listener = await listenToModels(server, alice, acme);
    try {
      const model = await createModel(server, alice, 'Reprocessed', FBX_ASCII, 'again.fbx');
      const first = await modelReaching(server, alice, model.id, ['FINISHED']);
      const response = await server.request('acme', `/projects/models/${model.id}/reprocess`, {
        method: 'POST',
        token: alice,
      });
      expect(response.status).toBe(200);
      await listener.reaching(model.id, ['QUEUED']);
      const queued = listener.of(model.id).find((update) => update.status === 'QUEUED');
      expect(queued).toEqual({
        owner_id: model.id,
        status: 'QUEUED',
        status_color: '#8c8c8c',
        started_at: null,
        finished_at: null,
        event: {
          message: 'Queued for reprocessing',
          message_key: 'models:processing.requeued',
          message_params: {},
        },
      });
      const again = await modelReaching(server, alice, model.id, ['FINISHED']);
      expect(again.geometry_events.map((event) => event.message)).not.toContain('Upload received');
      expect(again.finished_at).not.toBe(first.finished_at);
      expect(again.preview_image_url).not.toBe(first.preview_image_url);
      // The old preview goes once the new one is saved (and the run has ended).
      await server.app.ctx.processor.idle();
      const oldPreview = new URL(first.preview_image_url!);
      expect((await sendWithHost(server.port, oldPreview.host, oldPreview.pathname)).status).toBe(404);
    } finally {
      listener.echo.disconnect();
    }
  });
});

describe('runs that were overtaken, resumed or stopped', () => {
  beforeAll(async () => {
    // What the tests above started has ended: a run held below is the test's own.
    await server.app.ctx.processor.idle();
  });

  async function newModel(name: string) {
    const response = await server.request('acme', '/projects/models', {
      method: 'POST',
      token: alice,
      ...multipartBody({ name }, { file: [fileBlob(FBX_ASCII), `${name}.fbx`] }),
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { data: ModelBody }).data;
  }

  it('leaves a model deleted while processing alone, and processes it once it is restored', async () => {
    // The run is held once it has saved PROCESSING, and the model is deleted while it runs.
    const started = publishedEvents(server).hold('the start of the run', isStartOf());
    const model = await newModel('deleted-midway');
    expect(modelEvent(await started.reached)).toMatchObject({ owner_id: model.id, status: 'PROCESSING' });
    const deleted = await server.request('acme', `/projects/models/${model.id}`, {
      method: 'DELETE',
      token: alice,
    });
    expect(deleted.status).toBe(200);
    started.release();
    await server.app.ctx.processor.idle();
    const row = await server.db
      .selectFrom('project_models')
      .select(['status', 'finished_at'])
      .where('id', '=', model.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'PROCESSING', finished_at: null });
    // The run ended at its next step: nothing after its start was saved.
    const events = await server.db
      .selectFrom('model_geometry_events')
      .select('message')
      .where('model_id', '=', model.id)
      .orderBy('id')
      .execute();
    expect(events.map((event) => event.message)).toEqual(['Upload received', 'Processing started']);

    expect(
      (await server.request('acme', `/projects/models/${model.id}/restore`, { token: alice })).status,
    ).toBe(200);
    const finished = await modelReaching(server, alice, model.id, ['FINISHED']);
    expect(finished.geometry_events.at(-1)?.message).toBe('Queued for reprocessing');
  });

  it('resumes unfinished models with a file or an attempt on start, and leaves seeded ones as they are', async () => {
    const model = await newModel('resumed');
    await server.app.ctx.processor.idle();
    await server.db
      .updateTable('project_models')
      .set({ status: 'PROCESSING', finished_at: null })
      .where('id', '=', model.id)
      .execute();
    const seededQueued = await server.db
      .selectFrom('project_models')
      .select(['id', 'status'])
      .where('name', '=', 'Riverside Lofts – Kitchen')
      .executeTakeFirstOrThrow();

    const processor = new InProcessQueue({
      db: server.db,
      storage: server.app.ctx.storage,
      stepMs: 0,
      concurrency: 1,
      processables: await declaredProcessables(),
    });
    await processor.start(server.app);
    await processor.idle();
    await processor.stop();
    expect((await getModel(server, alice, model.id)).status).toBe('FINISHED');
    expect((await getModel(server, alice, seededQueued.id)).status).toBe(seededQueued.status);
  });

  it('works a job again whose run broke (its pipeline process killed), as pg-boss retries one', async () => {
    const runs: number[] = [];
    const flaky: Processable = {
      entity: 'flaky',
      table: 'project_models',
      unfinished: async () => [],
      async run(_context, job) {
        runs.push(job.id);
        if (runs.length < 3) throw new Error('The pipeline process ended (SIGKILL) without a result');
      },
    };
    const processor = new InProcessQueue({
      db: server.db,
      storage: server.app.ctx.storage,
      stepMs: 0,
      concurrency: 1,
      processables: [flaky],
    });
    await processor.start(server.app);
    await processor.enqueue({ entity: 'flaky', id: 41, attempt: 1 });
    await processor.idle();
    expect(runs).toEqual([41, 41, 41]);
    // Retries end: a job that keeps breaking is given up after IN_PROCESS_RETRIES more runs.
    runs.length = 0;
    const broken: Processable = {
      ...flaky,
      entity: 'broken',
      run: async (_context, job) => {
        runs.push(job.id);
        throw new Error('broken');
      },
    };
    const giving = new InProcessQueue({
      db: server.db,
      storage: server.app.ctx.storage,
      stepMs: 0,
      concurrency: 1,
      processables: [broken],
    });
    await giving.start(server.app);
    await giving.enqueue({ entity: 'broken', id: 42, attempt: 1 });
    await giving.idle();
    expect(runs).toHaveLength(IN_PROCESS_RETRIES + 1);
    await Promise.all([processor.stop(), giving.stop()]);
  });

  it('stops every run at its next step on stop()', async () => {
    const model = await newModel('stopped');
    await server.app.ctx.processor.idle();
    await server.db
      .updateTable('project_models')
      .set({ status: 'QUEUED', processing_attempt: 7 })
      .where('id', '=', model.id)
      .execute();
    const processor = new InProcessQueue({
      db: server.db,
      storage: server.app.ctx.storage,
      stepMs: 0,
      concurrency: 1,
      processables: await declaredProcessables(),
    });
    // The run is held once it has saved PROCESSING; stop() is called there, then the run may go on.
    const started = publishedEvents(server).hold('the start of the run', isStartOf(model.id));
    await processor.enqueue(modelJob({ id: model.id, processing_attempt: 7 }));
    await processor.start(server.app);
    await started.reached;
    const stopping = processor.stop();
    started.release();
    await stopping;
    // Its next step never came: nothing after the start was saved.
    expect((await getModel(server, alice, model.id)).latest_geometry_event?.message).toBe(
      'Processing started',
    );
  });

  it('stopped while it starts, makes no query once stop() has returned (its database may go next)', async () => {
    // The queue's own queries, sent or answered after stop() returned (other work on the server's database is
    // none of this test's business).
    let stopped = false;
    const late: string[] = [];
    const db = server.db.withPlugin({
      transformQuery: ({ node }) => {
        if (stopped) late.push(`sent ${node.kind}`);
        return node;
      },
      transformResult: async ({ result }) => {
        if (stopped) late.push('answered');
        return result;
      },
    });
    const processor = new InProcessQueue({
      db,
      storage: server.app.ctx.storage,
      stepMs: 0,
      concurrency: 1,
      processables: await declaredProcessables(),
    });
    const starting = processor.start(server.app);
    await processor.stop();
    stopped = true;
    await starting;
    expect(late).toEqual([]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('the PostgreSQL job queue', () => {
  it('stopped while it starts, makes no query once stop() has returned (its database may go next)', async () => {
    const queue = new PgBossQueue({
      db: server.db,
      storage: server.app.ctx.storage,
      stepMs: 0,
      concurrency: 1,
      processables: await declaredProcessables(),
      work: true,
      databaseUrl: server.config.databaseUrl ?? '',
      schema: `${server.schema}_jobs`,
    });
    const starting = queue.start(server.app);
    await queue.stop();
    expect(await server.statementsDuring(() => starting)).toEqual([]);
  });
});
