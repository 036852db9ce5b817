/**
 * Publishes server events through the official `pusher` SDK (the Pusher HTTP events API), so the same code
 * talks to the built-in push service or to Soketi, Laravel Reverb or Pusher Channels by configuration.
 */
import Pusher from 'pusher';
import type { ServerConfig } from '../config';

export interface Broadcaster {
  /** Sends `event` (e.g. `App\Events\UserNotificationUpdated`) with `data` to the channels. */
  publish(channels: string[], event: string, data: unknown, options?: { socketId?: string }): Promise<void>;
}

/** Laravel names events by class: Echo's `.listen('UserNotificationUpdated')` expects this full name. */
export const laravelEvent = (name: string) => `App\\Events\\${name}`;

/** Channel names of spec 1 §7 and spec 2 §7 (wire names, with the `private-` prefix). */
export const channels = {
  user: (companyId: number, userId: number) => `private-Company.${companyId}.User.${userId}`,
  company: (companyId: number) => `private-Company.${companyId}`,
};

/**
 * `localPort` gives the port of the built-in service once the server listens (tests listen on port 0).
 */
export function pusherBroadcaster(config: ServerConfig, localPort: () => number): Broadcaster {
  let client: Pusher | null = null;
  const pusher = () =>
    (client ??= new Pusher({
      appId: config.pusher.appId,
      key: config.pusher.key,
      secret: config.pusher.secret,
      host: config.pusher.host ?? '127.0.0.1',
      port: String(config.pusher.port ?? localPort()),
      useTLS: config.pusher.useTLS,
      cluster: config.pusher.cluster,
    }));
  return {
    async publish(channelNames, event, data, options) {
      if (!channelNames.length) return;
      await pusher().trigger(channelNames, event, data, options?.socketId ? { socket_id: options.socketId } : undefined);
    },
  };
}
