/**
 * End to end through the API: marking a notification read (`POST /my-account/notifications/{id}`, multipart
 * `read=1&_method=PATCH`, as the portal sends it) reaches the user's laravel-echo client as
 * `UserNotificationUpdated`, and only that user's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channels, laravelEvent } from '../../server/realtime/broadcaster';
import {
  connectEcho,
  hostOrigin,
  idsOf,
  issueToken,
  resolveLocalhostNames,
  waitFor,
} from './realtime-helpers';
import { startTestServer, type TestServer } from './test-server';

let server: TestServer;
let ids: Awaited<ReturnType<typeof idsOf>>;

beforeAll(async () => {
  resolveLocalhostNames();
  server = await startTestServer();
  ids = await idsOf(server);
});
afterAll(() => server?.close());

async function unreadNotificationFor(username: string): Promise<number> {
  const row = await server.db
    .insertInto('notifications')
    .values({
      company_id: ids.companyId('acme'),
      user_id: ids.userId(username),
      title: 'Model processed',
      text: 'Harbour Tower is ready.',
      read_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The user's unread count in acme, as the notification list reports it. */
async function unreadCountOf(token: string): Promise<number> {
  const response = await fetch(`${hostOrigin(server, 'acme')}/api/v2/my-account/notifications?per_page=1`, {
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { meta: { unread_count: number } }).meta.unread_count;
}

describe('UserNotificationUpdated', () => {
  it('arrives on the private user channel after a notification is marked read through the API', async () => {
    const [aliceToken, bobToken] = await Promise.all([
      issueToken(server, 'alice'),
      issueToken(server, 'bob'),
    ]);
    const alice = connectEcho(server, { token: aliceToken, subdomain: 'acme' });
    const bob = connectEcho(server, { token: bobToken, subdomain: 'acme' });
    try {
      const acme = ids.companyId('acme');
      const aliceChannel = alice.private(`Company.${acme}.User.${ids.userId('alice')}`);
      const bobChannel = bob.private(`Company.${acme}.User.${ids.userId('bob')}`);
      await Promise.all(
        [aliceChannel, bobChannel].map((channel) =>
          waitFor('subscription', (resolve) => channel.subscribed(resolve)),
        ),
      );
      const toBob: unknown[] = [];
      bobChannel.listen('UserNotificationUpdated', (data: unknown) => toBob.push(data));
      const received = waitFor<{ notification: { id: number; read: boolean }; unread_count: number }>(
        'UserNotificationUpdated',
        (resolve) => aliceChannel.listen('UserNotificationUpdated', resolve),
      );

      const id = await unreadNotificationFor('alice');
      const form = new FormData();
      form.append('read', '1');
      form.append('_method', 'PATCH');
      const response = await fetch(`${hostOrigin(server, 'acme')}/api/v2/my-account/notifications/${id}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${aliceToken}`, Accept: 'application/json' },
        body: form,
      });
      expect(response.status).toBe(200);

      const event = await received;
      expect(event.notification).toMatchObject({ id, read: true });
      expect(event.unread_count).toBe(await unreadCountOf(aliceToken));
      // A later event for Bob reaches his socket after anything sent to it before.
      const marker = waitFor<void>("the marker on bob's channel", (resolve) =>
        bobChannel.listen('UserNotificationUpdated', (data: { marker?: boolean }) => {
          if (data.marker) resolve();
        }),
      );
      await server.app.ctx.broadcaster.publish(
        [channels.user(acme, ids.userId('bob'))],
        laravelEvent('UserNotificationUpdated'),
        { marker: true },
      );
      await marker;
      expect(toBob).toEqual([{ marker: true }]);
    } finally {
      alice.disconnect();
      bob.disconnect();
    }
  });
});
