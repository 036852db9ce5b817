/**
 * The push service as a Fastify plugin: channel authorisation at /broadcasting/auth always; the built-in
 * Pusher-protocol websocket server (`/app/{key}`) and HTTP events API (`/apps/{id}/…`) only when no external
 * service (PUSHER_HOST: Soketi, Reverb, Pusher Channels) is configured.
 */
import type { FastifyInstance } from 'fastify';
import { channelAuthRoutes } from './channel-auth';
import { pusherHttpApi } from './http-api';
import { pushAppOf } from './signatures';
import { PushServer } from './websocket-server';

export async function registerRealtime(app: FastifyInstance): Promise<void> {
  await app.register(channelAuthRoutes);
  const { pusher } = app.ctx.config;
  if (pusher.host) return;

  const pushApp = pushAppOf(pusher);
  const service = new PushServer({
    app: pushApp,
    activityTimeout: pusher.activityTimeout,
    pongTimeout: pusher.pongTimeout,
  });
  app.server.on('upgrade', (request, socket, head) => {
    if (!service.handleUpgrade(request, socket, head)) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
    }
  });
  // Websockets keep the HTTP server from closing, so they are closed (4200: reconnect) before it.
  app.addHook('preClose', () => service.close());
  await app.register(pusherHttpApi, { service, pushApp });
}
