/**
 * With PUSHER_HOST set the server uses an external Pusher-protocol service: it serves only /broadcasting/auth
 * and publishes through the SDK to that service. The external service here is another contract server's
 * built-in one (same app credentials), standing in for Soketi, Reverb or Pusher Channels.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channels, laravelEvent } from '../../server/realtime/broadcaster';
import {
  connectEcho,
  idsOf,
  issueToken,
  refusedUpgradeStatus,
  resolveLocalhostNames,
  waitFor,
} from './realtime-helpers';
import { startTestServer, type TestServer } from './test-server';

let pushService: TestServer;
let api: TestServer;

beforeAll(async () => {
  resolveLocalhostNames();
  pushService = await startTestServer();
  api = await startTestServer({
    pusher: { ...pushService.config.pusher, host: '127.0.0.1', port: pushService.port },
  });
});
afterAll(async () => {
  await api?.close();
  await pushService?.close();
});

describe('an external push service', () => {
  it('leaves the websocket path and the HTTP events API unserved', async () => {
    expect(
      await refusedUpgradeStatus(`ws://127.0.0.1:${api.port}/app/${api.config.pusher.key}?protocol=7`),
    ).toBe(404);
    const events = await fetch(`http://127.0.0.1:${api.port}/apps/${api.config.pusher.appId}/events`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(events.status).toBe(404);
  });

  it('authorises channels for it and publishes to it through the SDK', async () => {
    const ids = await idsOf(api);
    const token = await issueToken(api, 'alice');
    const echo = connectEcho(pushService, { token, subdomain: 'acme', authServer: api });
    try {
      const channel = echo.private(`Company.${ids.companyId('acme')}.User.${ids.userId('alice')}`);
      await waitFor('subscription', (resolve) => channel.subscribed(resolve));
      const received = waitFor<unknown>('event', (resolve) =>
        channel.listen('UserNotificationUpdated', resolve),
      );
      await api.app.ctx.broadcaster.publish(
        [channels.user(ids.companyId('acme'), ids.userId('alice'))],
        laravelEvent('UserNotificationUpdated'),
        { unread_count: 2 },
      );
      expect(await received).toEqual({ unread_count: 2 });
    } finally {
      echo.disconnect();
    }
  });
});
