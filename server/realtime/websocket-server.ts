/**
 * The built-in Pusher-protocol websocket server: connections at `/app/{key}`, subscriptions to public,
 * private and presence channels, client events, ping/pong with the activity timeout, and delivery of the
 * events the HTTP API receives.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { type RawData, WebSocket, WebSocketServer } from 'ws';
import { ChannelRegistry, type PresenceMember, type Subscriber } from './channels';
import {
  CLIENT_EVENT_PREFIX,
  type ClientFrame,
  ErrorCode,
  type ErrorCodeValue,
  Events,
  MAX_EVENT_NAME_LENGTH,
  PROTOCOL_VERSION,
  channelKind,
  errorFrame,
  framePayload,
  isValidChannelName,
  newSocketId,
  parseClientFrame,
  serverFrame,
} from './protocol';
import { type PushApp, verifyChannelAuth } from './signatures';

export interface PushServerOptions {
  app: PushApp;
  /** Seconds of client silence before the server pings (also sent to clients as `activity_timeout`). */
  activityTimeout: number;
  /** Seconds to wait for the pong before closing with 4201. */
  pongTimeout: number;
}

/** Largest websocket message accepted (a client event's data is limited to 10 KB by Pusher). */
const MAX_MESSAGE_BYTES = 64 * 1024;
/** Client events a connection may send per second (Pusher's limit). */
const CLIENT_EVENTS_PER_SECOND = 10;
/** How long a closing connection may take to answer the close frame on shutdown. */
const SHUTDOWN_GRACE_MS = 1000;

const APP_PATH = /^\/app\/([^/?]+)$/;

class Connection implements Subscriber {
  readonly socketId = newSocketId();
  readonly channels = new Set<string>();
  lastActivity = Date.now();
  pingSentAt: number | null = null;
  private clientEventWindow = { start: 0, count: 0 };

  constructor(readonly socket: WebSocket) {}

  send(frame: string): void {
    if (this.socket.readyState === WebSocket.OPEN) this.socket.send(frame);
  }

  /** Sends `pusher:error` and closes with the same code, so pusher-js acts on it (refuse, back off, retry). */
  fail(code: ErrorCodeValue, message: string): void {
    this.send(errorFrame(code, message));
    // A close reason is limited to 123 bytes.
    this.socket.close(code, message.replace(/[^\x20-\x7e]/g, '?').slice(0, 120));
  }

  takeClientEventAllowance(now: number): boolean {
    if (now - this.clientEventWindow.start >= 1000) this.clientEventWindow = { start: now, count: 0 };
    this.clientEventWindow.count += 1;
    return this.clientEventWindow.count <= CLIENT_EVENTS_PER_SECOND;
  }
}

export class PushServer {
  readonly channels = new ChannelRegistry();
  private readonly connections = new Set<Connection>();
  private readonly sockets = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_MESSAGE_BYTES,
    perMessageDeflate: false,
  });
  private readonly sweepTimer: NodeJS.Timeout;

  constructor(private readonly options: PushServerOptions) {
    const periodMs = Math.min(options.activityTimeout, options.pongTimeout) * 250;
    this.sweepTimer = setInterval(() => this.sweep(Date.now()), Math.max(50, Math.min(periodMs, 5000)));
    this.sweepTimer.unref();
  }

  /** Takes over an HTTP upgrade to `/app/{key}`; returns false (leaving the socket alone) for any other path. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const url = new URL(request.url ?? '/', 'http://push.invalid');
    const match = APP_PATH.exec(url.pathname);
    if (!match) return false;
    this.sockets.handleUpgrade(request, socket, head, (webSocket) => {
      this.open(webSocket, decodedKey(match[1]), url.searchParams.get('protocol'));
    });
    return true;
  }

  /** Delivers an event (data already JSON-encoded by the sender) to every subscriber but `exceptSocketId`. */
  publish(channelNames: readonly string[], event: string, data: string, exceptSocketId?: string): void {
    for (const channel of channelNames) {
      const frame = serverFrame(event, data, channel);
      for (const subscriber of this.channels.subscribers(channel)) {
        if (subscriber.socketId !== exceptSocketId) subscriber.send(frame);
      }
    }
  }

  /** Asks every client to reconnect (4200) and waits for the sockets to close. */
  async close(): Promise<void> {
    clearInterval(this.sweepTimer);
    const closed = [...this.connections].map(
      (connection) =>
        new Promise<void>((resolve) => {
          if (connection.socket.readyState === WebSocket.CLOSED) return resolve();
          const force = setTimeout(() => connection.socket.terminate(), SHUTDOWN_GRACE_MS);
          connection.socket.once('close', () => {
            clearTimeout(force);
            resolve();
          });
          connection.fail(ErrorCode.reconnect, 'Server is shutting down. Please reconnect.');
        }),
    );
    await Promise.all(closed);
    this.sockets.close();
  }

  private open(socket: WebSocket, key: string, protocol: string | null): void {
    const connection = new Connection(socket);
    socket.on('error', () => socket.terminate());
    if (key !== this.options.app.key) {
      return connection.fail(ErrorCode.appNotFound, `App key ${key} does not exist.`);
    }
    if (protocol === null)
      return connection.fail(ErrorCode.noProtocolVersion, 'No protocol version supplied.');
    if (Number(protocol) !== PROTOCOL_VERSION) {
      return connection.fail(ErrorCode.unsupportedProtocol, `Unsupported protocol version ${protocol}.`);
    }
    this.connections.add(connection);
    socket.on('message', (data, isBinary) => this.receive(connection, data, isBinary));
    socket.on('close', () => this.drop(connection));
    connection.send(
      serverFrame(Events.connectionEstablished, {
        socket_id: connection.socketId,
        activity_timeout: this.options.activityTimeout,
      }),
    );
  }

  private receive(connection: Connection, data: RawData, isBinary: boolean): void {
    connection.lastActivity = Date.now();
    connection.pingSentAt = null;
    const frame = isBinary ? null : parseClientFrame(data.toString());
    if (!frame)
      return connection.send(errorFrame(null, 'Invalid message: expected a JSON object with an event.'));
    switch (frame.event) {
      case Events.ping:
        return connection.send(serverFrame(Events.pong, {}));
      case Events.pong:
        return;
      case Events.subscribe:
        return this.subscribe(connection, framePayload(frame.data));
      case Events.unsubscribe:
        return this.unsubscribe(connection, framePayload(frame.data).channel);
      default:
        if (frame.event.startsWith(CLIENT_EVENT_PREFIX)) this.relayClientEvent(connection, frame);
    }
  }

  private subscribe(connection: Connection, payload: Record<string, unknown>): void {
    const { channel, auth, channel_data: channelData } = payload;
    if (typeof channel !== 'string')
      return connection.send(errorFrame(null, 'A subscription needs a channel.'));
    const refuse = (type: string, error: string, status: number) =>
      connection.send(serverFrame(Events.subscriptionError, { type, error, status }, channel));
    if (!isValidChannelName(channel))
      return refuse('InvalidChannel', `Invalid channel name ${channel}.`, 400);
    const kind = channelKind(channel);
    let member: PresenceMember | undefined;
    if (kind !== 'public') {
      const signedData = kind === 'presence' && typeof channelData === 'string' ? channelData : undefined;
      const valid =
        typeof auth === 'string' &&
        verifyChannelAuth(this.options.app, connection.socketId, channel, auth, signedData);
      if (!valid) return refuse('AuthError', `Invalid signature for channel ${channel}.`, 401);
      if (kind === 'presence') {
        const decoded = presenceMember(signedData);
        if (!decoded) return refuse('AuthError', 'Presence channels need channel_data with a user_id.', 401);
        member = decoded;
      }
    }
    const { newMember } = this.channels.join(channel, connection, member);
    connection.channels.add(channel);
    if (kind !== 'presence') return connection.send(serverFrame(Events.subscriptionSucceeded, {}, channel));
    connection.send(
      serverFrame(Events.subscriptionSucceeded, { presence: this.channels.presence(channel) }, channel),
    );
    if (newMember && member) {
      this.broadcast(channel, serverFrame(Events.memberAdded, member, channel), connection);
    }
  }

  private unsubscribe(connection: Connection, channel: unknown): void {
    if (typeof channel !== 'string' || !connection.channels.delete(channel)) return;
    const { departedMember } = this.channels.leave(channel, connection);
    if (departedMember) {
      this.broadcast(
        channel,
        serverFrame(Events.memberRemoved, { user_id: departedMember.user_id }, channel),
        connection,
      );
    }
  }

  /** Client events: private and presence channels only, from a subscriber, to the other subscribers. */
  private relayClientEvent(connection: Connection, frame: ClientFrame): void {
    const { channel, event } = frame;
    if (!channel || channelKind(channel) === 'public') {
      return connection.send(
        errorFrame(
          ErrorCode.clientEventRejected,
          'Client events are only supported on private and presence channels.',
        ),
      );
    }
    if (!this.channels.isSubscribed(channel, connection)) {
      return connection.send(errorFrame(ErrorCode.unauthorized, `Not subscribed to channel ${channel}.`));
    }
    if (event.length > MAX_EVENT_NAME_LENGTH) {
      return connection.send(errorFrame(ErrorCode.clientEventRejected, 'Event name too long.'));
    }
    if (!connection.takeClientEventAllowance(Date.now())) {
      return connection.send(
        errorFrame(ErrorCode.clientEventRejected, 'Client event rejected due to rate limit.'),
      );
    }
    const member = this.channels.memberOf(channel, connection);
    const relayed = JSON.stringify({
      event,
      channel,
      data: frame.data,
      user_id: member ? String(member.user_id) : undefined,
    });
    this.broadcast(channel, relayed, connection);
  }

  private broadcast(channel: string, frame: string, except: Subscriber): void {
    for (const subscriber of this.channels.subscribers(channel)) {
      if (subscriber !== except) subscriber.send(frame);
    }
  }

  private drop(connection: Connection): void {
    this.connections.delete(connection);
    for (const channel of [...connection.channels]) this.unsubscribe(connection, channel);
  }

  /** Pings clients silent for the activity timeout; closes with 4201 those that did not answer in time. */
  private sweep(now: number): void {
    const activityMs = this.options.activityTimeout * 1000;
    const pongMs = this.options.pongTimeout * 1000;
    for (const connection of this.connections) {
      if (connection.socket.readyState !== WebSocket.OPEN) continue;
      if (connection.pingSentAt !== null) {
        if (now - connection.pingSentAt >= pongMs)
          connection.fail(ErrorCode.pongNotReceived, 'Pong reply not received in time.');
      } else if (now - connection.lastActivity >= activityMs) {
        connection.pingSentAt = now;
        connection.send(serverFrame(Events.ping, {}));
      }
    }
  }
}

/** The app key of the path; a malformed escape yields a key no app has. */
function decodedKey(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function presenceMember(channelData: string | undefined): PresenceMember | null {
  if (channelData === undefined) return null;
  const decoded = framePayload(channelData);
  const userId = decoded.user_id;
  if (typeof userId !== 'string' && typeof userId !== 'number') return null;
  if (userId === '') return null;
  return { user_id: userId, user_info: decoded.user_info };
}
