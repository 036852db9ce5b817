/**
 * The Echo client itself: laravel-echo over pusher-js, websocket transport only, no statistics, private channels
 * authorised with the bearer token. Loaded on demand by `echo-connection.ts` when the first live subscription is
 * made, so the sign-in page and the first paint of a signed-in page do not carry the websocket client.
 */
import Echo from 'laravel-echo';
import Pusher from 'pusher-js';
import type { Deployment } from '@/lib/runtime-config';
import { broadcastingAuthUrl, type EchoClient } from './echo-client';

export function connectEcho(token: string, target: Deployment): EchoClient {
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
