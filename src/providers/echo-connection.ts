/**
 * The realtime connection (spec 1 §7): laravel-echo over pusher-js, websocket transport only, no statistics,
 * private channels authorised at `{tenant API origin}/broadcasting/auth` with the bearer token. One Echo per
 * session: rebuilt when the token changes, disconnected on logout.
 */
import Echo from 'laravel-echo';
import Pusher from 'pusher-js';
import { deployment, type Deployment } from '@/lib/runtime-config';

/** The part of an Echo private channel the live provider uses. */
export interface EchoChannel {
  listen(event: string, callback: (data: unknown) => void): unknown;
  stopListening(event: string, callback?: (data: unknown) => void): unknown;
}

export interface EchoClient {
  private(channel: string): EchoChannel;
  disconnect(): void;
}

export type EchoFactory = (token: string) => EchoClient;

/** `{tenant API origin}/broadcasting/auth`: the tenant API URL without its `/api/v2` suffix. */
export function broadcastingAuthUrl(target: Deployment = deployment): string {
  const company = target.host.company;
  const api = company ? target.tenantApiUrl(company) : target.publicApiUrl;
  return `${api.replace(/\/api\/v2\/?$/, '')}/broadcasting/auth`;
}

export function createEcho(token: string, target: Deployment = deployment): EchoClient {
  const { pusher } = target.config;
  const secure = pusher.forceTLS || window.location.protocol === 'https:';
  const pagePort = Number(window.location.port) || (secure ? 443 : 80);
  const port = pusher.port ?? pagePort;
  return new Echo({
    broadcaster: 'pusher',
    Pusher,
    key: pusher.key,
    cluster: pusher.cluster,
    // The built-in push service runs on the page's own host and port.
    wsHost: pusher.host ?? window.location.hostname,
    wsPort: port,
    wssPort: port,
    forceTLS: pusher.forceTLS,
    enabledTransports: ['ws', 'wss'],
    enableStats: false,
    authEndpoint: broadcastingAuthUrl(target),
    // A fresh object per instance: Echo would otherwise share one headers object between instances.
    auth: { headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' } },
  }) as unknown as EchoClient;
}

export interface EchoConnection {
  /** The Echo of this token, building it (and closing the previous one) when the token changed. */
  forToken(token: string): EchoClient;
  close(): void;
}

export function createEchoConnection(factory: EchoFactory = createEcho): EchoConnection {
  let current: { token: string; echo: EchoClient } | null = null;
  const close = () => {
    current?.echo.disconnect();
    current = null;
  };
  return {
    forToken(token) {
      if (current?.token !== token) {
        close();
        current = { token, echo: factory(token) };
      }
      return current.echo;
    },
    close,
  };
}
