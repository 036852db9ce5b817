/**
 * Pusher Channels protocol 7 as pusher-js 8 speaks it: frame shapes, channel kinds and names, socket ids and
 * the error/close codes (see shared/reference/realtime-and-api-conventions.md §1).
 */
import { randomInt } from 'node:crypto';

export const PROTOCOL_VERSION = 7;

/** What the server sends. `data` is a JSON string, except client events, which are forwarded as sent. */
export interface ServerFrame {
  event: string;
  channel?: string;
  data?: unknown;
  /** The sender of a client event on a presence channel. */
  user_id?: string;
}

/** What a client sends; pusher-js sends `data` as an object, other clients may send a JSON string. */
export interface ClientFrame {
  event: string;
  channel?: string;
  data: unknown;
}

/**
 * `pusher:error` codes, also used as websocket close codes. pusher-js: 4000–4099 stops reconnecting, 4100–4199
 * reconnects after a back-off, 4200–4299 reconnects at once; 4300+ are reported on a connection that stays open.
 */
export const ErrorCode = {
  appNotFound: 4001,
  unsupportedProtocol: 4007,
  noProtocolVersion: 4008,
  unauthorized: 4009,
  reconnect: 4200,
  pongNotReceived: 4201,
  clientEventRejected: 4301,
} as const;

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

/** The internal and `pusher:` events of the protocol. */
export const Events = {
  connectionEstablished: 'pusher:connection_established',
  error: 'pusher:error',
  ping: 'pusher:ping',
  pong: 'pusher:pong',
  subscribe: 'pusher:subscribe',
  unsubscribe: 'pusher:unsubscribe',
  subscriptionSucceeded: 'pusher_internal:subscription_succeeded',
  subscriptionError: 'pusher:subscription_error',
  memberAdded: 'pusher_internal:member_added',
  memberRemoved: 'pusher_internal:member_removed',
} as const;

export const CLIENT_EVENT_PREFIX = 'client-';

/** A frame with its data double-encoded, as pusher-js expects from a server. */
export function serverFrame(event: string, data: unknown, channel?: string): string {
  const frame: ServerFrame = { event, channel, data: typeof data === 'string' ? data : JSON.stringify(data) };
  return JSON.stringify(frame); // an undefined channel is left out
}

export const errorFrame = (code: ErrorCodeValue | null, message: string) =>
  serverFrame(Events.error, { code, message });

/** A text message as a client frame, or null when it is not a JSON object with an event name. */
export function parseClientFrame(text: string): ClientFrame | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(value) || typeof value.event !== 'string') return null;
  if (value.channel !== undefined && typeof value.channel !== 'string') return null;
  return { event: value.event, channel: value.channel, data: value.data };
}

/** The payload of a `pusher:` event: an object, or a JSON string holding one (Reverb accepts both). */
export function framePayload(data: unknown): Record<string, unknown> {
  if (typeof data === 'string') {
    try {
      const decoded: unknown = JSON.parse(data);
      return isRecord(decoded) ? decoded : {};
    } catch {
      return {};
    }
  }
  return isRecord(data) ? data : {};
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export type ChannelKind = 'public' | 'private' | 'presence';

export function channelKind(name: string): ChannelKind {
  if (name.startsWith('presence-')) return 'presence';
  if (name.startsWith('private-')) return 'private';
  return 'public';
}

/** Channel names the Pusher HTTP API and the `pusher` SDK accept. */
export const isValidChannelName = (name: string) => name.length <= 200 && /^[A-Za-z0-9_\-=@,.;]+$/.test(name);

export const MAX_EVENT_NAME_LENGTH = 200;

/** The `\d+\.\d+` shape the `pusher` SDK insists on for `socket_id`. */
export const SOCKET_ID_PATTERN = /^\d+\.\d+$/;

export const newSocketId = () => `${randomInt(1, 1_000_000_000)}.${randomInt(1, 1_000_000_000)}`;
