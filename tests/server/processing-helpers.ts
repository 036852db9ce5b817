/**
 * What the processing tests share (processing.test.ts and demo-files.test.ts: the queue, engine-specific;
 * processing-conversions.test.ts and demo-files-conversions.test.ts: what a run makes of a file, the same on both
 * engines): a test server that processes without a pace, a model created through the API, a laravel-echo client on
 * the company's ProjectModel channel, and records put in the bin.
 */
import { expect } from 'vitest';
import { multipartBody, tokenFor } from './api-helpers';
import { fileBlob, type GeometryEventsUpdated, type ModelBody } from './model-fixtures';
import { connectEcho, idsOf, resolveLocalhostNames, waitFor } from './realtime-helpers';
import { startTestServer, type TestServer } from './test-server';

/** A test server processing two runs at a time, as fast as the machine allows; alice and her company, acme. */
export async function startProcessingServer(): Promise<{ server: TestServer; alice: string; acme: number }> {
  resolveLocalhostNames();
  const server = await startTestServer({ processing: { stepMs: 0, concurrency: 2 } });
  const alice = await tokenFor(server, 'alice');
  const acme = (await idsOf(server)).companyId('acme');
  return { server, alice, acme };
}

/** A model of acme created through the API with the file `bytes`, named `filename`. */
export async function createModel(
  server: TestServer,
  token: string,
  name: string,
  bytes: Buffer,
  filename: string,
): Promise<ModelBody> {
  const response = await server.request('acme', '/projects/models', {
    method: 'POST',
    token,
    ...multipartBody({ name }, { file: [fileBlob(bytes), filename] }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { data: ModelBody }).data;
}

/** A laravel-echo client of the token's user on acme's ProjectModel channel, collecting what arrives. */
export async function listenToModels(server: TestServer, token: string, acme: number) {
  const echo = connectEcho(server, { token, subdomain: 'acme' });
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

/**
 * Puts every record of the table but those named in the bin (every one, when none is named): the demo files
 * (demo-files.test.ts, demo-files-conversions.test.ts) leave binned records alone, which keeps a test short.
 */
export async function binAllBut(
  server: TestServer,
  table: 'project_models' | 'library_items' | 'materials',
  names: string[],
): Promise<void> {
  let binning = server.db.updateTable(table).set({ deleted_at: new Date() });
  if (names.length) binning = binning.where('name', 'not in', names);
  await binning.execute();
}
