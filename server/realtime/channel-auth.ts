/**
 * `POST /broadcasting/auth` (alias `/api/v2/broadcasting/auth`) on a tenant host: signs a private or presence
 * subscription for pusher-js / laravel-echo with the push app's secret. The bearer token and the host's
 * company decide, through the channel policy, which channels are granted.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { authenticate } from '../auth/session';
import { forbidden } from '../errors/http-errors';
import { guard, guarded } from '../http/guarded-route';
import { fileUrl } from '../http/stored-files';
import { channelGrant } from './channel-policy';
import { SOCKET_ID_PATTERN } from './protocol';
import { pushAppOf, signChannel } from './signatures';

export const CHANNEL_AUTH_PATHS = ['/broadcasting/auth', '/api/v2/broadcasting/auth'];

const ChannelAuthRequest = Type.Object({
  socket_id: Type.String({
    pattern: SOCKET_ID_PATTERN.source,
    description: 'The socket id of the connection',
  }),
  channel_name: Type.String({
    minLength: 1,
    maxLength: 200,
    description: 'Full name, e.g. private-Company.1.User.2',
  }),
});

const ChannelAuthResponse = Type.Object({
  auth: Type.String({ description: '{app key}:{HMAC-SHA256 hex}' }),
  channel_data: Type.Optional(Type.String({ description: 'Presence channels: JSON {user_id, user_info}' })),
});

const MessageResponse = Type.Object({ message: Type.String() });

export async function channelAuthRoutes(server: FastifyInstance): Promise<void> {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const pushApp = pushAppOf(app.ctx.config.pusher);
  for (const path of CHANNEL_AUTH_PATHS) {
    app.post(
      path,
      // The token is checked before the body, so a client without a session learns 401 first.
      guarded(
        guard.signedIn,
        {
          tags: ['realtime'],
          summary: 'Authorise a private or presence channel subscription (form-urlencoded or JSON)',
          body: ChannelAuthRequest,
          response: { 200: ChannelAuthResponse, 401: MessageResponse, 403: MessageResponse },
        },
        { activity: false },
      ),
      async (request) => {
        const session = await authenticate(request);
        const { socket_id: socketId, channel_name: channelName } = request.body;
        const grant = channelGrant(session, channelName, (key) => fileUrl(request, key));
        if (!grant) throw forbidden();
        if (!grant.member) return { auth: signChannel(pushApp, socketId, channelName) };
        const channelData = JSON.stringify(grant.member);
        return { auth: signChannel(pushApp, socketId, channelName, channelData), channel_data: channelData };
      },
    );
  }
}
