/**
 * Realtime test tooling: bearer tokens for demo users, the real pusher-js (Node build) and laravel-echo clients
 * pointed at a test server, a raw websocket client for protocol-level checks, and name resolution for
 * `*.portal.localhost` so the clients' own HTTP requests reach the tenant host.
 */
import dns from 'node:dns';
import Echo from 'laravel-echo';
import PusherClient from 'pusher-js';
import { onTestFailed } from 'vitest';
import WebSocket from 'ws';
import { issueToken as issueSessionToken } from '../../server/auth/session';
import type { RunningServer } from '../../server/server';
import { TEST_DOMAIN } from './test-server';

interface ServerAddress {
  port: number;
  config: RunningServer['config'];
}

/**
 * Resolves `localhost` and every `*.localhost` name to 127.0.0.1 in this process, as browsers do (RFC 6761).
 * pusher-js's Node XHR derives the Host header from the auth endpoint URL and refuses a Host header of our
 * own, so the endpoint must be the real tenant URL (`http://acme.portal.localhost:{port}/broadcasting/auth`);
 * the system resolver does not always know these names. Other names resolve as before.
 */
let localhostNamesResolved = false;

export function resolveLocalhostNames(): void {
  if (localhostNamesResolved) return;
  localhostNamesResolved = true;
  type Callback = (
    error: NodeJS.ErrnoException | null,
    address: string | dns.LookupAddress[],
    family?: number,
  ) => void;
  const systemLookup = dns.lookup as (
    hostname: string,
    options: dns.LookupOptions,
    callback: Callback,
  ) => void;
  const lookup = (hostname: string, options: dns.LookupOptions | number | Callback, callback?: Callback) => {
    const done = (typeof options === 'function' ? options : callback)!;
    const settings: dns.LookupOptions =
      typeof options === 'object' ? options : { family: typeof options === 'number' ? options : 0 };
    if (!/(^|\.)localhost\.?$/i.test(hostname)) return systemLookup(hostname, settings, done);
    process.nextTick(() =>
      settings.all ? done(null, [{ address: '127.0.0.1', family: 4 }]) : done(null, '127.0.0.1', 4),
    );
  };
  Object.assign(dns, { lookup });
}

/** Issues a bearer token for a demo user, as login would. */
export async function issueToken(server: RunningServer, username: string): Promise<string> {
  const user = await server.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  const { token } = await issueSessionToken(server.db, user.id, null, new Date(Date.now() + 3600_000));
  return token;
}

export async function idsOf(server: RunningServer) {
  const users = await server.db.selectFrom('users').select(['id', 'username']).execute();
  const companies = await server.db.selectFrom('companies').select(['id', 'sub_domain']).execute();
  const userId = (username: string) => users.find((user) => user.username === username)!.id;
  const companyId = (subDomain: string) => companies.find((company) => company.sub_domain === subDomain)!.id;
  return { userId, companyId };
}

/**
 * The origin of a host of the test server: `http://{subdomain}.portal.localhost:{port}`, or the public host for
 * null. Requests must go to these names (after resolveLocalhostNames) because fetch ignores a Host header.
 */
export const hostOrigin = (server: ServerAddress, subdomain: string | null) =>
  `http://${subdomain ? `${subdomain}.` : ''}${TEST_DOMAIN}:${server.port}`;

/** pusher-js options for the built-in service of a test server (websocket transport only, as the portal). */
function clientOptions(server: ServerAddress) {
  return {
    cluster: 'mt1',
    wsHost: '127.0.0.1',
    wsPort: server.port,
    forceTLS: false,
    enabledTransports: ['ws' as const],
  };
}

/** A plain pusher-js client (public channels). */
export function connectPusher(server: ServerAddress): PusherClient {
  return new PusherClient(server.config.pusher.key, clientOptions(server));
}

/**
 * A laravel-echo client as the portal builds it: bearer token, auth endpoint on the tenant API host, and a fresh
 * `auth.headers` object per instance (Echo otherwise shares one between instances).
 */
export function connectEcho(
  server: ServerAddress,
  options: { token: string; subdomain: string; authServer?: ServerAddress },
): Echo<'pusher'> {
  return new Echo({
    broadcaster: 'pusher',
    key: server.config.pusher.key,
    ...clientOptions(server),
    authEndpoint: `${hostOrigin(options.authServer ?? server, options.subdomain)}/broadcasting/auth`,
    auth: { headers: { Accept: 'application/json' } },
    bearerToken: options.token,
    Pusher: PusherClient,
  });
}

/**
 * Resolves with the first value passed to `register`'s callback. It sets no time limit of its own (a busy machine
 * only makes the wait longer): a test that never gets what it waits for ends at the test time limit, and then names
 * what it was still waiting for.
 */
export function waitFor<T>(what: string, register: (resolve: (value: T) => void) => void): Promise<T> {
  let settled = false;
  nameWhenUnanswered(what, () => settled);
  return new Promise<T>((resolve) => {
    register((value) => {
      settled = true;
      resolve(value);
    });
  });
}

/** Adds "still waiting for …" to the errors of the running test when it fails before the wait ended. */
function nameWhenUnanswered(what: string, settled: () => boolean): void {
  try {
    onTestFailed(({ task }) => {
      if (!settled()) task.result?.errors?.push({ name: 'Unanswered', message: `Still waiting for ${what}` });
    });
  } catch {
    // Outside a test (a hook): the hook's own failure says enough.
  }
}

/**
 * A user's Echo client listening for `event` on the company's private channel (subscribed before it resolves): the
 * events in the order they arrived, `arrived(count)` resolving once that many have, and `disconnect`.
 */
export async function companyEvents(
  server: ServerAddress,
  options: { token: string; subdomain: string; companyId: number; event: string },
): Promise<{ events: unknown[]; arrived: (count: number) => Promise<void>; disconnect: () => void }> {
  const echo = connectEcho(server, options);
  const events: unknown[] = [];
  let check: () => void = () => undefined;
  try {
    const channel = echo.private(`Company.${options.companyId}`);
    await waitFor('subscription', (resolve) => channel.subscribed(resolve));
    channel.listen(options.event, (event: unknown) => {
      events.push(event);
      check();
    });
  } catch (error) {
    echo.disconnect();
    throw error;
  }
  const arrived = (count: number) =>
    waitFor<void>(`${options.event} ${count}`, (resolve) => {
      check = () => {
        if (events.length >= count) resolve();
      };
      check();
    });
  return { events, arrived, disconnect: () => echo.disconnect() };
}

/** The HTTP status with which the server answers a websocket upgrade it does not accept. */
export function refusedUpgradeStatus(url: string): Promise<number> {
  const socket = new WebSocket(url);
  return waitFor<number>('upgrade response', (resolve) =>
    socket.on('unexpected-response', (request, response) => {
      request.destroy();
      resolve(response.statusCode ?? 0);
    }),
  );
}

/** Resolves once a pusher-js client is connected. */
export const connected = (client: PusherClient) =>
  waitFor<void>('connection', (resolve) => {
    if (client.connection.state === 'connected') resolve();
    else client.connection.bind('connected', () => resolve());
  });

export interface RawFrame {
  event: string;
  channel?: string;
  data?: unknown;
  user_id?: string;
}

/** A bare websocket speaking the protocol frame by frame, for what the real clients hide. */
export class RawSocket {
  readonly frames: RawFrame[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private readonly waiting: { match: (frame: RawFrame) => boolean; resolve: (frame: RawFrame) => void }[] =
    [];
  private readonly socket: WebSocket;

  constructor(port: number, path: string) {
    this.socket = new WebSocket(`ws://127.0.0.1:${port}${path}`);
    this.socket.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as RawFrame;
      this.frames.push(frame);
      const waiter = this.waiting.find((entry) => entry.match(frame));
      if (waiter) {
        this.waiting.splice(this.waiting.indexOf(waiter), 1);
        waiter.resolve(frame);
      }
    });
    this.closed = new Promise((resolve) =>
      this.socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
  }

  static forApp(
    server: ServerAddress,
    key = server.config.pusher.key,
    query = 'protocol=7&client=js&version=8.6.0&flash=false',
  ) {
    return new RawSocket(server.port, `/app/${key}?${query}`);
  }

  /** The next frame with this event (and channel), including one that already arrived and was not taken. */
  next(event: string, channel?: string): Promise<RawFrame> {
    const match = (frame: RawFrame) =>
      frame.event === event && (channel === undefined || frame.channel === channel);
    const index = this.frames.findIndex(match);
    if (index !== -1) return Promise.resolve(this.frames.splice(index, 1)[0]);
    return waitFor(`${event} ${channel ?? ''}`, (resolve) =>
      this.waiting.push({
        match,
        resolve: (frame) => {
          this.frames.splice(this.frames.indexOf(frame), 1);
          resolve(frame);
        },
      }),
    );
  }

  /** The socket id from `pusher:connection_established`. */
  async established(): Promise<{ socket_id: string; activity_timeout: number }> {
    const frame = await this.next('pusher:connection_established');
    return JSON.parse(frame.data as string);
  }

  send(frame: RawFrame | string): void {
    this.socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  close(): void {
    this.socket.close();
  }
}

/** JSON data of a server frame (double-encoded on the wire). */
export const frameData = (frame: RawFrame) => JSON.parse(frame.data as string) as Record<string, unknown>;
