/**
 * The changelog's stored screenshots (server/api/changelog-items.ts): an update that sends the screenshot empty
 * removes the stored file, one that leaves it out keeps it; deleting the item removes it too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody, tokenFor } from './api-helpers';
import { sendWithHost, startTestServer, type TestServer } from './test-server';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await tokenFor(server, 'admin');
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
