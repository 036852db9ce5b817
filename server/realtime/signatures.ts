/**
 * The HMAC-SHA256 signatures of the Pusher protocol: channel authorisation (`auth` of a subscription) and
 * HTTP API request signing (auth_version 1.0), with constant-time verification.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** The credentials of one Pusher app. */
export interface PushApp {
  id: string;
  key: string;
  secret: string;
}

export const hmacSha256Hex = (secret: string, text: string) =>
  createHmac('sha256', secret).update(text).digest('hex');

export const md5Hex = (body: string | Buffer) => createHash('md5').update(body).digest('hex');

export function equalInConstantTime(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** `socket_id:channel` (private) or `socket_id:channel:channel_data` (presence): the text a channel auth signs. */
const channelAuthText = (socketId: string, channel: string, channelData?: string) =>
  channelData === undefined ? `${socketId}:${channel}` : `${socketId}:${channel}:${channelData}`;

/** The `auth` value of a subscription: `{key}:{hex signature}`. */
export function signChannel(app: PushApp, socketId: string, channel: string, channelData?: string): string {
  return `${app.key}:${hmacSha256Hex(app.secret, channelAuthText(socketId, channel, channelData))}`;
}

export function verifyChannelAuth(
  app: PushApp,
  socketId: string,
  channel: string,
  auth: string,
  channelData?: string,
): boolean {
  return equalInConstantTime(signChannel(app, socketId, channel, channelData), auth);
}

/**
 * The HTTP API signature: HMAC of `METHOD\nPATH\nQUERY`, where QUERY is every parameter but `auth_signature`,
 * keys lower-cased and sorted, joined as unencoded `k=v` pairs with `&`.
 */
export function signRequest(
  secret: string,
  method: string,
  path: string,
  params: Map<string, string>,
): string {
  const query = [...params]
    .filter(([key]) => key !== 'auth_signature')
    .map(([key, value]) => [key.toLowerCase(), value] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
  return hmacSha256Hex(secret, `${method.toUpperCase()}\n${path}\n${query}`);
}

export const pushAppOf = (pusher: { appId: string; key: string; secret: string }): PushApp => ({
  id: pusher.appId,
  key: pusher.key,
  secret: pusher.secret,
});
