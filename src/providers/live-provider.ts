/**
 * refine's liveProvider over Echo (contract in the issue): a `resources/<name>` channel listens on the company
 * channel `Company.{tenantId}` (or its `meta.liveChannel` sub-channel) to the events its resource names in
 * `meta.liveEvents`; `OWN_CHANNEL` is the signed-in user's own channel; any other channel is an
 * Echo private channel name whose `types` are event names. Callbacks receive `{channel, type, payload, date}`.
 * Unsubscribing removes only this subscription's listeners (`stopListening`), never the shared channel.
 */
import type { BaseKey, LiveEvent, LiveProvider } from '@refinedev/core';
import { companyChannel, userChannel } from '@shared/channels';
import type { EchoChannel, EchoClient } from './echo-client';

export interface LiveSession {
  echo: EchoClient;
  tenantId: number;
  /** The signed-in user, whose own channel `OWN_CHANNEL` names. */
  userId: number;
}

/**
 * The signed-in user's own channel in the current company (`Company.{tenantId}.User.{userId}`), for a screen that
 * knows neither (a list's import dialog following its job).
 */
export const OWN_CHANNEL = 'own';

interface Subscription {
  channel: EchoChannel;
  listeners: [event: string, listener: (data: unknown) => void][];
}

const RESOURCE_CHANNEL = 'resources/';

/**
 * A pseudo-event a subscription may ask for among its events: its channel has been subscribed, or subscribed again
 * after the connection dropped. Pushes sent before that never reach the page (the websocket client loads after the
 * first paint, and each channel is authorised first), so a screen whose data can change within that gap (a record
 * being processed) refetches on it.
 */
export const CHANNEL_SUBSCRIBED = 'channel-subscribed';
/** Pusher's own event for it, bound as is (Echo formats a name with a leading dot verbatim). */
const PUSHER_SUBSCRIBED = '.pusher:subscription_succeeded';

/** The ids an event is about: `ids`, `id`, or the `id` of its one object field (`{model: {id}}`). */
export function eventIds(data: unknown): BaseKey[] | undefined {
  if (!data || typeof data !== 'object') return undefined;
  const record = data as Record<string, unknown>;
  if (Array.isArray(record.ids)) return record.ids as BaseKey[];
  if (typeof record.id === 'number' || typeof record.id === 'string') return [record.id];
  const nested = Object.values(record).filter(
    (value) => value && typeof value === 'object' && !Array.isArray(value),
  );
  const id = nested.length === 1 ? (nested[0] as Record<string, unknown>).id : undefined;
  return typeof id === 'number' || typeof id === 'string' ? [id] : undefined;
}

/** The company channel a resource's events arrive on: `Company.{id}` or, with `meta.liveChannel`, a sub-channel such as `Company.{id}.ProjectModel` (spec 2 §7). */
export function resourceChannel(tenantId: number, meta: unknown): string {
  const suffix = (meta as { liveChannel?: unknown } | undefined)?.liveChannel;
  return typeof suffix === 'string' && suffix
    ? `${companyChannel(tenantId)}.${suffix}`
    : companyChannel(tenantId);
}

const liveEventsOf = (meta: unknown): string[] => {
  const events = (meta as { liveEvents?: unknown } | undefined)?.liveEvents;
  return Array.isArray(events) ? events.filter((event): event is string => typeof event === 'string') : [];
};

/** A detail or many-view is only told about events for its own records (when the event names any). */
function concernsSubscription(
  ids: BaseKey[] | undefined,
  params: { subscriptionType?: string; ids?: BaseKey[] } | undefined,
) {
  if (!ids || params?.subscriptionType === 'useList' || !params?.ids?.length) return true;
  const wanted = new Set(params.ids.map(String));
  return ids.some((id) => wanted.has(String(id)));
}

export function createLiveProvider(liveSession: () => LiveSession | null): LiveProvider {
  return {
    subscribe({ channel, types, callback, params }): Subscription | null {
      const current = liveSession();
      if (!current) return null;
      const forResource = channel.startsWith(RESOURCE_CHANNEL);
      const echoChannelName = forResource
        ? resourceChannel(current.tenantId, params?.meta)
        : channel === OWN_CHANNEL
          ? userChannel(current.tenantId, current.userId)
          : channel;
      const events = forResource ? liveEventsOf(params?.meta) : types.filter((type) => type !== '*');
      // No events, no channel: subscribing would still cost an authorisation round trip.
      if (!events.length) return null;
      const echoChannel = current.echo.private(echoChannelName);
      const listeners = events.map((event): Subscription['listeners'][number] => {
        const listener = (data: unknown) => {
          const ids = eventIds(data);
          if (forResource && !concernsSubscription(ids, params)) return;
          const payload = {
            ...(data && typeof data === 'object' ? data : { value: data }),
            ...(ids ? { ids } : {}),
          };
          const liveEvent: LiveEvent = { channel, type: event, payload, date: new Date() };
          callback(liveEvent);
        };
        const echoEvent = event === CHANNEL_SUBSCRIBED ? PUSHER_SUBSCRIBED : event;
        echoChannel.listen(echoEvent, listener);
        return [echoEvent, listener];
      });
      return { channel: echoChannel, listeners };
    },
    unsubscribe(subscription: Subscription | null) {
      subscription?.listeners.forEach(([event, listener]) =>
        subscription.channel.stopListening(event, listener),
      );
    },
  };
}
