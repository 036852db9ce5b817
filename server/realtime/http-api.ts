/**
 * The Pusher HTTP events API of the built-in service, as the official `pusher` SDK calls it:
 * `POST /apps/{appId}/events` and `POST /apps/{appId}/batch_events`, signed (auth_version 1.0) over the raw
 * body. Unknown app 404, bad credentials or signature 401, malformed body 400, oversized body or data 413.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../errors/http-errors';
import { guard, guarded } from '../http/guarded-route';
import {
  MAX_EVENT_NAME_LENGTH,
  SOCKET_ID_PATTERN,
  channelKind,
  isRecord,
  isValidChannelName,
} from './protocol';
import { type PushApp, equalInConstantTime, md5Hex, signRequest } from './signatures';
import type { PushServer } from './websocket-server';

const MAX_BODY_BYTES = 1024 * 1024;
const MAX_DATA_BYTES = 100 * 1024;
const MAX_CHANNELS_PER_EVENT = 100;
const MAX_BATCH_EVENTS = 10;
const TIMESTAMP_WINDOW_SECONDS = 600;

interface PublishedEvent {
  name: string;
  /** Already JSON-encoded by the sender; delivered untouched. */
  data: string;
  channels: string[];
  socketId?: string;
  /** Requested channel attributes (`subscription_count`, `user_count`). */
  info: string[];
}

const badRequest = (message: string) => new HttpError(400, message);
const unauthorized = (message: string) => new HttpError(401, message);

export interface HttpApiOptions {
  service: PushServer;
  pushApp: PushApp;
}

export async function pusherHttpApi(
  server: FastifyInstance,
  { service, pushApp }: HttpApiOptions,
): Promise<void> {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  // The signature covers the exact bytes that were sent, so this scope keeps JSON bodies as text.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: MAX_BODY_BYTES },
    (_request, body, done) => done(null, body),
  );
  /** The push app's own callers (the server's broadcaster, the `pusher` SDK) sign every request. */
  const signed = (summary: string) =>
    guarded(
      guard.signature(
        'the Pusher HTTP API: the app key and an HMAC-SHA256 of the push secret over the request',
      ),
      { tags: ['realtime'], summary, hide: true, params: Type.Object({ appId: Type.String() }) },
    );

  const deliver = (event: PublishedEvent) =>
    service.publish(event.channels, event.name, event.data, event.socketId);
  const attributes = (event: PublishedEvent, channel: string) => {
    const wanted = new Set(event.info);
    return {
      ...(wanted.has('subscription_count')
        ? { subscription_count: service.channels.subscriptionCount(channel) }
        : {}),
      ...(wanted.has('user_count') && channelKind(channel) === 'presence'
        ? { user_count: service.channels.userCount(channel) }
        : {}),
    };
  };

  app.post('/apps/:appId/events', signed('Publishes an event (Pusher HTTP API)'), async (request) => {
    const event = publishedEvent(verifiedBody(request, request.params.appId, pushApp), 'channels');
    deliver(event);
    if (!event.info.length) return {};
    return {
      channels: Object.fromEntries(event.channels.map((channel) => [channel, attributes(event, channel)])),
    };
  });

  app.post('/apps/:appId/batch_events', signed('Publishes a batch (Pusher HTTP API)'), async (request) => {
    const { batch } = verifiedBody(request, request.params.appId, pushApp);
    if (!Array.isArray(batch) || !batch.length)
      throw badRequest('batch must be a non-empty array of events.');
    if (batch.length > MAX_BATCH_EVENTS)
      throw badRequest(`A batch holds at most ${MAX_BATCH_EVENTS} events.`);
    const events = batch.map((item: unknown) => publishedEvent(item, 'channel'));
    events.forEach(deliver);
    return { batch: events.map((event) => attributes(event, event.channels[0])) };
  });
}

/** Checks app, key, timestamp, body MD5 and signature, then parses the body. */
function verifiedBody(request: FastifyRequest, appId: string, pushApp: PushApp): Record<string, unknown> {
  if (appId !== pushApp.id) throw new HttpError(404, `Unknown app id ${appId}.`);
  const queryStart = request.url.indexOf('?');
  const path = queryStart === -1 ? request.url : request.url.slice(0, queryStart);
  const params = new Map(new URLSearchParams(queryStart === -1 ? '' : request.url.slice(queryStart + 1)));
  const raw = typeof request.body === 'string' ? request.body : '';

  if (params.get('auth_key') !== pushApp.key) throw unauthorized('Unknown auth_key.');
  if (params.get('auth_version') !== '1.0') throw unauthorized('auth_version must be 1.0.');
  const timestamp = Number(params.get('auth_timestamp'));
  const now = Math.floor(Date.now() / 1000);
  if (!Number.isInteger(timestamp) || Math.abs(now - timestamp) > TIMESTAMP_WINDOW_SECONDS) {
    throw unauthorized(`Timestamp expired: not within ${TIMESTAMP_WINDOW_SECONDS}s of server time ${now}.`);
  }
  if (raw && params.get('body_md5') !== md5Hex(raw)) throw unauthorized('body_md5 does not match the body.');
  const signature = params.get('auth_signature') ?? '';
  if (!equalInConstantTime(signRequest(pushApp.secret, request.method, path, params), signature)) {
    throw unauthorized('Authentication signature invalid.');
  }

  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    throw badRequest('The body must be a JSON object.');
  }
  if (!isRecord(body)) throw badRequest('The body must be a JSON object.');
  return body;
}

const isChannelName = (value: unknown): value is string =>
  typeof value === 'string' && isValidChannelName(value);

/** One event of `/events` (with `channels` or `channel`) or of a batch (with `channel`). */
function publishedEvent(value: unknown, channelField: 'channels' | 'channel'): PublishedEvent {
  if (!isRecord(value)) throw badRequest('An event must be a JSON object.');
  const { name, data, socket_id: socketId, info } = value;
  if (typeof name !== 'string' || !name || name.length > MAX_EVENT_NAME_LENGTH) {
    throw badRequest(`name must be a string of 1 to ${MAX_EVENT_NAME_LENGTH} characters.`);
  }
  if (typeof data !== 'string') throw badRequest('data must be a string (the JSON-encoded payload).');
  if (Buffer.byteLength(data) > MAX_DATA_BYTES)
    throw new HttpError(413, `Event data exceeds ${MAX_DATA_BYTES} bytes.`);
  const channels: unknown =
    channelField === 'channels' && value.channels !== undefined ? value.channels : [value.channel];
  if (!Array.isArray(channels) || !channels.length || channels.length > MAX_CHANNELS_PER_EVENT) {
    throw badRequest(`An event goes to 1 to ${MAX_CHANNELS_PER_EVENT} channels.`);
  }
  if (!channels.every(isChannelName))
    throw badRequest(`Invalid channel name in ${JSON.stringify(channels)}.`);
  if (socketId !== undefined && (typeof socketId !== 'string' || !SOCKET_ID_PATTERN.test(socketId))) {
    throw badRequest('socket_id must look like 123.456.');
  }
  if (info !== undefined && typeof info !== 'string')
    throw badRequest('info must be a comma-separated string.');
  return {
    name,
    data,
    channels,
    socketId,
    info: info ? info.split(',').map((item) => item.trim()) : [],
  };
}
