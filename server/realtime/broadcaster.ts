/**
 * Publishes server events through the official `pusher` SDK (the Pusher HTTP events API), so the same code
 * talks to the built-in push service or to Soketi, Laravel Reverb or Pusher Channels by configuration.
 */
import Pusher from 'pusher';
import type { ServerConfig } from '../config';
import { companyChannel, privateChannel, processingChannel, userChannel } from '../../shared/channels';
import { wireEventName } from '../../shared/events';

export interface Broadcaster {
  /** Sends `event` (e.g. `App\Events\UserNotificationUpdated`) with `data` to the channels. */
  publish(channels: string[], event: string, data: unknown, options?: { socketId?: string }): Promise<void>;
}

/** Laravel names events by class: Echo's `.listen('UserNotificationUpdated')` expects this full name. */
export const laravelEvent = wireEventName;

/** Channel names of spec 1 §7 and spec 2 §7 (wire names, with the `private-`/`presence-` prefix). */
export const channels = {
  user: (companyId: number, userId: number) => privateChannel(userChannel(companyId, userId)),
  company: (companyId: number) => `private-${companyChannel(companyId)}`,
  companyPresence: (companyId: number) => `presence-${companyChannel(companyId)}`,
  /** Processing of the company's project models: GeometryEventsUpdated, RefreshProcessorIndex. */
  projectModels: (companyId: number) => `private-${processingChannel(companyId, 'ProjectModel')}`,
  /** Processing of the company's library items. */
  libraryItems: (companyId: number) => `private-${processingChannel(companyId, 'LibraryItem')}`,
};

const MAX_CHANNELS_PER_TRIGGER = 100;

/**
 * `localPort` gives the port of the built-in service once the server listens (tests listen on port 0).
 */
export function pusherBroadcaster(config: ServerConfig, localPort: () => number): Broadcaster {
  let client: Pusher | null = null;
  // An external service without PUSHER_PORT uses the scheme's default port; the built-in one is this server.
  const port = () => (config.pusher.host ? config.pusher.port : localPort());
  const pusher = () =>
    (client ??= new Pusher({
      appId: config.pusher.appId,
      key: config.pusher.key,
      secret: config.pusher.secret,
      host: config.pusher.host ?? '127.0.0.1',
      port: port()?.toString(),
      useTLS: config.pusher.useTLS,
      cluster: config.pusher.cluster,
    }));
  return {
    async publish(channelNames, event, data, options) {
      const params = options?.socketId ? { socket_id: options.socketId } : undefined;
      // The HTTP API takes at most 100 channels per event.
      for (let start = 0; start < channelNames.length; start += MAX_CHANNELS_PER_TRIGGER) {
        await pusher().trigger(
          channelNames.slice(start, start + MAX_CHANNELS_PER_TRIGGER),
          event,
          data,
          params,
        );
      }
    },
  };
}
