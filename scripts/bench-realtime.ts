/**
 * Realtime fan-out benchmark (`npm run bench:realtime [-- --clients 1000 --runs 5]`).
 *
 * The contract server (in-memory PGlite, built-in push service) runs in the main thread; N pusher-js clients
 * (Node build, websocket transport, as the portal configures them) run in a child process and subscribe to one
 * private company channel through /broadcasting/auth with a bearer token. The server then publishes through its
 * broadcaster (the official `pusher` SDK → HTTP events API → websocket fan-out), a few times. Printed: connection
 * setup time, and per run the time from publish to the first, median and last delivery. Figures, no verdicts.
 */
import { performance } from 'node:perf_hooks';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import PusherClient from 'pusher-js';
import { loadConfig } from '../server/config';
import { channels } from '../server/realtime/broadcaster';
import { createServer } from '../server/server';
import { hostOrigin, idsOf, issueToken, resolveLocalhostNames } from '../tests/server/realtime-helpers';

const EVENT = 'BenchmarkTick';

interface ClientSetup {
  port: number;
  key: string;
  authEndpoint: string;
  token: string;
  channel: string;
  clients: number;
}

type ClientsMessage =
  | { type: 'ready'; connectedMs: number; subscribedMs: number }
  | { type: 'delivered'; run: number; first: number; median: number; last: number };

const CLIENTS_ROLE = '--clients-process';

/** Wall-clock milliseconds with sub-millisecond precision, comparable between processes. */
const now = () => performance.timeOrigin + performance.now();

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const ms = (value: number) => `${value.toFixed(1)} ms`;

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index === -1 ? Number.NaN : Number(process.argv[index + 1]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

async function main(): Promise<void> {
  const clients = option('clients', 1000);
  const runs = option('runs', 5);
  resolveLocalhostNames();
  const config = {
    ...loadConfig({}),
    demoFiles: false,
    host: '127.0.0.1',
    port: 0,
    pgliteDir: 'memory://',
    dataDir: null,
    portalDir: null,
    seed: true,
  };
  const server = await createServer(config);
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const ids = await idsOf(server);
  const channel = channels.company(ids.companyId('acme'));
  const setup: ClientSetup = {
    port,
    key: config.pusher.key,
    authEndpoint: `${hostOrigin({ port, config }, 'acme')}/broadcasting/auth`,
    token: await issueToken(server, 'alice'),
    channel,
    clients,
  };

  console.log(`Realtime fan-out: ${clients} pusher-js clients on ${channel}`);
  console.log('  (clients in a child process, server in this one; publish = pusher SDK → HTTP events API)');
  // The child runs this same TypeScript file, so it needs tsx's loader too.
  const child = fork(fileURLToPath(import.meta.url), [CLIENTS_ROLE], { execArgv: ['--import', 'tsx'] });
  const waiting = new Map<string, (message: ClientsMessage) => void>();
  child.on('message', (message: ClientsMessage) => {
    const key = message.type === 'ready' ? 'ready' : `run-${message.run}`;
    waiting.get(key)?.(message);
    waiting.delete(key);
  });
  child.on('exit', (code) => {
    if (code) {
      console.error(`The clients process exited with ${code}.`);
      process.exit(1);
    }
  });
  const expect = <T extends ClientsMessage>(key: string) =>
    new Promise<T>((resolve) => waiting.set(key, (message) => resolve(message as T)));
  child.send(setup);

  const ready = await expect<Extract<ClientsMessage, { type: 'ready' }>>('ready');
  console.log(
    `  connection setup: all connected in ${ms(ready.connectedMs)}, all subscribed (with /broadcasting/auth) in ${ms(ready.subscribedMs)}`,
  );
  console.log('');
  console.log('  run   publish call   first delivery   median delivery   last delivery');

  const lastDeliveries: number[] = [];
  for (let run = 1; run <= runs; run += 1) {
    const delivered = expect<Extract<ClientsMessage, { type: 'delivered' }>>(`run-${run}`);
    const sentAt = now();
    await server.app.ctx.broadcaster.publish([channel], EVENT, { run });
    const publishMs = now() - sentAt;
    const result = await delivered;
    lastDeliveries.push(result.last - sentAt);
    console.log(
      `  ${String(run).padEnd(5)} ${ms(publishMs).padEnd(14)} ${ms(result.first - sentAt).padEnd(16)} ${ms(result.median - sentAt).padEnd(17)} ${ms(result.last - sentAt)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  console.log('');
  console.log(
    `  median over ${runs} runs, publish → last of ${clients} deliveries: ${ms(median(lastDeliveries))}`,
  );

  child.removeAllListeners('exit');
  child.kill();
  await server.close();
}

const report = (message: ClientsMessage) => process.send!(message);

/** The clients process: opens the clients, reports setup times, then each run's delivery times. */
async function runClients(setup: ClientSetup): Promise<void> {
  resolveLocalhostNames();
  const startedAt = now();
  const deliveries = new Map<number, number[]>();
  const pending: Promise<void>[] = [];
  const connectedAll: Promise<void>[] = [];
  for (let index = 0; index < setup.clients; index += 1) {
    const client = new PusherClient(setup.key, {
      cluster: 'mt1',
      wsHost: '127.0.0.1',
      wsPort: setup.port,
      forceTLS: false,
      enabledTransports: ['ws'],
      authEndpoint: setup.authEndpoint,
      auth: { headers: { Authorization: `Bearer ${setup.token}`, Accept: 'application/json' } },
    });
    connectedAll.push(new Promise((resolve) => client.connection.bind('connected', () => resolve())));
    const channel = client.subscribe(setup.channel);
    pending.push(
      new Promise((resolve, reject) => {
        channel.bind('pusher:subscription_succeeded', () => resolve());
        channel.bind('pusher:subscription_error', (error: unknown) =>
          reject(new Error(JSON.stringify(error))),
        );
      }),
    );
    channel.bind(EVENT, ({ run }: { run: number }) => {
      const times = deliveries.get(run) ?? [];
      times.push(now());
      deliveries.set(run, times);
      if (times.length === setup.clients) {
        report({
          type: 'delivered',
          run,
          first: times[0],
          median: median(times),
          last: times[times.length - 1],
        });
      }
    });
  }
  await Promise.all(connectedAll);
  const connectedMs = now() - startedAt;
  await Promise.all(pending);
  report({ type: 'ready', connectedMs, subscribedMs: now() - startedAt });
}

if (process.argv.includes(CLIENTS_ROLE)) {
  process.once('message', (setup: ClientSetup) => void runClients(setup));
  process.on('disconnect', () => process.exit(0));
} else {
  await main();
}
