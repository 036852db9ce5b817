/**
 * The built-in push service frame by frame (Pusher protocol 7): handshake, errors and close codes,
 * subscriptions and their signatures (checked against the official `pusher` SDK), presence, client events,
 * ping/pong with short timeouts, and shutdown.
 */
import PusherServer from 'pusher';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { RawSocket, connectPusher, connected, frameData, refusedUpgradeStatus } from './realtime-helpers';
import { startTestServer, type TestServer } from './test-server';

const ACTIVITY_TIMEOUT = 1;
const PONG_TIMEOUT = 1;
/** How much later than its timer a frame may come on a busy machine: a bound on waiting, not a measured figure. */
const SLOW_MACHINE_MARGIN_MS = 10_000;

let server: TestServer;
let sdk: PusherServer;
const sockets: RawSocket[] = [];

beforeAll(async () => {
  const pusher = { ...loadConfig({}).pusher, activityTimeout: ACTIVITY_TIMEOUT, pongTimeout: PONG_TIMEOUT };
  server = await startTestServer({ pusher });
  sdk = new PusherServer({
    appId: pusher.appId,
    key: pusher.key,
    secret: server.config.pusher.secret,
    host: '127.0.0.1',
    port: String(server.port),
  });
});
afterAll(async () => {
  sockets.forEach((socket) => socket.close());
  await server?.close();
});

/** A raw connection that has received `connection_established`. */
async function open(): Promise<{ socket: RawSocket; socketId: string }> {
  const socket = RawSocket.forApp(server);
  sockets.push(socket);
  const { socket_id: socketId } = await socket.established();
  return { socket, socketId };
}

async function subscribe(socket: RawSocket, channel: string, extra: Record<string, string> = {}) {
  socket.send({ event: 'pusher:subscribe', data: { auth: '', channel, ...extra } });
  return socket.next('pusher_internal:subscription_succeeded', channel);
}

/** A ping answered: every frame sent before it on this socket has been handled by the server. */
async function roundTrip(socket: RawSocket) {
  socket.send({ event: 'pusher:ping', data: {} });
  await socket.next('pusher:pong');
}

/** Joins a presence channel as a user, signed by the official SDK as the auth endpoint would. */
async function joinPresence(channel: string, userId: number, name: string) {
  const { socket, socketId } = await open();
  const auth = sdk.authorizeChannel(socketId, channel, {
    user_id: String(userId),
    user_info: { id: userId, name },
  });
  const succeeded = await subscribe(socket, channel, { auth: auth.auth, channel_data: auth.channel_data! });
  return { socket, socketId, succeeded };
}

describe('handshake', () => {
  it('sends connection_established with a \\d+.\\d+ socket id and the activity timeout in seconds, as a JSON string', async () => {
    const socket = RawSocket.forApp(server);
    sockets.push(socket);
    const frame = await socket.next('pusher:connection_established');
    expect(typeof frame.data).toBe('string');
    const data = frameData(frame);
    expect(data.socket_id).toMatch(/^\d+\.\d+$/);
    expect(data.activity_timeout).toBe(ACTIVITY_TIMEOUT);
  });

  it('gives every connection its own socket id', async () => {
    const [first, second] = await Promise.all([open(), open()]);
    expect(first.socketId).not.toBe(second.socketId);
  });

  it('refuses an unknown app key with pusher:error 4001 and close code 4001', async () => {
    const socket = RawSocket.forApp(server, 'wrong-key');
    const error = await socket.next('pusher:error');
    expect(frameData(error)).toEqual({ code: 4001, message: expect.stringContaining('wrong-key') });
    expect((await socket.closed).code).toBe(4001);
  });

  it('refuses malformed and overlong app keys the same way', async () => {
    for (const key of ['%E0%A4%A', 'k'.repeat(300), 'caf%C3%A9']) {
      const socket = RawSocket.forApp(server, key);
      expect(frameData(await socket.next('pusher:error')).code).toBe(4001);
      expect((await socket.closed).code).toBe(4001);
    }
  });

  it('refuses a missing protocol version with 4008 and another version with 4007', async () => {
    const missing = RawSocket.forApp(server, server.config.pusher.key, 'client=js');
    expect((await missing.closed).code).toBe(4008);
    const unsupported = RawSocket.forApp(server, server.config.pusher.key, 'protocol=3&client=js');
    expect(frameData(await unsupported.next('pusher:error')).code).toBe(4007);
    expect((await unsupported.closed).code).toBe(4007);
  });

  it('answers a websocket upgrade on any other path with 404', async () => {
    expect(await refusedUpgradeStatus(`ws://127.0.0.1:${server.port}/not-the-app-path`)).toBe(404);
  });

  it('answers a message that is not a JSON frame with pusher:error and keeps the connection', async () => {
    const { socket } = await open();
    socket.send('not json');
    expect(frameData(await socket.next('pusher:error')).code).toBeNull();
    await roundTrip(socket);
  });
});

describe('ping, pong and the activity timeout', () => {
  it('answers pusher:ping with pusher:pong', async () => {
    const { socket } = await open();
    socket.send({ event: 'pusher:ping', data: {} });
    const pong = await socket.next('pusher:pong');
    expect(pong.event).toBe('pusher:pong');
  });

  it('pings a silent client after the activity timeout and keeps it when it answers', async () => {
    const { socket } = await open();
    await socket.next('pusher:ping', undefined, ACTIVITY_TIMEOUT * 1000 + SLOW_MACHINE_MARGIN_MS);
    socket.send({ event: 'pusher:pong', data: {} });
    await socket.next('pusher:ping', undefined, ACTIVITY_TIMEOUT * 1000 + SLOW_MACHINE_MARGIN_MS);
    socket.send({ event: 'pusher:pong', data: {} });
    await roundTrip(socket);
  });

  it('closes with 4201 when the pong does not come within the pong timeout', async () => {
    const { socket } = await open();
    await socket.next('pusher:ping', undefined, ACTIVITY_TIMEOUT * 1000 + SLOW_MACHINE_MARGIN_MS);
    const error = await socket.next('pusher:error', undefined, PONG_TIMEOUT * 1000 + SLOW_MACHINE_MARGIN_MS);
    expect(frameData(error)).toEqual({ code: 4201, message: expect.any(String) });
    expect((await socket.closed).code).toBe(4201);
  });

  it('keeps a real pusher-js client connected across several activity periods', async () => {
    const client = connectPusher(server);
    try {
      await connected(client);
      const socketId = client.connection.socket_id;
      const states: string[] = [];
      client.connection.bind('state_change', ({ current }: { current: string }) => states.push(current));
      await new Promise((resolve) => setTimeout(resolve, (ACTIVITY_TIMEOUT + PONG_TIMEOUT) * 1000 * 2));
      expect(states).toEqual([]);
      expect(client.connection.socket_id).toBe(socketId);
    } finally {
      client.disconnect();
    }
  });
});

describe('subscriptions', () => {
  it('subscribes to a public channel with data "{}"', async () => {
    const { socket } = await open();
    const succeeded = await subscribe(socket, 'news');
    expect(succeeded).toEqual({
      event: 'pusher_internal:subscription_succeeded',
      channel: 'news',
      data: '{}',
    });
  });

  it('accepts a private subscription signed as the official SDK signs it', async () => {
    const { socket, socketId } = await open();
    const { auth } = sdk.authorizeChannel(socketId, 'private-Company.1');
    const succeeded = await subscribe(socket, 'private-Company.1', { auth });
    expect(succeeded.channel).toBe('private-Company.1');
  });

  it('refuses a private subscription without a valid signature with subscription_error on that channel', async () => {
    const { socket, socketId } = await open();
    const other = await open();
    const signedForOtherSocket = sdk.authorizeChannel(other.socketId, 'private-Company.1').auth;
    const signedForOtherChannel = sdk.authorizeChannel(socketId, 'private-Company.2').auth;
    for (const auth of ['', 'portal-key:00', signedForOtherSocket, signedForOtherChannel]) {
      socket.send({ event: 'pusher:subscribe', data: { auth, channel: 'private-Company.1' } });
      const error = await socket.next('pusher:subscription_error', 'private-Company.1');
      expect(frameData(error)).toEqual({ type: 'AuthError', error: expect.any(String), status: 401 });
    }
  });

  it('accepts the subscribe payload as a JSON string too', async () => {
    const { socket } = await open();
    socket.send({ event: 'pusher:subscribe', data: JSON.stringify({ auth: '', channel: 'string-payload' }) });
    await socket.next('pusher_internal:subscription_succeeded', 'string-payload');
  });

  it('refuses an invalid channel name', async () => {
    const { socket } = await open();
    socket.send({ event: 'pusher:subscribe', data: { auth: '', channel: 'bad channel!' } });
    const error = await socket.next('pusher:subscription_error', 'bad channel!');
    expect(frameData(error)).toMatchObject({ status: 400 });
  });

  it('delivers HTTP API events with their data string untouched, and nothing after unsubscribing', async () => {
    const { socket } = await open();
    await subscribe(socket, 'updates');
    await sdk.trigger('updates', 'first', { text: 'hello', n: 1 });
    expect(await socket.next('first', 'updates')).toEqual({
      event: 'first',
      channel: 'updates',
      data: '{"text":"hello","n":1}',
    });
    socket.send({ event: 'pusher:unsubscribe', data: { channel: 'updates' } });
    await sdk.trigger('updates', 'second', {});
    await roundTrip(socket);
    expect(socket.frames.some((frame) => frame.event === 'second')).toBe(false);
  });
});

describe('presence channels', () => {
  const channel = 'presence-Company.7';

  it('lists the members on subscribing and announces joins and leaves once per user', async () => {
    const alice = await joinPresence(channel, 2, 'Alice');
    expect(frameData(alice.succeeded)).toEqual({
      presence: { ids: ['2'], hash: { '2': { id: 2, name: 'Alice' } }, count: 1 },
    });

    const bob = await joinPresence(channel, 3, 'Bob');
    expect(frameData(bob.succeeded)).toEqual({
      presence: {
        ids: ['2', '3'],
        hash: { '2': { id: 2, name: 'Alice' }, '3': { id: 3, name: 'Bob' } },
        count: 2,
      },
    });
    expect(frameData(await alice.socket.next('pusher_internal:member_added', channel))).toEqual({
      user_id: '3',
      user_info: { id: 3, name: 'Bob' },
    });
    expect(bob.socket.frames.some((frame) => frame.event === 'pusher_internal:member_added')).toBe(false);

    // Bob's second connection is the same member: no member_added, and no member_removed until both leave.
    const bobAgain = await joinPresence(channel, 3, 'Bob');
    expect(frameData(bobAgain.succeeded)).toMatchObject({ presence: { count: 2 } });
    bob.socket.send({ event: 'pusher:unsubscribe', data: { channel } });
    await roundTrip(bob.socket);
    await roundTrip(alice.socket);
    expect(alice.socket.frames.some((frame) => frame.event === 'pusher_internal:member_removed')).toBe(false);
    bobAgain.socket.close();
    const removed = await alice.socket.next('pusher_internal:member_removed', channel);
    expect(frameData(removed)).toEqual({ user_id: '3' });
    expect(alice.socket.frames.filter((frame) => frame.event.startsWith('pusher_internal:member'))).toEqual(
      [],
    );
  });

  it('refuses presence without channel_data or with channel_data other than what was signed', async () => {
    const { socket, socketId } = await open();
    const auth = sdk.authorizeChannel(socketId, 'presence-Company.8', {
      user_id: '2',
      user_info: { name: 'Alice' },
    });
    socket.send({ event: 'pusher:subscribe', data: { auth: auth.auth, channel: 'presence-Company.8' } });
    await socket.next('pusher:subscription_error', 'presence-Company.8');
    const forged = JSON.stringify({ user_id: '1', user_info: { name: 'Admin' } });
    socket.send({
      event: 'pusher:subscribe',
      data: { auth: auth.auth, channel_data: forged, channel: 'presence-Company.8' },
    });
    await socket.next('pusher:subscription_error', 'presence-Company.8');
  });
});

describe('client events', () => {
  it('relays a client event on a private channel to the other subscribers, not back to the sender', async () => {
    const sender = await open();
    const receiver = await open();
    for (const { socket, socketId } of [sender, receiver]) {
      await subscribe(socket, 'private-chat', { auth: sdk.authorizeChannel(socketId, 'private-chat').auth });
    }
    sender.socket.send({ event: 'client-typing', channel: 'private-chat', data: { name: 'Bob' } });
    expect(await receiver.socket.next('client-typing', 'private-chat')).toEqual({
      event: 'client-typing',
      channel: 'private-chat',
      data: { name: 'Bob' },
    });
    await roundTrip(sender.socket);
    expect(sender.socket.frames.some((frame) => frame.event === 'client-typing')).toBe(false);
  });

  it('adds the sender user_id on presence channels', async () => {
    const alice = await joinPresence('presence-Company.9', 2, 'Alice');
    const bob = await joinPresence('presence-Company.9', 3, 'Bob');
    bob.socket.send({ event: 'client-typing', channel: 'presence-Company.9', data: { typing: true } });
    expect(await alice.socket.next('client-typing', 'presence-Company.9')).toEqual({
      event: 'client-typing',
      channel: 'presence-Company.9',
      data: { typing: true },
      user_id: '3',
    });
  });

  it('rejects client events on public channels (4301) and from non-subscribers (4009)', async () => {
    const { socket } = await open();
    await subscribe(socket, 'public-chat');
    socket.send({ event: 'client-x', channel: 'public-chat', data: {} });
    expect(frameData(await socket.next('pusher:error')).code).toBe(4301);
    socket.send({ event: 'client-x', channel: 'private-not-mine', data: {} });
    expect(frameData(await socket.next('pusher:error')).code).toBe(4009);
  });

  it('rate-limits client events to 10 per second per connection (4301)', async () => {
    const sender = await open();
    const receiver = await open();
    for (const { socket, socketId } of [sender, receiver]) {
      await subscribe(socket, 'private-burst', {
        auth: sdk.authorizeChannel(socketId, 'private-burst').auth,
      });
    }
    for (let index = 0; index < 11; index += 1) {
      sender.socket.send({ event: 'client-burst', channel: 'private-burst', data: { index } });
    }
    expect(frameData(await sender.socket.next('pusher:error'))).toEqual({
      code: 4301,
      message: expect.stringMatching(/rate limit/),
    });
    await roundTrip(receiver.socket);
    expect(receiver.socket.frames.filter((frame) => frame.event === 'client-burst')).toHaveLength(10);
  });
});

describe('shutdown', () => {
  it('asks connected clients to reconnect (4200) and closes without waiting for them', async () => {
    const own = await startTestServer();
    const socket = RawSocket.forApp(own);
    await socket.established();
    const closing = own.close();
    expect(frameData(await socket.next('pusher:error')).code).toBe(4200);
    expect((await socket.closed).code).toBe(4200);
    // Closing ends although the client never says goodbye on its own (bounded by the test's timeout, not a
    // figure of our own that a busy machine could exceed).
    await closing;
  });
});
