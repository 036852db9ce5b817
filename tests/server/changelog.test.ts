/**
 * The changelog (server/api/changelog-items.ts): Sync dates the undated items on development and answers how many;
 * only administrators write; 422 per field; the stored screenshots: an update that sends the screenshot empty
 * removes the stored file, one that leaves it out keeps it; deleting the item removes it too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonBody, multipartBody, tokenFor } from './api-helpers';
import { sendWithHost, startTestServer, type TestServer } from './test-server';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let server: TestServer;
let admin: string;
let alice: string;

beforeAll(async () => {
  server = await startTestServer();
  [admin, alice] = await Promise.all([tokenFor(server, 'admin'), tokenFor(server, 'alice')]);
});
afterAll(() => server?.close());

interface Item {
  id: number;
  screenshot: boolean;
  screenshot_url: string | null;
}

async function createWithScreenshot(): Promise<Item> {
  const response = await server.request('acme', '/admin/changelog-items', {
    method: 'POST',
    token: admin,
    ...multipartBody(
      { type: 'added', description: 'With a screenshot', 'environments[development]': '1' },
      { screenshot: [new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'screen.png'] },
    ),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { data: Item }).data;
}

const update = (id: number, fields: Record<string, string>) =>
  server.request('acme', `/admin/changelog-items/${id}`, {
    method: 'POST',
    token: admin,
    ...multipartBody({ _method: 'PATCH', ...fields }),
  });

/** The status of a file URL the API handed out (it names the tenant host it was requested on). */
async function fileStatus(url: string) {
  const { host, pathname } = new URL(url);
  return (await sendWithHost(server.port, host, pathname)).status;
}

describe('changelog screenshots', () => {
  it('keeps the stored screenshot when an update leaves it out, and removes it when sent empty', async () => {
    const created = await createWithScreenshot();
    const untouched = await update(created.id, { description: 'Still with a screenshot' });
    expect(((await untouched.json()) as { data: Item }).data.screenshot_url).toBe(created.screenshot_url);
    expect(await fileStatus(created.screenshot_url!)).toBe(200);

    const cleared = await update(created.id, { screenshot: '' });
    expect(cleared.status).toBe(200);
    expect(((await cleared.json()) as { data: Item }).data).toMatchObject({
      screenshot: false,
      screenshot_url: null,
    });
    expect(await fileStatus(created.screenshot_url!)).toBe(404);
  });

  it('removes the stored screenshot with its item', async () => {
    const created = await createWithScreenshot();
    expect(await fileStatus(created.screenshot_url!)).toBe(200);
    const deleted = await server.request('acme', `/admin/changelog-items/${created.id}`, {
      method: 'DELETE',
      token: admin,
    });
    expect(deleted.status).toBe(200);
    expect(await fileStatus(created.screenshot_url!)).toBe(404);
  });
});

describe('changelog sync and writes', () => {
  interface Dated {
    id: number;
    date_on_development: string | null;
    date_on_test: string | null;
  }
  /** Every item (the list without paging answers all of them, as the Sync dialog counts them). */
  const all = async () => {
    const response = await server.request('acme', '/admin/changelog-items', { token: admin });
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: Dated[] }).data;
  };
  const sync = (token = admin) =>
    server.request('acme', '/admin/changelog-items/sync', { method: 'PATCH', token, ...jsonBody({}) });

  it('dates every item undated on development, answers the count, and then has none left', async () => {
    const before = await all();
    const undated = before.filter((item) => item.date_on_development === null);
    expect(undated.length).toBeGreaterThan(0);
    const untestedBefore = before.filter((item) => item.date_on_test === null).length;

    const first = await sync();
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({
      message: `${undated.length} changelog items synced.`,
      updated: undated.length,
    });
    const after = await all();
    expect(after.filter((item) => item.date_on_development === null)).toEqual([]);
    // Already dated items keep their date; other environments are left alone.
    for (const item of before.filter((entry) => entry.date_on_development !== null)) {
      expect(after.find((entry) => entry.id === item.id)!.date_on_development).toBe(item.date_on_development);
    }
    expect(after.filter((item) => item.date_on_test === null)).toHaveLength(untestedBefore);
    expect(await (await sync()).json()).toEqual({ message: '0 changelog items synced.', updated: 0 });
  });

  it('refuses a non-admin (403) and answers 422 under each field', async () => {
    expect((await sync(alice)).status).toBe(403);
    const refused = await server.request('acme', '/admin/changelog-items', {
      method: 'POST',
      token: alice,
      ...jsonBody({ type: 'added', description: 'x', environments: { development: 1 } }),
    });
    expect(refused.status).toBe(403);
    const invalid = await server.request('acme', '/admin/changelog-items', {
      method: 'POST',
      token: admin,
      ...multipartBody({ type: 'added', description: 'No environment', 'environments[development]': '0' }),
    });
    expect(invalid.status).toBe(422);
    expect(((await invalid.json()) as { errors: Record<string, string[]> }).errors).toEqual({
      environments: ['The environments field is required.'],
    });
  });
});
