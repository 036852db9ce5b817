/**
 * The push service's events a page receives (the Pusher protocol's frames on its websocket: `{event, channel,
 * data}`, the server's events named `App\Events\{name}`), so a test waits for the event it needs (an item's
 * FINISHED) rather than for a time that depends on the machine's speed. Start listening before the page opens
 * its websocket (before its first `goto`).
 */
import type { Page } from '@playwright/test';

export interface Push {
  /** The event's short name: `GeometryEventsUpdated`, `RefreshProcessorIndex`, ... */
  event: string;
  channel: string;
  data: Record<string, unknown>;
}

function parse(payload: string | Buffer): Push | null {
  try {
    const frame = JSON.parse(String(payload)) as { event?: string; channel?: string; data?: unknown };
    if (!frame.event || !frame.channel) return null;
    const data = typeof frame.data === 'string' ? (JSON.parse(frame.data) as unknown) : frame.data;
    return {
      event: frame.event.replace(/^App\\Events\\/, ''),
      channel: frame.channel,
      data: data && typeof data === 'object' ? (data as Record<string, unknown>) : {},
    };
  } catch {
    return null;
  }
}

export function listenToPushes(page: Page) {
  const received: Push[] = [];
  const waiting: Array<{ wanted: (push: Push) => boolean; resolve: (push: Push) => void }> = [];
  page.on('websocket', (socket) =>
    socket.on('framereceived', ({ payload }) => {
      const push = parse(payload);
      if (!push) return;
      received.push(push);
      for (const waiter of [...waiting]) {
        if (!waiter.wanted(push)) continue;
        waiting.splice(waiting.indexOf(waiter), 1);
        waiter.resolve(push);
      }
    }),
  );
  const wait = (accepts: (push: Push) => boolean) =>
    new Promise<Push>((resolve) => waiting.push({ wanted: accepts, resolve }));
  const matching = (event: string, wanted: (data: Record<string, unknown>) => boolean) => (push: Push) =>
    push.event === event && wanted(push.data);
  return {
    /**
     * The first push of the event that `wanted` accepts, already received or still to come; the test's timeout
     * bounds the wait.
     */
    arrival(event: string, wanted: (data: Record<string, unknown>) => boolean = () => true): Promise<Push> {
      const accepts = matching(event, wanted);
      const seen = received.find(accepts);
      return seen ? Promise.resolve(seen) : wait(accepts);
    },
    /** The next such push received from now on (call before the action that causes it). */
    next(event: string, wanted: (data: Record<string, unknown>) => boolean = () => true): Promise<Push> {
      return wait(matching(event, wanted));
    },
  };
}

/** The processing push that says the record `id` has reached `status`. */
export const reached =
  (id: number, status: string) =>
  (data: Record<string, unknown>): boolean =>
    data.owner_id === id && data.status === status;
