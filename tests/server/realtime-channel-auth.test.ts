/**
 * POST /broadcasting/auth: who may join which private or presence channel, and signatures that equal what the
 * official `pusher` SDK computes (so Soketi, Reverb or Pusher Channels accept them too).
 */
import PusherServer from 'pusher';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostOrigin, idsOf, issueToken, resolveLocalhostNames } from './realtime-helpers';
import { TEST_DOMAIN, startTestServer, type TestServer } from './test-server';

let server: TestServer;
let sdk: PusherServer;
let ids: Awaited<ReturnType<typeof idsOf>>;
const tokens: Record<string, string> = {};
const SOCKET_ID = '1234.5678';

/** POSTs to the auth endpoint on a host, form-urlencoded as pusher-js sends it (or JSON). */
function authorize(
  subdomain: string | null,
  channelName: string,
  options: { token?: string; json?: boolean; path?: string; socketId?: string } = {},
) {
  const fields = { socket_id: options.socketId ?? SOCKET_ID, channel_name: channelName };
  return fetch(`${hostOrigin(server, subdomain)}${options.path ?? '/broadcasting/auth'}`, {
    method: 'POST',
    headers: {
      Accept: 'application/json',
      'Content-Type': options.json ? 'application/json' : 'application/x-www-form-urlencoded',
      ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.json ? JSON.stringify(fields) : new URLSearchParams(fields).toString(),
  });
}

beforeAll(async () => {
  resolveLocalhostNames();
  server = await startTestServer();
  const { appId, key, secret, cluster } = server.config.pusher;
  sdk = new PusherServer({ appId, key, secret, cluster });
  ids = await idsOf(server);
  for (const username of ['admin', 'alice', 'bob', 'carol'])
    tokens[username] = await issueToken(server, username);
});
afterAll(() => server?.close());

const userChannel = (company: string, username: string) =>
  `private-Company.${ids.companyId(company)}.User.${ids.userId(username)}`;

describe('granted channels', () => {
  it("signs the user's own channel in the host's company exactly as the pusher SDK does", async () => {
    const channel = userChannel('acme', 'alice');
    const response = await authorize('acme', channel, { token: tokens.alice });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(sdk.authorizeChannel(SOCKET_ID, channel));
  });

  it('accepts a JSON body and the /api/v2 alias', async () => {
    const channel = userChannel('acme', 'bob');
    for (const options of [{ json: true }, { path: '/api/v2/broadcasting/auth' }]) {
      const response = await authorize('acme', channel, { token: tokens.bob, ...options });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual(sdk.authorizeChannel(SOCKET_ID, channel));
    }
  });

  it("signs the company's private channel for its members", async () => {
    const channel = `private-Company.${ids.companyId('acme')}`;
    for (const username of ['alice', 'bob']) {
      const response = await authorize('acme', channel, { token: tokens[username] });
      expect(await response.json()).toEqual(sdk.authorizeChannel(SOCKET_ID, channel));
    }
  });

  it("signs the company's ProjectModel and LibraryItem processing channels for its members", async () => {
    for (const entity of ['ProjectModel', 'LibraryItem']) {
      const channel = `private-Company.${ids.companyId('acme')}.${entity}`;
      for (const username of ['alice', 'bob']) {
        const response = await authorize('acme', channel, { token: tokens[username] });
        expect({ channel, username, status: response.status }).toEqual({ channel, username, status: 200 });
        expect(await response.json()).toEqual(sdk.authorizeChannel(SOCKET_ID, channel));
      }
    }
  });

  it("signs the company's presence channel with the user's channel_data", async () => {
    const channel = `presence-Company.${ids.companyId('acme')}`;
    const response = await authorize('acme', channel, { token: tokens.alice });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { auth: string; channel_data: string };
    const userId = ids.userId('alice');
    expect(JSON.parse(body.channel_data)).toEqual({
      user_id: userId,
      user_info: { id: userId, name: 'Alice Anders', profile_image: null },
    });
    const expected = sdk.authorizeChannel(SOCKET_ID, channel, JSON.parse(body.channel_data));
    expect(body).toEqual(expected);
  });

  it("lets a platform administrator join another company's channels on that company's host", async () => {
    const response = await authorize('globex', `private-Company.${ids.companyId('globex')}`, {
      token: tokens.admin,
    });
    expect(response.status).toBe(200);
  });
});

describe('refused channels', () => {
  it("refuses another user's channel, another company's channels and unknown channels with 403", async () => {
    const acme = ids.companyId('acme');
    const globex = ids.companyId('globex');
    const alice = ids.userId('alice');
    const refused = [
      userChannel('acme', 'bob'),
      `private-Company.${globex}.User.${alice}`,
      `private-Company.${globex}`,
      `presence-Company.${globex}`,
      `private-Company.${globex}.ProjectModel`,
      `private-Company.${globex}.LibraryItem`,
      `private-Company.${acme}.ProjectModel.Extra`,
      `presence-Company.${acme}.ProjectModel`,
      `private-Company.${acme}.User.${alice}.Extra`,
      `private-Company.0${acme}`,
      `private-encrypted-Company.${acme}`,
      `presence-Company.${acme}.User.${alice}`,
      'private-anything',
      'news',
    ];
    for (const channel of refused) {
      const response = await authorize('acme', channel, { token: tokens.alice });
      expect({ channel, status: response.status }).toEqual({ channel, status: 403 });
      expect(await response.json()).toEqual({ message: 'This action is unauthorized.' });
    }
  });

  it('answers 401 without a token, with an unknown token, to a non-member, and off a tenant host', async () => {
    const channel = userChannel('acme', 'alice');
    const cases = [
      await authorize('acme', channel),
      await authorize('acme', channel, { token: 'not-a-token' }),
      await authorize('acme', userChannel('acme', 'carol'), { token: tokens.carol }),
      await authorize('globex', userChannel('globex', 'alice'), { token: tokens.alice }),
      await authorize(null, channel, { token: tokens.alice }),
      await authorize('nope', channel, { token: tokens.alice }),
    ];
    for (const response of cases) {
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: 'Unauthenticated.' });
    }
  });

  it('answers 422 for a socket id the protocol never hands out', async () => {
    const response = await authorize('acme', userChannel('acme', 'alice'), {
      token: tokens.alice,
      socketId: 'abc',
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ errors: { socket_id: [expect.any(String)] } });
  });
});

describe('cross-origin use from the portal', () => {
  it('answers the preflight of a portal origin with the Authorization header allowed', async () => {
    const response = await fetch(`${hostOrigin(server, 'acme')}/broadcasting/auth`, {
      method: 'OPTIONS',
      headers: {
        Origin: `http://acme.${TEST_DOMAIN}:5173`,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization,content-type',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(`http://acme.${TEST_DOMAIN}:5173`);
    expect(response.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
  });

  it('gives no CORS permission to a foreign origin', async () => {
    const response = await fetch(`${hostOrigin(server, 'acme')}/broadcasting/auth`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://evil.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization',
      },
    });
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });
});
