/**
 * Publishing server events from a request handler: call after the transaction has committed. A push-service
 * failure is logged and never fails the request (the data is already saved; clients refetch on their own).
 */
import type { FastifyRequest } from 'fastify';
import { laravelEvent } from './broadcaster';

/** Who publishes: a request, or background work of the app itself (`{ server: app, log: app.log }`). */
export type BroadcastSource = Pick<FastifyRequest, 'server' | 'log'>;

/** Publishes `App\Events\{event}` with `payload` on the channels (wire names, e.g. `private-Company.1.User.2`). */
export async function broadcast(
  request: BroadcastSource,
  channels: string[],
  event: string,
  payload: unknown,
): Promise<void> {
  try {
    await request.server.ctx.broadcaster.publish(channels, laravelEvent(event), payload);
  } catch (error) {
    request.log.error({ err: error, event, channels }, `Broadcasting ${event} failed`);
  }
}
