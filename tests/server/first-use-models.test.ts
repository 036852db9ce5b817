/**
 * The demo's models as a new user first sees them (issue 12): a model's started and finished times agree with
 * its processing history, and an uploaded model names its file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModelDetail } from '../../shared/entities/models';
import { tokenFor } from './api-helpers';
import { startTestServer, type TestServer } from './test-server';

let server: TestServer;
let alice: string;

beforeAll(async () => {
  server = await startTestServer();
  alice = await tokenFor(server, 'alice');
});
afterAll(() => server?.close());

describe('the seeded models', () => {
  it('have a history between their start and finish, and name their file once uploaded', async () => {
    const list = (await (
      await server.request('acme', '/projects/models?per_page=100', { token: alice })
    ).json()) as {
      data: { id: number }[];
    };
    expect(list.data.length).toBeGreaterThan(0);
    for (const { id } of list.data) {
      const response = await server.request('acme', `/projects/models/${id}`, { token: alice });
      const model = ((await response.json()) as { data: ModelDetail }).data;
      const times = model.geometry_events.map((event) => Date.parse(event.created_at));
      if (model.started_at)
        expect(Math.min(...times), model.name).toBeGreaterThanOrEqual(Date.parse(model.started_at));
      if (model.finished_at) {
        expect(Math.max(...times), model.name).toBeLessThanOrEqual(Date.parse(model.finished_at));
        expect(Math.max(...times), model.name).toBe(Date.parse(model.finished_at));
      }
      if (model.status !== 'UPLOADING') expect(model.file?.name, model.name).toMatch(/\.fbx$/);
    }
  });
});
