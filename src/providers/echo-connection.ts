/**
 * The realtime connection (spec 1 §7): laravel-echo over pusher-js (`echo-pusher.ts`), private channels
 * authorised at `{tenant API origin}/broadcasting/auth` with the bearer token. One Echo per session: rebuilt
 * when the token changes, disconnected on logout. The Echo client (laravel-echo and pusher-js, about 20 kB) is
 * loaded once the first live subscription has asked for a channel, the first screen's data is in and the browser
 * is idle, so it never competes with the first screen (its code, its requests or its rendering); until it has
 * arrived, channels record what is asked of them and replay it in order, so no subscription is lost.
 */
import { browserIdle } from '@/lib/browser-idle';
import { deployment, type Deployment } from '@/lib/runtime-config';
import type { EchoChannel, EchoClient, EchoFactory } from './echo-client';
import { apiQuiet } from './http-client';

/** The longest the websocket client waits for an idle moment once a channel was asked for. */
export const IDLE_LOAD_TIMEOUT_MS = 2000;

/**
 * Resolves after the first screen: once no API request is under way (its data is in) and the browser is then
 * idle, each wait at most `timeout` ms (a screen that keeps asking does not keep its live updates away).
 */
export async function afterFirstScreen(timeout = IDLE_LOAD_TIMEOUT_MS): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([apiQuiet(), new Promise<void>((resolve) => (timer = setTimeout(resolve, timeout)))]);
  clearTimeout(timer);
  await browserIdle(timeout);
}

/**
 * An Echo that can be used at once while the real one is still loading: the first `private(name)` starts
 * loading it after the first screen (`idle`), and until it has arrived channels record their
 * `listen`/`stopListening` calls and replay them in order. A disconnect before it arrived means it is never built.
 */
export function deferredEcho(
  load: () => Promise<() => EchoClient>,
  idle: () => Promise<void> = afterFirstScreen,
): EchoClient {
  let echo: EchoClient | null = null;
  let loading = false;
  let disconnected = false;
  let pending: ((echo: EchoClient) => void)[] = [];
  const whenBuilt = (action: (echo: EchoClient) => void) => {
    if (echo) action(echo);
    else pending.push(action);
  };
  const startLoading = () => {
    if (loading) return;
    loading = true;
    void idle()
      .then(() => (disconnected ? null : load()))
      .then(
        (build) => {
          if (!build || disconnected) return;
          const built = build();
          echo = built;
          pending.forEach((action) => action(built));
          pending = [];
        },
        (error: unknown) => {
          // What waited is given up; the next channel asked for tries again.
          pending = [];
          loading = false;
          console.warn('The realtime connection could not be loaded', error);
        },
      );
  };

  return {
    private(name) {
      if (echo) return echo.private(name);
      startLoading();
      const channel: EchoChannel = {
        listen(event, callback) {
          whenBuilt((built) => built.private(name).listen(event, callback));
          return channel;
        },
        stopListening(event, callback) {
          whenBuilt((built) => built.private(name).stopListening(event, callback));
          return channel;
        },
      };
      return channel;
    },
    disconnect() {
      disconnected = true;
      pending = [];
      echo?.disconnect();
    },
  };
}

/** The Echo of a token; the websocket client is loaded after the first screen, once a channel was asked for. */
export function createEcho(token: string, target: Deployment = deployment): EchoClient {
  return deferredEcho(async () => {
    const { connectEcho } = await import('./echo-pusher');
    return () => connectEcho(token, target);
  });
}

export interface EchoConnection {
  /** The Echo of this token, building it (and closing the previous one) when the token changed. */
  forToken(token: string): EchoClient;
  close(): void;
}

export function createEchoConnection(factory: EchoFactory = createEcho): EchoConnection {
  let current: { token: string; echo: EchoClient } | null = null;
  const close = () => {
    current?.echo.disconnect();
    current = null;
  };
  return {
    forToken(token) {
      if (current?.token !== token) {
        close();
        current = { token, echo: factory(token) };
      }
      return current.echo;
    },
    close,
  };
}
