/**
 * Samples a listening socket's accept queue: the connections the kernel has completed that the server has not
 * accepted yet (Linux's /proc/net/tcp and tcp6 show it as the LISTEN socket's rx_queue). A server whose event
 * loop is held accepts late, and the queue grows; a browser connecting then waits before the server even sees it.
 */
import { readFileSync } from 'node:fs';

export interface AcceptQueueFigures {
  samples: number;
  /** Samples with at least one connection waiting. */
  nonEmpty: number;
  max: number;
}

const LISTEN = '0A';

/** The accept-queue length of the socket listening on `port`, or null where /proc is not. */
function acceptQueueLength(port: number): number | null {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  let total: number | null = null;
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields.length < 5 || fields[3] !== LISTEN || !fields[1].endsWith(`:${hexPort}`)) continue;
      const rxQueue = Number.parseInt(fields[4].split(':')[1], 16);
      total = (total ?? 0) + rxQueue;
    }
  }
  return total;
}

/** Samples every `everyMs` until `stop()`, which answers the figures. */
export function sampleAcceptQueue(port: number, everyMs = 50): { stop: () => AcceptQueueFigures } {
  const figures: AcceptQueueFigures = { samples: 0, nonEmpty: 0, max: 0 };
  const timer = setInterval(() => {
    const length = acceptQueueLength(port);
    if (length === null) return;
    figures.samples += 1;
    if (length > 0) figures.nonEmpty += 1;
    figures.max = Math.max(figures.max, length);
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return figures;
    },
  };
}
