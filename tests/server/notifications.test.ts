/**
 * The notification bell's endpoints, and the UserNotificationUpdated event each change publishes. The push
 * service is the edge here: a recording Broadcaster stands in for it (tests/server/realtime*.test.ts cover
 * delivery through the real one).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Broadcaster } from '../../server/realtime/broadcaster';
import { companyId, jsonBody, multipartBody, tokenFor, userId } from './api-helpers';
import { startTestServer, type TestServer } from './test-server';

interface Published {
  channels: string[];
  event: string;
  data: unknown;
}

let server: TestServer;
let alice: string;
let published: Published[];
let failPublishing = false;

const recorder: Broadcaster = {
  async publish(channels, event, data) {
    if (failPublishing) throw new Error('push service unreachable');
    published.push({ channels, event, data });
  },
};

interface NotificationList {
  data: Array<{ id: number; title: string; text: string; read: boolean; date: string }>;
  meta: { total: number; unread_count: number; per_page: number; current_page: number; last_page: number };
}

beforeAll(async () => {
  server = await startTestServer();
  server.app.ctx.broadcaster = recorder;
  alice = await tokenFor(server, 'alice');
});
afterAll(() => server?.close());
beforeEach(() => {
  published = [];
  failPublishing = false;
});

const list = async (query: string, token = alice): Promise<NotificationList> => {
  const response = await server.request('acme', `/my-account/notifications?${query}`, { token });
  expect(response.status).toBe(200);
  return (await response.json()) as NotificationList;
};

const aliceChannel = async () =>
  `private-Company.${await companyId(server, 'acme')}.User.${await userId(server, 'alice')}`;

describe('GET /my-account/notifications', () => {
  it('pages the user’s notifications newest first, with the unread count', async () => {
    const page = await list('per_page=10&page=1&with_read=0&sort=-date');
    expect(page.meta).toMatchObject({ total: 18, unread_count: 6, per_page: 10, last_page: 2 });
    expect(page.data).toHaveLength(10);
    const dates = page.data.map((notification) => Date.parse(notification.date));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(page.data[0]).toEqual({
      id: expect.any(Number),
      title: 'Model processed',
      text: 'The model “Harbour Tower – Facade” finished processing and is ready to use.',
      read: false,
      date: expect.any(String),
      type: 'modelProcessed',
      message_key: 'notifications:messages.modelProcessed',
      message_params: { model: 'Harbour Tower – Facade' },
    });
  });

  it('lists only unread ones with with_read=1, and all without it', async () => {
    const unread = await list('per_page=20&with_read=1');
    expect(unread.data).toHaveLength(6);
    expect(unread.data.every((notification) => !notification.read)).toBe(true);
    expect((await list('per_page=20')).data).toHaveLength(18);
  });

  it('gives the total and the unread count on a page past the end too', async () => {
    const past = await list('per_page=10&page=5');
    expect(past.data).toEqual([]);
    expect(past.meta).toMatchObject({ total: 18, unread_count: 6, current_page: 5, last_page: 2 });
  });

  it('shows bob only bob’s', async () => {
    const bob = await list('per_page=20', await tokenFor(server, 'bob'));
    expect(bob.meta).toMatchObject({ total: 5, unread_count: 2 });
  });
});

describe('marking notifications', () => {
  it('marks one read through multipart with _method=PATCH and announces it on the user’s channel', async () => {
    const [first] = (await list('with_read=1&per_page=1')).data;
    const response = await server.request('acme', `/my-account/notifications/${first.id}`, {
      method: 'POST',
      token: alice,
      ...multipartBody({ read: '1', _method: 'PATCH' }),
    });
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: NotificationList['data'][number] };
    expect(data).toEqual({ ...first, read: true });
    expect((await list('per_page=1')).meta.unread_count).toBe(5);
    expect(published).toEqual([
      {
        channels: [await aliceChannel()],
        event: 'App\\Events\\UserNotificationUpdated',
        data: { notification: data, unread_count: 5 },
      },
    ]);
  });

  it('marks one unread again through a real PATCH', async () => {
    const [read] = (await list('per_page=20')).data.filter((notification) => notification.read);
    const response = await server.request('acme', `/my-account/notifications/${read.id}`, {
      method: 'PATCH',
      token: alice,
      ...jsonBody({ read: false }),
    });
    expect(((await response.json()) as { data: { read: boolean } }).data.read).toBe(false);
    expect((published[0].data as { unread_count: number }).unread_count).toBe(6);
  });

  it('answers 404 for another user’s notification and changes nothing', async () => {
    const bobsUnread = await server.db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', await userId(server, 'bob'))
      .where('read_at', 'is', null)
      .executeTakeFirstOrThrow();
    const response = await server.request('acme', `/my-account/notifications/${bobsUnread.id}`, {
      method: 'PATCH',
      token: alice,
      ...jsonBody({ read: true }),
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      message: `No query results for model [App\\Models\\Notification] ${bobsUnread.id}`,
    });
    const after = await server.db
      .selectFrom('notifications')
      .select('read_at')
      .where('id', '=', bobsUnread.id)
      .executeTakeFirstOrThrow();
    expect(after.read_at).toBeNull();
    expect(published).toEqual([]);
  });

  it('answers 422 without read, and 404 for an id that is not a number', async () => {
    const missing = await server.request('acme', '/my-account/notifications/1', {
      method: 'PATCH',
      token: alice,
      ...jsonBody({}),
    });
    expect(missing.status).toBe(422);
    expect(await missing.json()).toEqual({
      message: 'The read field is required.',
      errors: { read: ['The read field is required.'] },
    });
    const invalid = await server.request('acme', '/my-account/notifications/1', {
      method: 'PATCH',
      token: alice,
      ...jsonBody({ read: 'maybe' }),
    });
    expect(await invalid.json()).toEqual({
      message: 'The read field must be true or false.',
      errors: { read: ['The read field must be true or false.'] },
    });
    expect(
      (
        await server.request('acme', '/my-account/notifications/abc', {
          method: 'PATCH',
          token: alice,
          ...jsonBody({ read: 1 }),
        })
      ).status,
    ).toBe(404);
  });

  it('marks everything read and announces an unread count of 0', async () => {
    const response = await server.request('acme', '/my-account/notifications/read-all', {
      method: 'POST',
      token: alice,
      ...jsonBody({ read: true }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: 'All notifications marked as read.', unread_count: 0 });
    expect((await list('with_read=1')).data).toEqual([]);
    expect((await list('per_page=1')).meta.unread_count).toBe(0);
    expect(published).toEqual([
      {
        channels: [await aliceChannel()],
        event: 'App\\Events\\UserNotificationUpdated',
        data: { notification: null, unread_count: 0 },
      },
    ]);
    const bob = await list('per_page=1', await tokenFor(server, 'bob'));
    expect(bob.meta.unread_count).toBe(2);
  });

  it('still answers 200 when the push service fails', async () => {
    failPublishing = true;
    const response = await server.request('acme', '/my-account/notifications/read-all', {
      method: 'POST',
      token: alice,
      ...multipartBody({ read: 'true' }),
    });
    expect(response.status).toBe(200);
  });
});
