/**
 * The model processor: a model created through the API goes QUEUED → PROCESSING → FINISHED with its geometry
 * events, and a real laravel-echo client on `private-Company.{id}.ProjectModel` receives every
 * GeometryEventsUpdated and the RefreshProcessorIndex of creation and finish; files whose content is unusable end
 * FAILED with the reason; reprocess starts over; runs that were overtaken stop; unfinished models resume on start;
 * stop() ends the runs, and a queue stopped while it starts queries nothing afterwards. Runs go as fast as the machine
 * allows (no step pace): a test waits for the events it needs, and holds a run at one of its events
 * (model-fixtures.ts `publishedEvents`) to act while the run is at that point.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modelJob } from '../../server/processing/model-processing';
import { readdir } from 'node:fs/promises';
import { PgBossQueue } from '../../server/processing/pg-boss-queue';
import { PIPELINE_ROOT } from '../../server/processing/pipeline-runner';
import type { Processable } from '../../server/processing/processable';
import { IN_PROCESS_RETRIES, InProcessQueue } from '../../server/processing/processor';
import { multipartBody, tokenFor } from './api-helpers';
import {
  FBX_ASCII,
  fbxBinary,
  fileBlob,
  type GeometryEventsUpdated,
  getModel,
  type ModelBody,
  modelEvent,
  modelReaching,
  type PublishedEvent,
  publishedEvents,
  truncatedZip,
  zipArchive,
} from './model-fixtures';
import { connectEcho, idsOf, resolveLocalhostNames, waitFor } from './realtime-helpers';
import { sendWithHost, startTestServer, type TestServer } from './test-server';

let server: TestServer;
let alice: string;
let acme: number;

beforeAll(async () => {
  resolveLocalhostNames();
  server = await startTestServer({ processing: { stepMs: 0, concurrency: 2 } });
  alice = await tokenFor(server, 'alice');
  acme = (await idsOf(server)).companyId('acme');
});
afterAll(() => server?.close());

async function createModel(name: string, bytes: Buffer, filename: string): Promise<ModelBody> {
  const response = await server.request('acme', '/projects/models', {
    method: 'POST',
    token: alice,
    ...multipartBody({ name }, { file: [fileBlob(bytes), filename] }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { data: ModelBody }).data;
}

/** A laravel-echo client of alice on the company's ProjectModel channel, collecting what arrives. */
async function listenToModels() {
  const echo = connectEcho(server, { token: alice, subdomain: 'acme' });
  const channel = echo.private(`Company.${acme}.ProjectModel`);
  await waitFor('subscription', (resolve) => channel.subscribed(resolve));
  const updates: GeometryEventsUpdated[] = [];
  const refreshes: Array<{ owner_id: number }> = [];
  /** Checks of what the tests wait for, run as each event arrives. */
  const checks = new Set<() => void>();
  channel.listen('GeometryEventsUpdated', (event: GeometryEventsUpdated) => {
    updates.push(event);
    checks.forEach((check) => check());
  });
  channel.listen('RefreshProcessorIndex', (event: { owner_id: number }) => {
    refreshes.push(event);
    checks.forEach((check) => check());
  });
  /** Resolves once what has arrived satisfies `done`. */
  const until = (what: string, done: () => boolean) =>
    waitFor<void>(what, (resolve) => {
      const check = () => {
        if (!done()) return;
        checks.delete(check);
        resolve();
      };
      checks.add(check);
      check();
    });
  /** Resolves once the model's updates reach one of the statuses. */
  const reaching = (modelId: number, statuses: string[]) =>
    until(`GeometryEventsUpdated ${statuses.join('|')} of model ${modelId}`, () =>
      updates.some((update) => update.owner_id === modelId && statuses.includes(update.status)),
    );
  const of = (modelId: number) => updates.filter((update) => update.owner_id === modelId);
  const refreshesOf = (modelId: number) => refreshes.filter((refresh) => refresh.owner_id === modelId);
  return { echo, updates, refreshes, until, reaching, of, refreshesOf };
}

/** Whether a published event is the start ('Processing started') of a model's run (of any model without an id). */
const isStartOf = (modelId?: number) => (published: PublishedEvent) => {
  const update = modelEvent(published);
  return (
    update?.event.message_key === 'models:processing.started' &&
    (modelId === undefined || update.owner_id === modelId)
  );
};

describe('a model created through the API', () => {
  it('is processed to FINISHED, and every step reaches the echo client on the ProjectModel channel', async () => {
    const listener = await listenToModels();
    try {
      const model = await createModel('Processed tower', fbxBinary(7400), 'tower.fbx');
      await listener.reaching(model.id, ['FINISHED', 'FAILED']);
      const updates = listener.of(model.id);
      expect(updates.map((update) => [update.status, update.event.message])).toEqual([
        ['PROCESSING', 'Processing started'],
        ['PROCESSING', 'Reading geometry'],
        ['PROCESSING', 'Geometry read: FBX 7.4 (binary), 1 mesh, 1 material, 0 textures'],
        ['PROCESSING', 'Converted to glTF: 12 triangles, 24 vertices, 0.5 × 0.5 × 0.5 m'],
        ['PROCESSING', expect.stringMatching(/^Optimized: [\d.,]+ kB → [\d.,]+ kB/)],
        ['PROCESSING', 'Preview rendered from the geometry (480 × 270 px and 2×)'],
        ['FINISHED', 'Processing finished'],
      ]);
      expect(updates[3].event).toEqual({
        message: 'Converted to glTF: 12 triangles, 24 vertices, 0.5 × 0.5 × 0.5 m',
        message_key: 'models:processing.converted',
        message_params: { triangles: 12, vertices: 24, width: 0.5, height: 0.5, depth: 0.5 },
      });
      expect(updates.every((update) => update.started_at !== null)).toBe(true);
      expect(updates.slice(0, -1).every((update) => update.finished_at === null)).toBe(true);
      expect(updates.at(-1)).toEqual({
        owner_id: model.id,
        status: 'FINISHED',
        status_color: '#52c41a',
        started_at: expect.any(String),
        finished_at: expect.any(String),
        event: {
          message: 'Processing finished',
          message_key: 'models:processing.finished',
          message_params: {},
        },
      });
      expect(updates[0].status_color).toBe('#1677ff');
      // RefreshProcessorIndex of the creation and of the finish.
      await listener.until('the refresh of the finish', () => listener.refreshesOf(model.id).length >= 2);
      expect(listener.refreshesOf(model.id)).toEqual([{ owner_id: model.id }, { owner_id: model.id }]);

      const finished = await getModel(server, alice, model.id);
      expect(finished).toMatchObject({
        status: 'FINISHED',
        started_at: updates.at(-1)!.started_at,
        finished_at: updates.at(-1)!.finished_at,
        latest_geometry_event: { message: 'Processing finished' },
      });
      expect(finished.geometry_events.map((event) => event.message)).toEqual(
        ['Upload received', ...updates.map((update) => update.event.message)].reverse(),
      );
      const { host, pathname } = new URL(finished.preview_image_url!);
      const preview = await sendWithHost(server.port, host, pathname);
      expect(preview.status).toBe(200);
      expect(preview.headers.get('content-type')).toBe('image/webp');
      const at2x = await sendWithHost(server.port, host, pathname.replace('.webp', '@2x.webp'));
      expect(at2x.headers.get('content-type')).toBe('image/webp');
      expect(finished.statistics).toMatchObject({
        format: 'FBX',
        version: '7.4',
        encoding: 'binary',
        triangles: 12,
      });
      const viewer = new URL(finished.viewer_model_url as string);
      const glb = await sendWithHost(server.port, viewer.host, viewer.pathname);
      expect(glb.headers.get('content-type')).toBe('model/gltf-binary');
      expect(
        Buffer.from(await glb.arrayBuffer())
          .subarray(0, 4)
          .toString('latin1'),
      ).toBe('glTF');
      for (const [variant, type, start] of [
        ['original', 'application/octet-stream', 'Kaydara FBX Binary'],
        ['optimized', 'model/gltf-binary', 'glTF'],
      ]) {
        const download = await server.request('acme', `/projects/models/${model.id}/download/${variant}`, {
          token: alice,
        });
        expect(download.status, variant).toBe(200);
        expect(download.headers.get('content-type')).toBe(type);
        expect(download.headers.get('content-disposition')).toContain(
          variant === 'original' ? 'tower.fbx' : 'Processed tower.glb',
        );
        expect(
          Buffer.from(await download.arrayBuffer())
            .subarray(0, start.length)
            .toString('latin1'),
        ).toBe(start);
      }
    } finally {
      listener.echo.disconnect();
    }
  });

  // Each unusable file is a test of its own: a run is a Node process of its own, and on a busy machine (a full
  // `npm test` on two cores) several runs in a row took longer than one test's time limit.
  it.each([
    {
      bytes: truncatedZip(),
      filename: 'cut-off.zip',
      message: 'Conversion failed: the archive is damaged: its central directory is missing',
    },
    {
      bytes: fbxBinary(7400, false),
      filename: 'no-geometry.fbx',
      message: 'Conversion failed: the FBX file contains no geometry',
    },
    {
      bytes: fbxBinary(5800),
      filename: 'old.fbx',
      message: 'Conversion failed: FBX version 5.8 is not supported',
    },
    {
      bytes: fbxBinary(7400).subarray(0, 400),
      filename: 'cut.fbx',
      message: 'Conversion failed: the FBX file is damaged or cut off',
    },
    {
      bytes: zipArchive({ '../outside.fbx': FBX_ASCII.toString('latin1') }),
      filename: 'escape.zip',
      message: 'Conversion failed: the archive names a file outside its own folder (../outside.fbx)',
    },
  ])(
    'ends FAILED, saying why, when the content is of no use ($filename)',
    async ({ bytes, filename, message }) => {
      const listener = await listenToModels();
      try {
        const model = await createModel(filename, bytes, filename);
        const failed = await modelReaching(server, alice, model.id, ['FAILED', 'FINISHED']);
        expect(failed).toMatchObject({
          status: 'FAILED',
          status_color: '#f5222d',
          finished_at: expect.any(String),
          latest_geometry_event: { message },
        });
        await listener.reaching(model.id, ['FAILED']);
        expect(listener.of(model.id).at(-1)).toMatchObject({ status: 'FAILED', event: { message } });
      } finally {
        listener.echo.disconnect();
      }
    },
  );

  it('reads a zipped scene in a folder, and leaves no work folder of the runs before behind', async () => {
    const valid = await createModel(
      'Zipped scene',
      zipArchive({ 'scene/scene.fbx': FBX_ASCII.toString('latin1'), 'readme.txt': 'y' }),
      'scene.zip',
    );
    const finished = await modelReaching(server, alice, valid.id, ['FAILED', 'FINISHED']);
    expect(finished.geometry_events.map((event) => event.message)).toContain(
      'Geometry read: FBX 7.4 (ASCII), 1 mesh, 1 material, 0 textures',
    );
    expect(finished.status).toBe('FINISHED');
    // No run, failed or finished, leaves a work folder behind.
    await server.app.ctx.processor.idle();
    const left = (await readdir(PIPELINE_ROOT).catch(() => [] as string[])).filter((name) =>
      name.startsWith(`${process.pid}-`),
    );
    expect(left).toEqual([]);
  });

  it('a model that failed is converted once its file is replaced, and can then be reprocessed', async () => {
    const model = await createModel('Broken then fixed', fbxBinary(7400).subarray(0, 400), 'broken.fbx');
    const failed = await modelReaching(server, alice, model.id, ['FAILED', 'FINISHED']);
    expect(failed).toMatchObject({
      status: 'FAILED',
      preview_image_url: null,
      viewer_model_url: null,
      statistics: null,
    });
    const replaced = await server.request('acme', `/projects/models/${model.id}`, {
      method: 'POST',
      token: alice,
      ...multipartBody({ _method: 'PATCH' }, { file: [fileBlob(fbxBinary(7500)), 'fixed.fbx'] }),
    });
    expect(replaced.status).toBe(200);
    const fixed = await modelReaching(server, alice, model.id, ['FINISHED', 'FAILED']);
    expect(fixed).toMatchObject({ status: 'FINISHED', statistics: { version: '7.5', triangles: 12 } });
    const again = await server.request('acme', `/projects/models/${model.id}/reprocess`, {
      method: 'POST',
      token: alice,
    });
    expect(again.status).toBe(200);
    await server.app.ctx.processor.idle();
    const reprocessed = await getModel(server, alice, model.id);
    expect(reprocessed.status).toBe('FINISHED');
    expect(reprocessed.viewer_model_url).not.toBe(fixed.viewer_model_url);
  });

  it('is processed again on reprocess, publishing QUEUED first', async () => {
    const listener = await listenToModels();
    try {
      const model = await createModel('Reprocessed', FBX_ASCII, 'again.fbx');
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
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('the PostgreSQL job queue', () => {
  it('stopped while it starts, makes no query once stop() has returned (its database may go next)', async () => {
    const queue = new PgBossQueue({
      db: server.db,
      storage: server.app.ctx.storage,
      stepMs: 0,
      concurrency: 1,
      work: true,
      databaseUrl: process.env.TEST_DATABASE_URL ?? '',
      schema: `${server.schema}_jobs`,
    });
    const starting = queue.start(server.app);
    await queue.stop();
    expect(await server.statementsDuring(() => starting)).toEqual([]);
  });
});
