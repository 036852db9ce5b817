/**
 * The built-in push service with the unmodified clients the portal uses: laravel-echo 2 over pusher-js 8 (Node
 * build), authorising private and presence channels at /broadcasting/auth with a bearer token, and events
 * published by the server through the official `pusher` SDK (the broadcaster).
 */
import type Echo from 'laravel-echo';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { channels, laravelEvent } from '../../server/realtime/broadcaster';
import {
  connectEcho,
  connectPusher,
  connected,
  idsOf,
  issueToken,
  resolveLocalhostNames,
  waitFor,
} from './realtime-helpers';
import { startTestServer, type TestServer } from './test-server';

let server: TestServer;
let ids: Awaited<ReturnType<typeof idsOf>>;
const tokens: Record<string, string> = {};
const clients: { disconnect(): void }[] = [];

beforeAll(async () => {
  resolveLocalhostNames();
  server = await startTestServer();
  ids = await idsOf(server);
  for (const username of ['alice', 'bob']) tokens[username] = await issueToken(server, username);
});
afterEach(() => clients.splice(0).forEach((client) => client.disconnect()));
afterAll(() => server?.close());

function echoFor(username: string): Echo<'pusher'> {
  const echo = connectEcho(server, { token: tokens[username], subdomain: 'acme' });
  clients.push(echo);
  return echo;
}

/** Echo's name of a user's channel (without the `private-` prefix Echo adds). */
const userChannelName = (username: string) => `Company.${ids.companyId('acme')}.User.${ids.userId(username)}`;

const subscribed = (channel: { subscribed(callback: () => void): unknown }) =>
  waitFor<void>('subscription', (resolve) => channel.subscribed(() => resolve()));

const publishToUser = (username: string, payload: unknown, socketId?: string) =>
  server.app.ctx.broadcaster.publish(
    [channels.user(ids.companyId('acme'), ids.userId(username))],
    laravelEvent('UserNotificationUpdated'),
    payload,
    { socketId },
  );

describe('connection', () => {
  it('connects pusher-js with a socket id and the 30 s activity timeout', async () => {
    const pusher = connectPusher(server);
    clients.push(pusher);
    await connected(pusher);
    expect(pusher.connection.socket_id).toMatch(/^\d+\.\d+$/);
    expect(pusher.connection.activityTimeout).toBe(30_000);
  });

  it('leaves pusher-js disconnected, without retrying, when the app key is unknown (4001)', async () => {
    const pusher = connectPusher({
      ...server,
      config: { ...server.config, pusher: { ...server.config.pusher, key: 'nope' } },
    });
    clients.push(pusher);
    const states: string[] = [];
    pusher.connection.bind('state_change', ({ current }: { current: string }) => states.push(current));
    // pusher-js announces a retry after a delay with `connecting_in` when it schedules it.
    const retriesAnnounced: number[] = [];
    pusher.connection.bind('connecting_in', (seconds: number) => retriesAnnounced.push(seconds));
    const error = waitFor<unknown>('error', (resolve) => pusher.connection.bind('error', resolve));
    const disconnected = waitFor<void>('the disconnected state', (resolve) =>
      pusher.connection.bind('state_change', ({ current }: { current: string }) => {
        if (current === 'disconnected') resolve();
      }),
    );
    expect(await error).toEqual({
      type: 'WebSocketError',
      error: { type: 'PusherError', data: { code: 4001, message: 'App key nope does not exist.' } },
    });
    await disconnected;
    // A retry without delay would have started before another client has connected to the service since.
    const later = connectPusher(server);
    clients.push(later);
    await connected(later);
    expect(retriesAnnounced).toEqual([]);
    expect(states).toEqual(['disconnected']);
    expect(pusher.connection.state).toBe('disconnected');
  });
});

describe('private user channel', () => {
  it('receives UserNotificationUpdated published through the broadcaster', async () => {
    const channel = echoFor('alice').private(userChannelName('alice'));
    await subscribed(channel);
    const received = waitFor<unknown>('event', (resolve) =>
      channel.listen('UserNotificationUpdated', resolve),
    );
    await publishToUser('alice', { notification: { id: 1, read: true }, unread_count: 4 });
    expect(await received).toEqual({ notification: { id: 1, read: true }, unread_count: 4 });
  });

  it("refuses a foreign user's channel: Echo's error callback gets the 403, and that user's events stay away", async () => {
    const echo = echoFor('alice');
    const foreign = echo.private(userChannelName('bob'));
    const error = await waitFor<{ type: string; status: number }>('subscription error', (resolve) =>
      foreign.error(resolve),
    );
    expect(error).toMatchObject({ type: 'AuthError', status: 403 });

    const own = echo.private(userChannelName('alice'));
    await subscribed(own);
    const leaked: unknown[] = [];
    foreign.listen('UserNotificationUpdated', (data: unknown) => leaked.push(data));
    const ownEvent = waitFor<unknown>('own event', (resolve) =>
      own.listen('UserNotificationUpdated', resolve),
    );
    await publishToUser('bob', { for: 'bob' });
    await publishToUser('alice', { for: 'alice' });
    expect(await ownEvent).toEqual({ for: 'alice' });
    expect(leaked).toEqual([]);
  });

  it('sends every Echo instance its own bearer token (no shared auth headers)', async () => {
    const aliceEcho = echoFor('alice');
    const bobEcho = echoFor('bob');
    // With a shared auth header the second instance would send the first one's token.
    expect(aliceEcho.options.auth?.headers).toMatchObject({ Authorization: `Bearer ${tokens.alice}` });
    expect(bobEcho.options.auth?.headers).toMatchObject({ Authorization: `Bearer ${tokens.bob}` });
    const alice = aliceEcho.private(userChannelName('alice'));
    const bob = bobEcho.private(userChannelName('bob'));
    await Promise.all([subscribed(alice), subscribed(bob)]);
    // Each channel was authorised for its own user: each receives what is published to that user.
    const toAlice = waitFor<unknown>("alice's event", (resolve) =>
      alice.listen('UserNotificationUpdated', resolve),
    );
    const toBob = waitFor<unknown>("bob's event", (resolve) =>
      bob.listen('UserNotificationUpdated', resolve),
    );
    await publishToUser('alice', { unread_count: 1 });
    await publishToUser('bob', { unread_count: 2 });
    expect(await toAlice).toEqual({ unread_count: 1 });
    expect(await toBob).toEqual({ unread_count: 2 });
  });

  it('leaves out the sender socket when the event names it (toOthers)', async () => {
    const first = echoFor('alice');
    const second = echoFor('alice');
    const firstChannel = first.private(userChannelName('alice'));
    const secondChannel = second.private(userChannelName('alice'));
    await Promise.all([subscribed(firstChannel), subscribed(secondChannel)]);
    const toFirst: unknown[] = [];
    firstChannel.listen('UserNotificationUpdated', (data: unknown) => toFirst.push(data));
    const toSecond = waitFor<unknown>('event', (resolve) =>
      secondChannel.listen('UserNotificationUpdated', resolve),
    );
    await publishToUser('alice', { n: 1 }, first.socketId());
    expect(await toSecond).toEqual({ n: 1 });
    // A later event for everyone reaches the first socket after anything sent to it before.
    const marker = waitFor<void>('the marker on the first socket', (resolve) =>
      firstChannel.listen('UserNotificationUpdated', (data: { marker?: boolean }) => {
        if (data.marker) resolve();
      }),
    );
    await publishToUser('alice', { marker: true });
    await marker;
    expect(toFirst).toEqual([{ marker: true }]);
  });
});

describe('public channel', () => {
  it('delivers to plain pusher-js subscribers, with the data decoded', async () => {
    const pusher = connectPusher(server);
    clients.push(pusher);
    const channel = pusher.subscribe('announcements');
    await waitFor<void>('subscription', (resolve) =>
      channel.bind('pusher:subscription_succeeded', () => resolve()),
    );
    const received = waitFor<unknown>('event', (resolve) => channel.bind('news', resolve));
    await server.app.ctx.broadcaster.publish(['announcements'], 'news', { title: 'Hello' });
    expect(await received).toEqual({ title: 'Hello' });
  });
});

describe('presence channel', () => {
  const companyChannel = () => `Company.${ids.companyId('acme')}`;
  const member = (username: string, name: string) => ({
    id: ids.userId(username),
    name,
    profile_image: null,
  });

  it('lists members, announces joining and leaving, and relays whispers to the others', async () => {
    const alice = echoFor('alice').join(companyChannel());
    const here = await waitFor<unknown[]>('here', (resolve) => alice.here(resolve));
    expect(here).toEqual([member('alice', 'Alice Anders')]);

    const joining = waitFor<unknown>('joining', (resolve) => alice.joining(resolve));
    const bobEcho = echoFor('bob');
    const bob = bobEcho.join(companyChannel());
    const bobHere = await waitFor<unknown[]>('here', (resolve) => bob.here(resolve));
    expect(bobHere).toHaveLength(2);
    expect(bobHere).toEqual(
      expect.arrayContaining([member('alice', 'Alice Anders'), member('bob', expect.any(String))]),
    );
    expect(await joining).toEqual(member('bob', expect.any(String)));

    const whisper = waitFor<unknown>('whisper', (resolve) => alice.listenForWhisper('typing', resolve));
    const echoed: unknown[] = [];
    bob.listenForWhisper('typing', (data: unknown) => echoed.push(data));
    bob.whisper('typing', { typing: true });
    expect(await whisper).toEqual({ typing: true });
    // Alice's answer reaches Bob after anything the service sent him for his own whisper.
    const answer = waitFor<unknown>('answer', (resolve) => bob.listenForWhisper('answer', resolve));
    alice.whisper('answer', { seen: true });
    expect(await answer).toEqual({ seen: true });
    expect(echoed).toEqual([]);

    const leaving = waitFor<unknown>('leaving', (resolve) => alice.leaving(resolve));
    bobEcho.disconnect();
    expect(await leaving).toEqual(member('bob', expect.any(String)));
  });
});
