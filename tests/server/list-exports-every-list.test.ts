/**
 * Every declared list exports exactly the rows its endpoint answers (issue 46): for each entity declaration's list
 * (`ctx.entities`, so a new declaration is covered without a line here) that the administrator may read, a server
 * export of the list (`POST /list-exports`, the job reading the list's own endpoint) holds the records of every
 * page of that endpoint, once each, in its order. An export in the browser reads the same pages
 * (src/pages/list/read-all-rows.ts; tests/unit/list-export.test.ts).
 */
import Papa from 'papaparse';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ListExport } from '../../shared/list-exports';
import { jsonBody, tokenFor, userId } from './api-helpers';
import { startProcessingServer } from './processing-helpers';
import { connectEcho, waitFor } from './realtime-helpers';
import type { TestServer } from './test-server';

let server: TestServer;
let acme: number;
let admin: string;
let adminId: number;

beforeAll(async () => {
  ({ server, acme } = await startProcessingServer());
  admin = await tokenFor(server, 'admin');
  adminId = await userId(server, 'admin');
});
afterAll(() => server?.close());

type Page = { data: Array<Record<string, unknown>>; meta?: { total?: number } };

/** Every record of the list, page after page, as its endpoint answers them; null for a list the admin cannot read. */
async function listed(collection: string): Promise<Array<Record<string, unknown>> | null> {
  const records = [];
  for (let page = 1; ; page += 1) {
    const response = await server.request('acme', `/${collection}?per_page=1000&page=${page}`, {
      token: admin,
    });
    if (response.status !== 200) return null;
    const body = (await response.json()) as Page;
    if (!Array.isArray(body.data) || typeof body.meta?.total !== 'number') return null;
    records.push(...body.data);
    if (body.data.length < 1000) return records;
  }
}

it('exports every declared list as its endpoint answers it', async () => {
  const echo = connectEcho(server, { token: admin, subdomain: 'acme' });
  const channel = echo.private(`Company.${acme}.User.${adminId}`);
  const ended = new Map<number, ListExport>();
  const waiting = new Map<number, () => void>();
  channel.listen('ListExportUpdated', (event: { export: ListExport }) => {
    if (event.export.status !== 'FINISHED' && event.export.status !== 'FAILED') return;
    ended.set(event.export.id, event.export);
    waiting.get(event.export.id)?.();
  });
  await waitFor('subscription', (resolve) => channel.subscribed(resolve));

  const collections = [...new Set(server.app.ctx.entities.map((entity) => entity.collection))].sort();
  const exported: string[] = [];
  try {
    for (const collection of collections) {
      const records = await listed(collection);
      if (!records) continue;
      const key = records.length && !('id' in records[0]) ? 'name' : 'id';
      const response = await server.request('acme', '/list-exports', {
        method: 'POST',
        token: admin,
        ...jsonBody({
          list: `/${collection}`,
          query: '',
          columns: [{ field: key, header: 'Key', kind: 'text' }],
          format: 'csv',
          name: collection,
          time_zone: 'UTC',
        }),
      });
      expect(response.status, `${collection}: ${await response.clone().text()}`).toBe(201);
      const { id } = ((await response.json()) as { data: ListExport }).data;
      const done = await waitFor<ListExport>(`the export of ${collection}`, (resolve) => {
        waiting.set(id, () => resolve(ended.get(id)!));
        if (ended.has(id)) resolve(ended.get(id)!);
      });
      expect(done.status, collection).toBe('FINISHED');
      const file = await server.request('acme', `/list-exports/${id}/download`, { token: admin });
      const [header, ...rows] = Papa.parse<string[]>((await file.text()).replace(/^\ufeff/, ''), {
        skipEmptyLines: true,
      }).data;
      expect(header, collection).toEqual(['Key']);
      expect(
        rows.map(([value]) => value),
        collection,
      ).toEqual(records.map((record) => String(record[key])));
      exported.push(collection);
    }
  } finally {
    echo.disconnect();
  }
  // The company's lists the administrator reads: most of the declarations (admin-only lists too).
  expect(exported.length).toBeGreaterThanOrEqual(10);
});
