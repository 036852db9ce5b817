/** The Echo bridge (contract in issue 4): channel mapping, event delivery, unsubscribing, one Echo per session. */
import type { LiveEvent } from '@refinedev/core';
import { describe, expect, it, vi } from 'vitest';
import { browserIdle } from '@/lib/browser-idle';
import { resolveDeployment } from '@/lib/runtime-config';
import { broadcastingAuthUrl, type EchoChannel, type EchoClient } from '@/providers/echo-client';
import { afterFirstScreen, createEchoConnection, deferredEcho } from '@/providers/echo-connection';
import { apiRequest } from '@/providers/http-client';
import { CHANNEL_SUBSCRIBED, createLiveProvider, eventIds, OWN_CHANNEL } from '@/providers/live-provider';

/** An Echo stand-in at the edge: records listeners per channel and lets the test broadcast. */
function fakeEcho() {
  const channels = new Map<string, Map<string, Set<(data: unknown) => void>>>();
  const echo: EchoClient & {
    emit(channel: string, event: string, data: unknown): void;
    listeners(channel: string, event: string): number;
  } = {
    private(name) {
      if (!channels.has(name)) channels.set(name, new Map());
      const events = channels.get(name)!;
      const channel: EchoChannel = {
        listen(event, callback) {
          if (!events.has(event)) events.set(event, new Set());
          events.get(event)!.add(callback);
          return channel;
        },
        stopListening(event, callback) {
          if (callback) events.get(event)?.delete(callback);
          else events.delete(event);
          return channel;
        },
      };
      return channel;
    },
    disconnect: vi.fn(),
    emit(channel, event, data) {
      channels
        .get(channel)
        ?.get(event)
        ?.forEach((listener) => listener(data));
    },
    listeners(channel, event) {
      return channels.get(channel)?.get(event)?.size ?? 0;
    },
  };
  return echo;
}

/**
 * Resolves in a later task of the event loop, once every promise callback queued before has run: what the client's
 * loading chain would still do has been done. Ordering, not time: no delay is waited for.
 */
const afterQueuedCallbacks = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the live provider', () => {
  it('listens on a private channel to the given event names and hands over the event data', () => {
    const echo = fakeEcho();
    const provider = createLiveProvider(() => ({ echo, tenantId: 1, userId: 2 }));
    const events: LiveEvent[] = [];
    provider.subscribe({
      channel: 'Company.1.User.2',
      types: ['UserNotificationUpdated'],
      callback: (event) => events.push(event),
    });
    echo.emit('Company.1.User.2', 'UserNotificationUpdated', { notification: { id: 7, read: true } });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      channel: 'Company.1.User.2',
      type: 'UserNotificationUpdated',
      payload: { notification: { id: 7, read: true }, ids: [7] },
    });
    expect(events[0].date).toBeInstanceOf(Date);
  });

  it('maps the own channel to the signed-in user’s channel in the current company', () => {
    const echo = fakeEcho();
    const provider = createLiveProvider(() => ({ echo, tenantId: 4, userId: 9 }));
    const callback = vi.fn();
    provider.subscribe({ channel: OWN_CHANNEL, types: ['ImportJobUpdated'], callback });
    echo.emit('Company.4.User.9', 'ImportJobUpdated', { id: 3, status: 'RUNNING' });
    echo.emit('Company.4.User.8', 'ImportJobUpdated', { id: 4, status: 'RUNNING' });
    expect(callback.mock.calls.map(([event]) => [event.channel, event.payload.id])).toEqual([
      [OWN_CHANNEL, 3],
    ]);
  });

  it("maps resources/<name> to the company channel and the resource's meta.liveEvents", () => {
    const echo = fakeEcho();
    const provider = createLiveProvider(() => ({ echo, tenantId: 4, userId: 2 }));
    const callback = vi.fn();
    provider.subscribe({
      channel: 'resources/models',
      types: ['*'],
      callback,
      params: { subscriptionType: 'useList', meta: { liveEvents: ['ModelUpdated', 'ModelsRefresh'] } },
    });
    echo.emit('Company.4', 'ModelUpdated', { model: { id: 3, status: 'FINISHED' } });
    echo.emit('Company.4', 'ModelsRefresh', {});
    echo.emit('Company.4', 'SomethingElse', {});
    expect(callback.mock.calls.map(([event]) => [event.channel, event.type, event.payload.ids])).toEqual([
      ['resources/models', 'ModelUpdated', [3]],
      ['resources/models', 'ModelsRefresh', undefined],
    ]);
  });

  it('subscribes to nothing for a resource without liveEvents', () => {
    const echo = fakeEcho();
    const privateChannel = vi.spyOn(echo, 'private');
    const provider = createLiveProvider(() => ({ echo, tenantId: 4, userId: 2 }));
    provider.subscribe({ channel: 'resources/projects', types: ['*'], callback: vi.fn(), params: {} });
    expect(privateChannel).not.toHaveBeenCalled();
  });

  it("tells a detail view only about its own record's events", () => {
    const echo = fakeEcho();
    const provider = createLiveProvider(() => ({ echo, tenantId: 1, userId: 2 }));
    const callback = vi.fn();
    provider.subscribe({
      channel: 'resources/models',
      types: ['*'],
      callback,
      params: { subscriptionType: 'useOne', ids: [5], meta: { liveEvents: ['ModelUpdated'] } },
    });
    echo.emit('Company.1', 'ModelUpdated', { model: { id: 3 } });
    echo.emit('Company.1', 'ModelUpdated', { model: { id: 5 } });
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('unsubscribes only its own listeners, leaving the shared channel to others', () => {
    const echo = fakeEcho();
    const provider = createLiveProvider(() => ({ echo, tenantId: 1, userId: 2 }));
    const first = vi.fn();
    const second = vi.fn();
    const one = provider.subscribe({
      channel: 'Company.1.User.2',
      types: ['UserNotificationUpdated'],
      callback: first,
    });
    provider.subscribe({ channel: 'Company.1.User.2', types: ['UserNotificationUpdated'], callback: second });
    provider.unsubscribe(one);
    echo.emit('Company.1.User.2', 'UserNotificationUpdated', {});
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
    expect(echo.listeners('Company.1.User.2', 'UserNotificationUpdated')).toBe(1);
  });

  it('tells a subscription that asks for it when its channel is (re)subscribed, and forgets it on unsubscribe', () => {
    const echo = fakeEcho();
    const provider = createLiveProvider(() => ({ echo, tenantId: 1, userId: 2 }));
    const callback = vi.fn();
    const subscription = provider.subscribe({
      channel: 'resources/libraries/items',
      types: ['*'],
      callback,
      params: {
        subscriptionType: 'useList',
        meta: { liveChannel: 'LibraryItem', liveEvents: ['RefreshProcessorIndex', CHANNEL_SUBSCRIBED] },
      },
    });
    // Pusher's event, which Echo binds verbatim under a leading dot; again after a reconnect.
    echo.emit('Company.1.LibraryItem', '.pusher:subscription_succeeded', {});
    echo.emit('Company.1.LibraryItem', '.pusher:subscription_succeeded', {});
    expect(callback.mock.calls.map(([event]) => [event.channel, event.type])).toEqual([
      ['resources/libraries/items', CHANNEL_SUBSCRIBED],
      ['resources/libraries/items', CHANNEL_SUBSCRIBED],
    ]);
    provider.unsubscribe(subscription);
    expect(echo.listeners('Company.1.LibraryItem', '.pusher:subscription_succeeded')).toBe(0);
    expect(echo.listeners('Company.1.LibraryItem', 'RefreshProcessorIndex')).toBe(0);
  });

  it('does nothing without a session', () => {
    const provider = createLiveProvider(() => null);
    const subscription = provider.subscribe({ channel: 'Company.1.User.2', types: ['X'], callback: vi.fn() });
    expect(subscription).toBeNull();
    expect(() => provider.unsubscribe(subscription)).not.toThrow();
  });

  it.each([
    [{ ids: [1, 2] }, [1, 2]],
    [{ id: 'oak' }, ['oak']],
    [{ item: { id: 9 } }, [9]],
    [{ a: { id: 1 }, b: { id: 2 } }, undefined],
    ['text', undefined],
  ])('finds the ids of %j', (data, ids) => expect(eventIds(data)).toEqual(ids));
});

describe('the Echo connection', () => {
  it('keeps one Echo per token, rebuilding it when the token changes and closing it on logout', () => {
    const built: { token: string; echo: EchoClient }[] = [];
    const connection = createEchoConnection((token) => {
      const echo = fakeEcho();
      built.push({ token, echo });
      return echo;
    });
    const first = connection.forToken('a');
    expect(connection.forToken('a')).toBe(first);
    const second = connection.forToken('b');
    expect(second).not.toBe(first);
    expect(first.disconnect).toHaveBeenCalled();
    connection.close();
    expect(second.disconnect).toHaveBeenCalled();
    expect(built.map((entry) => entry.token)).toEqual(['a', 'b']);
  });

  it('loads the websocket client when the browser is idle; listeners made before wait for it, in order', async () => {
    const real = fakeEcho();
    let build!: (value: () => EchoClient) => void;
    const load = vi.fn(() => new Promise<() => EchoClient>((resolve) => (build = resolve)));
    let idle!: () => void;
    const echo = deferredEcho(load, () => new Promise((resolve) => (idle = resolve)));
    const provider = createLiveProvider(() => ({ echo, tenantId: 1, userId: 2 }));
    const kept = vi.fn();
    const dropped = vi.fn();
    // A resource without live events asks for no channel, so nothing is loaded for it.
    provider.subscribe({ channel: 'resources/projects', types: ['*'], callback: vi.fn(), params: {} });
    expect(load).not.toHaveBeenCalled();
    provider.subscribe({ channel: 'Company.1.User.2', types: ['UserNotificationUpdated'], callback: kept });
    const gone = provider.subscribe({
      channel: 'Company.1.User.2',
      types: ['UserNotificationUpdated'],
      callback: dropped,
    });
    provider.unsubscribe(gone);
    // Asked for, but not loaded while the first screen is still busy.
    expect(load).not.toHaveBeenCalled();
    idle();
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    expect(real.listeners('Company.1.User.2', 'UserNotificationUpdated')).toBe(0);

    build(() => real);
    await vi.waitFor(() => expect(real.listeners('Company.1.User.2', 'UserNotificationUpdated')).toBe(1));
    real.emit('Company.1.User.2', 'UserNotificationUpdated', { id: 4 });
    expect(kept).toHaveBeenCalledTimes(1);
    expect(dropped).not.toHaveBeenCalled();

    // Once loaded, channels are the real ones.
    provider.subscribe({ channel: 'Company.1.User.2', types: ['UserNotificationUpdated'], callback: kept });
    expect(real.listeners('Company.1.User.2', 'UserNotificationUpdated')).toBe(2);
  });

  it('never connects when the session ended before the websocket client arrived', async () => {
    const build = vi.fn(() => fakeEcho());
    let loaded!: () => void;
    const load = vi.fn(() => new Promise<() => EchoClient>((resolve) => (loaded = () => resolve(build))));
    const echo = deferredEcho(load, () => Promise.resolve());
    echo.private('Company.1').listen('X', vi.fn());
    await vi.waitFor(() => expect(load).toHaveBeenCalled());
    echo.disconnect();
    loaded();
    await afterQueuedCallbacks();
    expect(build).not.toHaveBeenCalled();
  });

  it('does not even load the websocket client when the session ended before the browser was idle', async () => {
    const load = vi.fn(() => Promise.resolve(() => fakeEcho()));
    let idle!: () => void;
    const echo = deferredEcho(load, () => new Promise((resolve) => (idle = resolve)));
    echo.private('Company.1').listen('X', vi.fn());
    echo.disconnect();
    idle();
    await afterQueuedCallbacks();
    expect(load).not.toHaveBeenCalled();
  });

  it('waits for an idle moment of the browser, at most the given time', async () => {
    let idleCallback: IdleRequestCallback | undefined;
    const requestIdleCallback = vi.fn((callback: IdleRequestCallback) => {
      idleCallback = callback;
      return 1;
    });
    vi.stubGlobal('requestIdleCallback', requestIdleCallback);
    try {
      const resolved = vi.fn();
      void browserIdle(2000).then(resolved);
      expect(requestIdleCallback).toHaveBeenCalledWith(expect.any(Function), { timeout: 2000 });
      await Promise.resolve();
      expect(resolved).not.toHaveBeenCalled();
      idleCallback!({ didTimeout: false, timeRemaining: () => 10 });
      await vi.waitFor(() => expect(resolved).toHaveBeenCalled());
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('loads the websocket client only after the first screen: its data in, then an idle moment', async () => {
    let answer: ((response: Response) => void) | undefined;
    let idleCallback: IdleRequestCallback | undefined;
    vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => {
      idleCallback = callback;
      return 1;
    });
    try {
      const rows = apiRequest('/projects', { public: true });
      const resolved = vi.fn();
      void afterFirstScreen(60_000).then(resolved);
      await Promise.resolve();
      expect(idleCallback).toBeUndefined();
      answer!(Response.json({ data: [] }));
      await rows;
      await vi.waitFor(() => expect(idleCallback).toBeDefined());
      expect(resolved).not.toHaveBeenCalled();
      idleCallback!({ didTimeout: false, timeRemaining: () => 10 });
      await vi.waitFor(() => expect(resolved).toHaveBeenCalled());
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('authorises private channels at the tenant API origin', () => {
    const deployment = resolveDeployment({
      protocol: 'http:',
      hostname: 'customerportal-acme.portal.localhost',
      port: '8080',
    });
    expect(broadcastingAuthUrl(deployment)).toBe('http://acme.portal.localhost:8080/broadcasting/auth');
    const configured = resolveDeployment(
      { protocol: 'https:', hostname: 'acme.portal.example', port: '' },
      { domain: 'portal.example', tenantApiUrl: 'https://{tenant}.api.example/api/v2' },
    );
    expect(broadcastingAuthUrl(configured)).toBe('https://acme.api.example/broadcasting/auth');
  });
});
