/**
 * The Pusher HTTP events API of the built-in service, called by the official `pusher` SDK (the path every
 * server event takes) and by hand-made requests for what the SDK never sends.
 */
import PusherServer from 'pusher';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex, signRequest } from '../../server/realtime/signatures';
import { RawSocket, frameData } from './realtime-helpers';
import { startTestServer, type TestServer } from './test-server';

let server: TestServer;
let receiver: RawSocket;
let socketId: string;

const sdkFor = (overrides: Partial<{ appId: string; key: string; secret: string }> = {}) => {
  const { appId, key, secret } = server.config.pusher;
  return new PusherServer({ appId, key, secret, host: '127.0.0.1', port: String(server.port), ...overrides });
};

/** Subscribes the receiving socket to a public channel. */
async function listenOn(channel: string) {
  receiver.send({ event: 'pusher:subscribe', data: { auth: '', channel } });
  await receiver.next('pusher_internal:subscription_succeeded', channel);
}

/** A request signed like the SDK signs it, with every part overridable. */
function signedPost(
  path: string,
  body: string,
  options: { timestamp?: number; key?: string; secret?: string; bodyMd5?: string } = {},
) {
  const { key, secret } = server.config.pusher;
  const params = new Map([
    ['auth_key', options.key ?? key],
    ['auth_timestamp', String(options.timestamp ?? Math.floor(Date.now() / 1000))],
    ['auth_version', '1.0'],
    ['body_md5', options.bodyMd5 ?? md5Hex(body)],
  ]);
  params.set('auth_signature', signRequest(options.secret ?? secret, 'POST', path, params));
  return fetch(`http://127.0.0.1:${server.port}${path}?${new URLSearchParams([...params])}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body,
  });
}

const eventsPath = () => `/apps/${server.config.pusher.appId}/events`;
const event = (fields: Record<string, unknown> = {}) =>
  JSON.stringify({ name: 'tested', data: '{"ok":true}', channels: ['api-tests'], ...fields });

beforeAll(async () => {
  server = await startTestServer();
  receiver = RawSocket.forApp(server);
  socketId = (await receiver.established()).socket_id;
  await listenOn('api-tests');
});
afterAll(async () => {
  receiver?.close();
  await server?.close();
});

describe('POST /apps/{appId}/events through the pusher SDK', () => {
  it('delivers the event to the channel subscribers and answers 200 {}', async () => {
    const response = await sdkFor().trigger(['api-tests', 'nobody-listens'], 'App\\Events\\Tested', {
      id: 5,
      name: 'five',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({});
    const frame = await receiver.next('App\\Events\\Tested', 'api-tests');
    expect(frameData(frame)).toEqual({ id: 5, name: 'five' });
  });

  it('leaves out the connection named by socket_id (Laravel toOthers)', async () => {
    const other = RawSocket.forApp(server);
    await other.established();
    other.send({ event: 'pusher:subscribe', data: { auth: '', channel: 'api-tests' } });
    await other.next('pusher_internal:subscription_succeeded', 'api-tests');
    await sdkFor().trigger('api-tests', 'not-for-me', { n: 1 }, { socket_id: socketId });
    expect(await other.next('not-for-me', 'api-tests')).toEqual({
      event: 'not-for-me',
      channel: 'api-tests',
      data: '{"n":1}',
    });
    await sdkFor().trigger('api-tests', 'marker', {});
    expect(await receiver.next('marker', 'api-tests')).toEqual({
      event: 'marker',
      channel: 'api-tests',
      data: '{}',
    });
    expect(receiver.frames.some((frame) => frame.event === 'not-for-me')).toBe(false);
    other.close();
  });

  it('answers channel attributes when info is asked (user_count on presence channels only)', async () => {
    await listenOn('api-info');
    const presence = sdkFor().authorizeChannel(socketId, 'presence-api-info', {
      user_id: '4',
      user_info: {},
    });
    receiver.send({
      event: 'pusher:subscribe',
      data: { channel: 'presence-api-info', auth: presence.auth, channel_data: presence.channel_data },
    });
    await receiver.next('pusher_internal:subscription_succeeded', 'presence-api-info');
    const response = await sdkFor().trigger(
      ['api-info', 'presence-api-info', 'api-empty'],
      'counted',
      {},
      {
        info: 'subscription_count,user_count',
      },
    );
    expect(await response.json()).toEqual({
      channels: {
        'api-info': { subscription_count: 1 },
        'presence-api-info': { subscription_count: 1, user_count: 1 },
        'api-empty': { subscription_count: 0 },
      },
    });
  });

  it('refuses a wrong secret (401) and an unknown app id (404), delivering nothing', async () => {
    await expect(
      sdkFor({ secret: 'not-the-secret' }).trigger('api-tests', 'forged', {}),
    ).rejects.toMatchObject({
      status: 401,
    });
    await expect(sdkFor({ key: 'not-the-key' }).trigger('api-tests', 'forged', {})).rejects.toMatchObject({
      status: 401,
    });
    await expect(sdkFor({ appId: 'other-app' }).trigger('api-tests', 'forged', {})).rejects.toMatchObject({
      status: 404,
    });
    await sdkFor().trigger('api-tests', 'marker-after-forged', {});
    await receiver.next('marker-after-forged', 'api-tests');
    expect(receiver.frames.some((frame) => frame.event === 'forged')).toBe(false);
  });
});

describe('POST /apps/{appId}/batch_events through the pusher SDK', () => {
  it('delivers every event of the batch and answers one entry per event', async () => {
    await listenOn('api-tests-2');
    const response = await sdkFor().triggerBatch([
      { channel: 'api-tests', name: 'first', data: { n: 1 } },
      { channel: 'api-tests-2', name: 'second', data: { n: 2 } },
    ]);
    expect(await response.json()).toEqual({ batch: [{}, {}] });
    expect(frameData(await receiver.next('first', 'api-tests'))).toEqual({ n: 1 });
    expect(frameData(await receiver.next('second', 'api-tests-2'))).toEqual({ n: 2 });
  });

  it('refuses a batch of more than 10 events with 400', async () => {
    const batch = Array.from({ length: 11 }, (_, index) => ({
      channel: 'api-tests',
      name: `b${index}`,
      data: {},
    }));
    await expect(sdkFor().triggerBatch(batch)).rejects.toMatchObject({ status: 400 });
  });
});

describe('request verification', () => {
  it('accepts a correctly signed hand-made request', async () => {
    const response = await signedPost(eventsPath(), event({ name: 'hand-made' }));
    expect(response.status).toBe(200);
    expect(frameData(await receiver.next('hand-made', 'api-tests'))).toEqual({ ok: true });
  });

  it('refuses a body that is not the one signed, and a body_md5 that is not of the body (401)', async () => {
    const signedBody = event({ name: 'signed' });
    const { key, secret } = server.config.pusher;
    const params = new Map([
      ['auth_key', key],
      ['auth_timestamp', String(Math.floor(Date.now() / 1000))],
      ['auth_version', '1.0'],
      ['body_md5', md5Hex(signedBody)],
    ]);
    params.set('auth_signature', signRequest(secret, 'POST', eventsPath(), params));
    const tampered = await fetch(
      `http://127.0.0.1:${server.port}${eventsPath()}?${new URLSearchParams([...params])}`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: event({ name: 'tampered' }),
      },
    );
    expect(tampered.status).toBe(401);

    const wrongMd5 = await signedPost(eventsPath(), event(), { bodyMd5: md5Hex('something else') });
    expect(wrongMd5.status).toBe(401);
  });

  it('refuses a timestamp more than 10 minutes away (401)', async () => {
    const old = await signedPost(eventsPath(), event(), { timestamp: Math.floor(Date.now() / 1000) - 601 });
    expect(old.status).toBe(401);
    const recent = await signedPost(eventsPath(), event({ name: 'recent' }), {
      timestamp: Math.floor(Date.now() / 1000) - 300,
    });
    expect(recent.status).toBe(200);
  });

  it('refuses a signature made with another secret or key (401)', async () => {
    expect((await signedPost(eventsPath(), event(), { secret: 'guess' })).status).toBe(401);
    expect((await signedPost(eventsPath(), event(), { key: 'guess' })).status).toBe(401);
  });

  it('answers 400 for malformed events', async () => {
    const malformed = [
      'not json',
      '[]',
      JSON.stringify({ data: '{}', channels: ['api-tests'] }),
      event({ data: { not: 'a string' } }),
      event({ channels: [] }),
      event({ channels: Array.from({ length: 101 }, (_, index) => `c${index}`) }),
      event({ channels: ['bad channel'] }),
      event({ socket_id: 'abc' }),
      event({ name: 'x'.repeat(201) }),
    ];
    for (const body of malformed) {
      const response = await signedPost(eventsPath(), body);
      expect({ body: body.slice(0, 60), status: response.status }).toEqual({
        body: body.slice(0, 60),
        status: 400,
      });
    }
  });

  it('answers 413 for event data over 100 KB and for a body over 1 MB', async () => {
    const bigData = await signedPost(eventsPath(), event({ data: JSON.stringify('x'.repeat(101 * 1024)) }));
    expect(bigData.status).toBe(413);
    const bigBody = await signedPost(eventsPath(), event({ padding: 'x'.repeat(1024 * 1024) }));
    expect(bigBody.status).toBe(413);
  });
});
