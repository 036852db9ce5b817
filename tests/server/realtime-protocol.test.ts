/**
 * The built-in push service frame by frame (Pusher protocol 7): handshake, errors and close codes,
 * subscriptions and their signatures (checked against the official `pusher` SDK), presence, client events,
 * ping/pong and the activity timeout (on servers of their own with a short activity timeout), and shutdown. Nothing
 * waits for a time: a test waits for the frame it expects, and an event that must not come is checked against a
 * later frame on the same socket (a ping answered), which the server sends after it.
 */
import PusherServer from 'pusher';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import {
  RawSocket,
  connectPusher,
  connected,
  frameData,
  refusedUpgradeStatus,
  waitFor,
} from './realtime-helpers';
import { startTestServer, type TestServer } from './test-server';

/** The service's defaults (seconds): no connection of these tests is pinged or closed for silence. */
const { activityTimeout: ACTIVITY_TIMEOUT } = loadConfig({}).pusher;

let server: TestServer;
let sdk: PusherServer;
const sockets: RawSocket[] = [];

beforeAll(async () => {
  const { pusher } = loadConfig({});
  server = await startTestServer();
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
async function open(on: TestServer = server): Promise<{ socket: RawSocket; socketId: string }> {
  const socket = RawSocket.forApp(on);
  sockets.push(socket);
  const { socket_id: socketId } = await socket.established();
  return { socket, socketId };
}

async function subscribe(socket: RawSocket, channel: string, extra: Record<string, string> = {}) {
  socket.send({ event: 'pusher:subscribe', data: { auth: '', channel, ...extra } });
  return socket.next('pusher_internal:subscription_succeeded', channel);
}

/**
 * A ping answered: every frame sent before it on this socket has been handled by the server, and every frame the
 * server sent this socket before has arrived.
 */
async function roundTrip(socket: RawSocket) {
  socket.send({ event: 'pusher:ping', data: {} });
  expect(await socket.next('pusher:pong')).toEqual({ event: 'pusher:pong', data: '{}' });
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
    expect(frameData(await socket.next('pusher:error'))).toEqual({
      code: null,
      message: 'Invalid message: expected a JSON object with an event.',
    });
    await roundTrip(socket);
    expect(socket.frames).toEqual([]);
  });
});

describe('ping, pong and the activity timeout', () => {
  /** Seconds: short, so a silent connection is pinged at once; what the tests wait for is the ping itself. */
  const SHORT_ACTIVITY = 0.1;
  /**
   * Seconds. On `patient` a pong may take far longer than any test (a busy machine only delays it); on `strict` a
   * connection that does not answer is closed as soon as the service looks again.
   */
  const LONG_PONG = 600;
  const SHORT_PONG = 0.1;
  let patient: TestServer;
  let strict: TestServer;

  beforeAll(async () => {
    const { pusher } = loadConfig({});
    [patient, strict] = await Promise.all([
      startTestServer({ pusher: { ...pusher, activityTimeout: SHORT_ACTIVITY, pongTimeout: LONG_PONG } }),
      startTestServer({ pusher: { ...pusher, activityTimeout: SHORT_ACTIVITY, pongTimeout: SHORT_PONG } }),
    ]);
  });
  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    await Promise.all([patient?.close(), strict?.close()]);
  });

  const PING = { event: 'pusher:ping', data: '{}' };

  it('answers pusher:ping with pusher:pong', async () => {
    const { socket } = await open();
    socket.send({ event: 'pusher:ping', data: {} });
    expect(await socket.next('pusher:pong')).toEqual({ event: 'pusher:pong', data: '{}' });
  });

  it('tells the client its activity timeout in the handshake', async () => {
    const socket = RawSocket.forApp(patient);
    sockets.push(socket);
    expect(await socket.established()).toEqual({
      socket_id: expect.any(String),
      activity_timeout: SHORT_ACTIVITY,
    });
  });

  it('pings a silent client after the activity timeout and keeps it when it answers', async () => {
    const { socket } = await open(patient);
    expect(await socket.next('pusher:ping')).toEqual(PING);
    socket.send({ event: 'pusher:pong', data: {} });
    // Pinged again once silent again: the answer was taken and the connection kept.
    expect(await socket.next('pusher:ping')).toEqual(PING);
    socket.send({ event: 'pusher:pong', data: {} });
    await roundTrip(socket);
    expect(socket.frames.filter((frame) => frame.event !== 'pusher:ping')).toEqual([]);
  });

  it('closes with 4201 when the pong does not come within the pong timeout', async () => {
    const { socket } = await open(strict);
    expect(await socket.next('pusher:ping')).toEqual(PING);
    const error = await socket.next('pusher:error');
    expect(frameData(error)).toEqual({ code: 4201, message: 'Pong reply not received in time.' });
    expect(await socket.closed).toEqual({ code: 4201, reason: 'Pong reply not received in time.' });
  });

  it('keeps a real pusher-js client connected across several activity periods', async () => {
    const client = connectPusher(patient);
    try {
      await connected(client);
      expect(client.connection.activityTimeout).toBe(SHORT_ACTIVITY * 1000);
      const socketId = client.connection.socket_id;
      const states: string[] = [];
      client.connection.bind('state_change', ({ current }: { current: string }) => states.push(current));
      // Each side pings the other after a silent activity period; pusher-js answers the service's pings and the
      // service answers pusher-js's. The keep-alive frames pusher-js receives mark the periods that went by.
      const keepAlive: string[] = [];
      await waitFor<void>('six keep-alive frames', (resolve) =>
        client.connection.bind('message', ({ event }: { event: string }) => {
          if (event === 'pusher:ping' || event === 'pusher:pong') keepAlive.push(event);
          if (keepAlive.length === 6) resolve();
        }),
      );
      expect(states).toEqual([]);
      expect(client.connection.state).toBe('connected');
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
    expect(succeeded).toEqual({
      event: 'pusher_internal:subscription_succeeded',
      channel: 'private-Company.1',
      data: '{}',
    });
  });

  it('refuses a private subscription without a valid signature with subscription_error on that channel', async () => {
    const { socket, socketId } = await open();
    const other = await open();
    const signedForOtherSocket = sdk.authorizeChannel(other.socketId, 'private-Company.1').auth;
    const signedForOtherChannel = sdk.authorizeChannel(socketId, 'private-Company.2').auth;
    for (const auth of ['', 'portal-key:00', signedForOtherSocket, signedForOtherChannel]) {
      socket.send({ event: 'pusher:subscribe', data: { auth, channel: 'private-Company.1' } });
      const error = await socket.next('pusher:subscription_error', 'private-Company.1');
      expect(frameData(error)).toEqual({
        type: 'AuthError',
        error: 'Invalid signature for channel private-Company.1.',
        status: 401,
      });
    }
    await roundTrip(socket);
    expect(socket.frames).toEqual([]);
  });

  it('accepts the subscribe payload as a JSON string too', async () => {
    const { socket } = await open();
    socket.send({ event: 'pusher:subscribe', data: JSON.stringify({ auth: '', channel: 'string-payload' }) });
    expect(await socket.next('pusher_internal:subscription_succeeded')).toEqual({
      event: 'pusher_internal:subscription_succeeded',
      channel: 'string-payload',
      data: '{}',
    });
    // Subscribed indeed: an event on the channel arrives.
    await sdk.trigger('string-payload', 'delivered', { n: 1 });
    expect(await socket.next('delivered')).toEqual({
      event: 'delivered',
      channel: 'string-payload',
      data: '{"n":1}',
    });
  });

  it('refuses an invalid channel name', async () => {
    const { socket } = await open();
    socket.send({ event: 'pusher:subscribe', data: { auth: '', channel: 'bad channel!' } });
    const error = await socket.next('pusher:subscription_error');
    expect(error).toEqual({
      event: 'pusher:subscription_error',
      channel: 'bad channel!',
      data: expect.any(String),
    });
    expect(frameData(error)).toEqual({
      type: 'InvalidChannel',
      error: 'Invalid channel name bad channel!.',
      status: 400,
    });
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
    // Bob's own join is not announced to him (his answered ping comes after anything the join sent him).
    await roundTrip(bob.socket);
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
    const refused = {
      type: 'AuthError',
      error: 'Invalid signature for channel presence-Company.8.',
      status: 401,
    };
    socket.send({ event: 'pusher:subscribe', data: { auth: auth.auth, channel: 'presence-Company.8' } });
    expect(frameData(await socket.next('pusher:subscription_error', 'presence-Company.8'))).toEqual(refused);
    const forged = JSON.stringify({ user_id: '1', user_info: { name: 'Admin' } });
    socket.send({
      event: 'pusher:subscribe',
      data: { auth: auth.auth, channel_data: forged, channel: 'presence-Company.8' },
    });
    expect(frameData(await socket.next('pusher:subscription_error', 'presence-Company.8'))).toEqual(refused);
    // Neither made it a member: nothing else came (the answered ping comes after anything sent before it).
    await roundTrip(socket);
    expect(socket.frames).toEqual([]);
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
    expect(frameData(await socket.next('pusher:error'))).toEqual({
      code: 4301,
      message: 'Client events are only supported on private and presence channels.',
    });
    socket.send({ event: 'client-x', channel: 'private-not-mine', data: {} });
    expect(frameData(await socket.next('pusher:error'))).toEqual({
      code: 4009,
      message: 'Not subscribed to channel private-not-mine.',
    });
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
    expect(receiver.socket.frames).toEqual(
      Array.from({ length: 10 }, (_, index) => ({
        event: 'client-burst',
        channel: 'private-burst',
        data: { index },
      })),
    );
  });
});

describe('shutdown', () => {
  it('asks connected clients to reconnect (4200) and closes without waiting for them', async () => {
    const own = await startTestServer();
    const socket = RawSocket.forApp(own);
    await socket.established();
    const closing = own.close();
    expect(frameData(await socket.next('pusher:error'))).toEqual({
      code: 4200,
      message: 'Server is shutting down. Please reconnect.',
    });
    expect((await socket.closed).code).toBe(4200);
    // Closing ends although the client never says goodbye on its own (bounded by the test's timeout, not a
    // figure of our own that a busy machine could exceed).
    await closing;
  });
});
