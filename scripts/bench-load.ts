/**
 * `npm run bench:load`: many signed-in users at once. BENCH_USERS (200) users each log in once, then loop the
 * project list, the project count and their notifications until BENCH_SECONDS (60) after the start, each user on
 * one keep-alive connection of its own, one request at a time, giving up on a request after BENCH_TIMEOUT_MS
 * (30,000, like the portal's client) and then carrying on. Two arrival patterns (BENCH_PATTERNS, both by default):
 * `burst`, every user logs in at the same moment; `late`, half of them do, and the other half arrive one by one
 * while the first half keeps the server busy, opening their connections then (as browsers arriving later do).
 * A third pattern, `logins` (only when asked for), has every user log in at once and do nothing else, and prints the
 * CPU time of those logins (the server's, and PostgreSQL's): on this many cores, the least time they can all take.
 * Prints requests/s beside a bare Fastify route's (BENCH_BARE_SECONDS), p50/p90/p99 of the requests served, errors,
 * timeouts, the requests refused as busy (503: the user waits for the turn it was given and sends the same request
 * again, as the portal does), what a user waited per call with those refusals, the calls answered per user, the
 * users that never got an answer, each user's first-answer and sign-in times, the server's event-loop delay and the
 * accept-queue depth sampled, for PGlite and (when BENCH_DATABASE_URL or TEST_DATABASE_URL is set) PostgreSQL.
 * BENCH_BACKENDS ("pglite,postgres") picks the databases; BENCH_DEBUG=1 prints each call that waited long, and
 * BENCH_DEBUG=logins each login's answer (when after the user's arrival, its status, a busy answer's turn). The
 * users accept compressed answers as browsers do (BENCH_ACCEPT_ENCODING, `br, gzip`; empty for none). Figures
 * only: nothing here asserts a time.
 */
// First: sizes the thread pool before anything uses it.
import '../server/thread-pool';
import { randomBytes } from 'node:crypto';
import { Agent, request as httpRequest } from 'node:http';
import { availableParallelism } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { hashPassword } from '../server/auth/passwords';
import { loadConfig } from '../server/config';
import { analyzeTables } from '../server/db/statistics';
import { inheritedListeningSocket, listenOnInheritedSocket } from '../server/listening-socket';
import { createServer } from '../server/server';
import { sampleAcceptQueue } from './bench/accept-queue';
import {
  answerLoopDelayQueries,
  type LoopDelay,
  machineLoad,
  postgresCpuMs,
  processCpuMs,
  startBenchChild,
  stopBenchChild,
} from './bench/child-server';

const DOMAIN = 'portal.localhost';
const USERS = Number(process.env.BENCH_USERS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 30_000);
const POSTGRES_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || null;
const BACKENDS = (process.env.BENCH_BACKENDS ?? 'pglite,postgres')
  .split(',')
  .filter((backend) => backend === 'pglite' || (backend === 'postgres' && POSTGRES_URL));
const PATTERNS = (process.env.BENCH_PATTERNS ?? 'burst,late')
  .split(',')
  .filter((pattern): pattern is Pattern => pattern === 'burst' || pattern === 'late' || pattern === 'logins');
const PASSWORD = 'bench-password';
/**
 * Before the measured run, a few users sign in and loop for this long (BENCH_WARMUP_SECONDS, 5; 0 skips it), as
 * bench:api warms up: the figures are of a server that has served before (its code compiled by V8, each route's
 * serializer built on first use), as a server is when its users arrive at nine, not of its first second.
 */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
const WARMUP_USERS = 4;
/** How long the users loop a bare Fastify route, for the throughput beside it (BENCH_BARE_SECONDS, 10; 0 skips). */
const BARE_SECONDS = Number(process.env.BENCH_BARE_SECONDS ?? 10);
const BARE_PATH = '/api/v2/bare';
/**
 * The encodings the users accept (BENCH_ACCEPT_ENCODING, `br, gzip` as browsers ask; empty for none): the API
 * compresses its JSON answers for them (server/http/compression.ts).
 */
const ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING ?? 'br, gzip';

/** BENCH_DEBUG=1 prints each loop call a user waited longer than this for (refusals included), in ms. */
const DEBUG = Boolean(process.env.BENCH_DEBUG);
/** BENCH_DEBUG=logins prints each login's answer. */
const DEBUG_LOGINS = process.env.BENCH_DEBUG === 'logins';
const LONG_WAIT_MS = 2_500;
/** As `npm run server` runs (ACCEPTS_PER_TURN, server/listening-socket.ts); BENCH_ACCEPTS_PER_TURN=1 compares. */
const ACCEPTS_PER_TURN = Number(process.env.BENCH_ACCEPTS_PER_TURN ?? loadConfig().acceptsPerTurn);

type Pattern = 'burst' | 'late' | 'logins';
const PATTERN_TITLES: Record<Pattern, string> = {
  burst: 'every user logs in at once',
  late: 'half log in at once, the others arrive while they loop',
  logins: 'every user logs in at once, and nothing else',
};

/** When user `index` starts, in ms after the run's start: in `late`, the second half over 10 to 50 % of the run. */
function startsAt(pattern: Pattern, index: number): number {
  const early = Math.ceil(USERS / 2);
  if (pattern !== 'late' || index < early) return 0;
  const lateUsers = USERS - early;
  return SECONDS * 1000 * (0.1 + (0.4 * (index - early)) / Math.max(1, lateUsers));
}

const LOOP = [
  '/api/v2/projects?per_page=25&sort=-updated_at',
  '/api/v2/projects?count=1&include_sub_projects=1',
  '/api/v2/my-account/notifications?per_page=10',
];

const username = (index: number) => `bench-user-${index}`;

/**
 * The address user `index` comes from, as a proxy in front of the server tells it (`X-Forwarded-For`, believed from
 * loopback by default): in a real deployment each user has an address of its own, and the login rate limit counts
 * per address.
 */
const addressOf = (index: number) => `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;

/** Child process: a seeded server with USERS extra Managers of acme; prints `{port}`, stops on SIGTERM. */
async function serve(backend: string): Promise<void> {
  const databaseUrl = backend === 'postgres' ? POSTGRES_URL : null;
  const schema = databaseUrl ? `bench_${randomBytes(6).toString('hex')}` : undefined;
  const config = {
    // Only the shedding threshold is taken from the environment (OVERLOAD_SHED_AFTER_MS, to compare).
    ...loadConfig({ OVERLOAD_SHED_AFTER_MS: process.env.OVERLOAD_SHED_AFTER_MS }),
    demoFiles: false,
    port: 0,
    host: '127.0.0.1',
    domain: DOMAIN,
    databaseUrl,
    pgliteDir: 'memory://',
    portalDir: null,
    seed: true,
  };
  const server = await createServer(config, { schema });
  const { db } = server;
  const acme = await db
    .selectFrom('companies')
    .select('id')
    .where('sub_domain', '=', 'acme')
    .executeTakeFirstOrThrow();
  const manager = await db
    .selectFrom('roles')
    .select('id')
    .where('company_id', '=', acme.id)
    .where('title', '=', 'Manager')
    .executeTakeFirstOrThrow();
  const passwordHash = await hashPassword(PASSWORD);
  const users = await db
    .insertInto('users')
    .values(
      Array.from({ length: USERS }, (_, index) => ({
        name: `Bench user ${index}`,
        username: username(index),
        email: `${username(index)}@bench.example`,
        password_hash: passwordHash,
        function: null,
        phone_number: null,
        profile_image: null,
        email_verified_at: null,
        deleted_at: null,
      })),
    )
    .returning('id')
    .execute();
  await db
    .insertInto('company_user')
    .values(users.map((user) => ({ company_id: acme.id, user_id: user.id, role_id: manager.id })))
    .execute();
  // The server analyzed its tables when it started; these users came after (autovacuum would see them soon).
  await analyzeTables(db, 'all');
  const inherited = inheritedListeningSocket();
  if (inherited) await listenOnInheritedSocket(server.app, inherited);
  else await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  process.stdout.write(
    `${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`,
  );
  answerLoopDelayQueries();
  process.on('SIGTERM', async () => {
    if (schema) await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db);
    await server.close();
    process.exit(0);
  });
}

/**
 * Child process: a bare Fastify server with one route answering a small JSON body, nothing else (no database, no
 * hooks); prints `{port}`, stops on SIGTERM. What this machine serves at most, beside the portal's throughput.
 */
async function serveBare(): Promise<void> {
  const app = Fastify({ logger: false });
  app.get(BARE_PATH, async () => ({ data: [], total: 0 }));
  const inherited = inheritedListeningSocket();
  if (inherited) await listenOnInheritedSocket(app, inherited);
  else await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  process.stdout.write(
    `${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`,
  );
  process.on('SIGTERM', async () => {
    await app.close();
    process.exit(0);
  });
}

/** The users loop the bare route for BARE_SECONDS, each on its own connection, one request at a time. */
async function runBare(): Promise<void> {
  const { child, announcement } = await startBenchChild<{ port: number }>(
    fileURLToPath(import.meta.url),
    ['--serve-bare'],
    ACCEPTS_PER_TURN > 1 ? ACCEPTS_PER_TURN : undefined,
  );
  try {
    const figures = tally();
    const started = performance.now();
    const deadline = started + BARE_SECONDS * 1000;
    await Promise.all(
      Array.from({ length: USERS }, async () => {
        const agent = new Agent({ keepAlive: true, maxSockets: 1 });
        try {
          while (performance.now() < deadline)
            await timed(figures, () => send(agent, announcement.port, 'GET', BARE_PATH, {}));
        } finally {
          agent.destroy();
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `\nA bare Fastify route on this machine, ${USERS} users looping for ${BARE_SECONDS} s (BENCH_BARE_SECONDS; ${machineLoad()} at the end):`,
    );
    console.log(`calls   requests   req/s  p50 ms  p90 ms  p99 ms  max ms  errors  timeouts  busy 503`);
    console.log(describe('bare', figures, seconds));
  } finally {
    await stopBenchChild(child);
  }
}

type Outcome =
  | { kind: 'answered'; status: number; body: string; retryAfter: number }
  | { kind: 'timeout' }
  | { kind: 'failed' };

/** An answer's text from its bytes as sent (Brotli or gzip where the server compressed it). */
function decodeBody(encoded: Buffer, encoding: string | undefined): string {
  if (encoding === 'br') return brotliDecompressSync(encoded).toString();
  if (encoding === 'gzip') return gunzipSync(encoded).toString();
  return encoded.toString();
}

/** One request on the user's own keep-alive connection; a timeout drops that connection, like a browser would. */
function send(
  agent: Agent,
  port: number,
  method: 'GET' | 'POST',
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Outcome> {
  return new Promise((resolve) => {
    const request = httpRequest(
      {
        agent,
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: {
          host: `acme.${DOMAIN}:${port}`,
          accept: 'application/json',
          ...(ACCEPT_ENCODING && { 'accept-encoding': ACCEPT_ENCODING }),
          ...headers,
        },
        timeout: TIMEOUT_MS,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const encoded = Buffer.concat(chunks);
          const encoding = response.headers['content-encoding'];
          let text: string | undefined;
          resolve({
            kind: 'answered',
            status: response.statusCode ?? 0,
            // Decoded when read (a login's token, a refusal's turn), not for every list the users loop.
            get body() {
              text ??= decodeBody(encoded, encoding);
              return text;
            },
            retryAfter: Number(response.headers['retry-after'] ?? 0),
          });
        });
        response.on('error', () => resolve({ kind: 'failed' }));
      },
    );
    request.on('timeout', () => {
      request.destroy();
      resolve({ kind: 'timeout' });
    });
    request.on('error', () => resolve({ kind: 'failed' }));
    request.end(body);
  });
}

interface Tally {
  latencies: number[];
  /** When each answered request was sent (performance.now()), beside its latency. */
  sentAt: number[];
  errors: number;
  timeouts: number;
  /** Answered 503 busy (server/http/overload.ts): refused at once, not served; not in the latencies. */
  busy: number;
}

const tally = (): Tally => ({ latencies: [], sentAt: [], errors: 0, timeouts: 0, busy: 0 });

/** The latencies of a tally's answered requests sent before `at` and those sent at or after it. */
const splitAt = (figures: Tally, at: number): [before: number[], after: number[]] => [
  figures.latencies.filter((_, index) => figures.sentAt[index] < at),
  figures.latencies.filter((_, index) => figures.sentAt[index] >= at),
];

/** `p50 / p90 / p99` of some latencies, in ms. */
const percentiles = (latencies: number[]) => {
  const sorted = [...latencies].sort((a, b) => a - b);
  return [0.5, 0.9, 0.99].map((fraction) => ms(percentile(sorted, fraction))).join(' / ');
};

/** Times one request into a tally. */
async function timed(target: Tally, call: () => Promise<Outcome>): Promise<Outcome> {
  const started = performance.now();
  const outcome = await call();
  if (outcome.kind === 'timeout') target.timeouts += 1;
  else if (refusedAsBusy(outcome)) target.busy += 1;
  else {
    target.latencies.push(performance.now() - started);
    target.sentAt.push(started);
    if (!succeeded(outcome)) target.errors += 1;
  }
  return outcome;
}

const refusedAsBusy = (outcome: Outcome) =>
  outcome.kind === 'answered' && outcome.status === 503 && outcome.body.includes('"busy":true');

/**
 * A refused user waits until the turn the server gave it (`retry_after_ms`), or without one as long as `Retry-After`
 * says and a random part of the second after it, as the portal does (src/providers/http-client.ts; never past the
 * deadline).
 */
async function waitIfRefused(outcome: Outcome, deadline: number): Promise<void> {
  if (outcome.kind !== 'answered' || !refusedAsBusy(outcome)) return;
  const turn = (JSON.parse(outcome.body) as { retry_after_ms?: number }).retry_after_ms;
  const asked =
    typeof turn === 'number' ? turn : Math.max(outcome.retryAfter, 1) * 1000 + Math.random() * 1000;
  const wait = Math.min(asked, deadline - performance.now());
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

const succeeded = (outcome: Outcome) =>
  outcome.kind === 'answered' && outcome.status >= 200 && outcome.status < 300;

interface UserFigures {
  answers: number;
  /** From the user's arrival (its connection opening) to its first answer of any kind, in ms; null: none. */
  firstAnswerMs: number | null;
  /** From the user's arrival to its login served (busy refusals and their waits included), in ms; null: never. */
  signedInMs: number | null;
  /** What the user waited for each call of its loop that was answered: busy refusals and their waits included, ms. */
  callWaits: number[];
  /** The user's loop calls answered (not busy). */
  served: number;
}

/**
 * One simulated user: arrives at `arrival`, logs in, then (with `loops`) loops the calls until the common deadline
 * (logins count in the run time, as when everybody starts work at nine).
 */
async function simulateUser(
  port: number,
  index: number,
  login: Tally,
  loop: Tally,
  arrival: number,
  deadline: number,
  signedIn: () => void,
  loops: boolean,
): Promise<UserFigures> {
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, arrival - performance.now())));
  const arrived = performance.now();
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  let answers = 0;
  let firstAnswerMs: number | null = null;
  let signedInMs: number | null = null;
  try {
    let loggedIn: Outcome = { kind: 'timeout' };
    // A login that timed out is tried again, like a user pressing the button once more; one refused as busy after
    // Retry-After, as the portal does.
    while ((loggedIn.kind === 'timeout' || refusedAsBusy(loggedIn)) && performance.now() < deadline) {
      loggedIn = await timed(login, () =>
        send(
          agent,
          port,
          'POST',
          '/api/v2/login',
          { 'content-type': 'application/json', 'x-forwarded-for': addressOf(index) },
          JSON.stringify({ identity: username(index), password: PASSWORD }),
        ),
      );
      if (loggedIn.kind === 'answered') firstAnswerMs ??= performance.now() - arrived;
      if (DEBUG_LOGINS) {
        const body = loggedIn.kind === 'answered' && refusedAsBusy(loggedIn) ? loggedIn.body : '';
        const turn = body ? (JSON.parse(body) as { retry_after_ms?: number }).retry_after_ms : undefined;
        console.log(
          `login: user ${index}, answered ${Math.round(performance.now() - arrived)} ms after arrival, ${loggedIn.kind === 'answered' ? loggedIn.status : loggedIn.kind}${turn === undefined ? '' : `, turn in ${turn} ms`}`,
        );
      }
      await waitIfRefused(loggedIn, deadline);
    }
    signedIn();
    if (loggedIn.kind !== 'answered' || !succeeded(loggedIn))
      return { answers, firstAnswerMs, signedInMs, callWaits: [], served: 0 };
    signedInMs = performance.now() - arrived;
    answers += 1;
    if (!loops) return { answers, firstAnswerMs, signedInMs, callWaits: [], served: 0 };
    const token = (JSON.parse(loggedIn.body) as { access_token: string }).access_token;
    const callWaits: number[] = [];
    let served = 0;
    // Each call is sent again after a busy refusal (as the portal sends the same request after Retry-After) until
    // it is answered; what the user waited for it counts the refusals and their waits.
    for (let call = 0; performance.now() < deadline; call += 1) {
      const path = LOOP[call % LOOP.length];
      const callStarted = performance.now();
      let outcome: Outcome;
      let refusals = -1;
      do {
        refusals += 1;
        outcome = await timed(loop, () =>
          send(agent, port, 'GET', path, {
            authorization: `Bearer ${token}`,
            'x-forwarded-for': addressOf(index),
          }),
        );
        await waitIfRefused(outcome, deadline);
      } while (refusedAsBusy(outcome) && performance.now() < deadline);
      if (outcome.kind === 'answered' && !refusedAsBusy(outcome)) {
        served += 1;
        callWaits.push(performance.now() - callStarted);
        if (DEBUG && performance.now() - callStarted > LONG_WAIT_MS)
          console.log(
            `long wait: user ${index}, call ${call}, sent ${Math.round(callStarted - arrived)} ms after arrival, waited ${Math.round(performance.now() - callStarted)} ms, ${refusals} refusals`,
          );
      }
      if (succeeded(outcome)) answers += 1;
    }
    return { answers, firstAnswerMs, signedInMs, callWaits, served };
  } finally {
    agent.destroy();
  }
}

function percentile(sorted: number[], fraction: number): number {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
}

const ms = (value: number) => (Number.isFinite(value) ? Math.round(value).toLocaleString('en-US') : '-');

function describe(name: string, figures: Tally, seconds: number): string {
  const sorted = [...figures.latencies].sort((a, b) => a - b);
  const perSecond = (figures.latencies.length / seconds).toFixed(0);
  return `${name.padEnd(7)} ${String(figures.latencies.length + figures.timeouts + figures.busy).padStart(8)} ${perSecond.padStart(7)} ${ms(percentile(sorted, 0.5)).padStart(7)} ${ms(percentile(sorted, 0.9)).padStart(7)} ${ms(percentile(sorted, 0.99)).padStart(7)} ${ms(sorted.at(-1) ?? Number.NaN).padStart(7)} ${String(figures.errors).padStart(7)} ${String(figures.timeouts).padStart(9)} ${String(figures.busy).padStart(9)}`;
}

interface CpuReading {
  server: number | null;
  postgres: number | null;
  requests: number;
  at: number;
}

const readCpu = (pid: number | undefined, backend: string, loop: Tally): CpuReading => ({
  server: pid ? processCpuMs(pid) : null,
  postgres: backend === 'postgres' ? postgresCpuMs() : null,
  requests: loop.latencies.length,
  at: performance.now(),
});

function describeCpu(start: CpuReading, end: CpuReading, backend: string): string {
  const requests = end.requests - start.requests;
  const perRequest = (from: number | null, to: number | null) =>
    from === null || to === null || !requests ? '-' : ((to - from) / requests).toFixed(2);
  const database =
    backend === 'postgres'
      ? `, PostgreSQL ${perRequest(start.postgres, end.postgres)} ms (every postgres process on the machine)`
      : ' (the embedded database included)';
  return `loop after the last login: ${requests} requests in ${((end.at - start.at) / 1000).toFixed(1)} s; CPU per request: server ${perRequest(start.server, end.server)} ms${database}`;
}

/**
 * The warm-up: WARMUP_USERS users (the first ones, from addresses of their own outside the run's) sign in, loop the
 * calls ten times and sign in again, until WARMUP_SECONDS have passed. Nothing is counted.
 */
async function warmUp(port: number): Promise<void> {
  const until = performance.now() + WARMUP_SECONDS * 1000;
  await Promise.all(
    Array.from({ length: WARMUP_USERS }, async (_, index) => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      const from = { 'x-forwarded-for': `192.0.2.${index + 1}` };
      try {
        while (performance.now() < until) {
          const login = await send(
            agent,
            port,
            'POST',
            '/api/v2/login',
            { 'content-type': 'application/json', ...from },
            JSON.stringify({ identity: username(index), password: PASSWORD }),
          );
          if (!succeeded(login) || login.kind !== 'answered') continue;
          const token = (JSON.parse(login.body) as { access_token: string }).access_token;
          for (let call = 0; call < 10 * LOOP.length; call += 1) {
            await send(agent, port, 'GET', LOOP[call % LOOP.length], {
              authorization: `Bearer ${token}`,
              ...from,
            });
          }
        }
      } finally {
        agent.destroy();
      }
    }),
  );
}

async function run(backend: string, pattern: Pattern): Promise<void> {
  const { child, announcement, ask } = await startBenchChild<{ port: number }>(
    fileURLToPath(import.meta.url),
    ['--serve', backend],
    ACCEPTS_PER_TURN > 1 ? ACCEPTS_PER_TURN : undefined,
  );
  try {
    console.log(
      `\n${backend === 'postgres' ? 'PostgreSQL' : 'PGlite'}, ${PATTERN_TITLES[pattern]} (${machineLoad()} at the start)`,
    );
    await warmUp(announcement.port);
    const login = tally();
    const loop = tally();
    await ask('loop-delay:reset');
    const clientDelay = monitorEventLoopDelay({ resolution: 10 });
    clientDelay.enable();
    const acceptQueue = sampleAcceptQueue(announcement.port);
    // In `logins`, the users only log in.
    const loops = pattern !== 'logins';
    const cpuAtStart = readCpu(child.pid, backend, loop);
    const started = performance.now();
    const deadline = started + SECONDS * 1000;
    // CPU used per loop request once every login is over (a login's hash would swamp it): comparable across runs
    // on a busy machine, where the times are not.
    let settled = 0;
    const loopStart: { reading?: CpuReading } = {};
    const signedIn = () => {
      settled += 1;
      if (settled === USERS) loopStart.reading = readCpu(child.pid, backend, loop);
    };
    const users = await Promise.all(
      Array.from({ length: USERS }, (_, index) =>
        simulateUser(
          announcement.port,
          index,
          login,
          loop,
          started + startsAt(pattern, index),
          deadline,
          signedIn,
          loops,
        ),
      ),
    );
    const loopEnd = readCpu(child.pid, backend, loop);
    if (!loops && cpuAtStart.server !== null && loopEnd.server !== null) {
      const cpuSeconds = (from: number | null, to: number | null) =>
        from === null || to === null ? 0 : (to - from) / 1000;
      const server = cpuSeconds(cpuAtStart.server, loopEnd.server);
      const database = cpuSeconds(cpuAtStart.postgres, loopEnd.postgres);
      const cores = availableParallelism();
      console.log(
        `CPU for the ${USERS} logins: ${(server + database).toFixed(2)} s (${backend === 'postgres' ? `server ${server.toFixed(2)} s, PostgreSQL ${database.toFixed(2)} s` : 'the embedded database included'}), ${ms(((server + database) * 1000) / USERS)} ms a login: on ${cores} cores, at least ${((server + database) / cores).toFixed(2)} s for them all`,
      );
    }
    const queue = acceptQueue.stop();
    const loopDelay = await ask<LoopDelay>('loop-delay');
    clientDelay.disable();
    const delayMs = (nanoseconds: number) => Math.round(nanoseconds / 1e5) / 10;
    const seconds = (performance.now() - started) / 1000;
    console.log(`calls   requests   req/s  p50 ms  p90 ms  p99 ms  max ms  errors  timeouts  busy 503`);
    console.log(describe('login', login, seconds));
    if (loops) console.log(describe('loop', loop, seconds));
    const all = {
      latencies: [...login.latencies, ...loop.latencies],
      sentAt: [...login.sentAt, ...loop.sentAt],
      errors: login.errors + loop.errors,
      timeouts: login.timeouts + loop.timeouts,
      busy: login.busy + loop.busy,
    };
    if (loops) console.log(describe('all', all, seconds));
    const unanswered = users.filter((user) => user.firstAnswerMs === null).length;
    const starvedInLoop = users.filter((user) => user.answers <= 1).length;
    const firstAnswers = users.flatMap((user) => (user.firstAnswerMs === null ? [] : [user.firstAnswerMs]));
    console.log(
      `last login answered after ${(Math.max(0, ...login.latencies) / 1000).toFixed(1)} s; users never answered: ${unanswered}${loops ? `; users never answered after their login: ${starvedInLoop}` : ''}; ${machineLoad()} at the end`,
    );
    console.log(
      `each user's first answer p50 / p90 / p99 / max ms: ${percentiles(firstAnswers)} / ${ms(Math.max(...firstAnswers))}; over 1 s: ${firstAnswers.filter((time) => time > 1000).length}`,
    );
    const signInTimes = users.flatMap((user) => (user.signedInMs === null ? [] : [user.signedInMs]));
    console.log(
      `each user's sign-in (arrival to login served) p50 / p90 / p99 / max ms: ${percentiles(signInTimes)} / ${ms(Math.max(...signInTimes))}; never signed in: ${USERS - signInTimes.length}`,
    );
    if (!loops) return;
    const waits = users.flatMap((user) => user.callWaits);
    const waitSorted = [...waits].sort((a, b) => a - b);
    const servedPerUser = users.map((user) => user.served).sort((a, b) => a - b);
    console.log(
      `what a user waited per loop call (busy refusals and Retry-After included) p50 / p90 / p99 ms: ${percentiles(waits)}; p99 / p50: ${(percentile(waitSorted, 0.99) / percentile(waitSorted, 0.5)).toFixed(1)}; calls answered per user min / p50 / max: ${servedPerUser[0]} / ${percentile(servedPerUser, 0.5)} / ${servedPerUser.at(-1)}`,
    );
    console.log(
      `server event-loop delay p50 / p99 / max ms: ${loopDelay.p50} / ${loopDelay.p99} / ${loopDelay.max} (the simulated users' own: ${delayMs(clientDelay.percentile(50))} / ${delayMs(clientDelay.percentile(99))} / ${delayMs(clientDelay.max)}); accept queue: ${queue.max} at most, not empty in ${queue.nonEmpty} of ${queue.samples} samples (every 50 ms)`,
    );
    const { reading } = loopStart;
    if (reading) {
      const [during, after] = splitAt(loop, reading.at);
      console.log(
        `loop p50 / p90 / p99 ms: ${percentiles(during)} during the logins (${during.length} requests), ${percentiles(after)} after them`,
      );
      console.log(describeCpu(reading, loopEnd, backend));
    }
  } finally {
    await stopBenchChild(child);
  }
}

async function main(): Promise<void> {
  console.log(
    `Load benchmark: ${USERS} users log in, then loop the project list, the count and the notifications until ${SECONDS} s after the start`,
  );
  console.log(
    `  each user: one keep-alive connection, one request at a time, ${TIMEOUT_MS / 1000} s client timeout`,
  );
  if (!POSTGRES_URL)
    console.log('  PostgreSQL skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to include it');
  if (WARMUP_SECONDS > 0)
    console.log(
      `  before each run: ${WARMUP_USERS} users sign in and loop for ${WARMUP_SECONDS} s (BENCH_WARMUP_SECONDS)`,
    );
  console.log(
    `  server: given its listening socket ${ACCEPTS_PER_TURN} times (BENCH_ACCEPTS_PER_TURN), so a turn of its event loop accepts up to ${ACCEPTS_PER_TURN} connections`,
  );
  console.log(`  machine: ${availableParallelism()} cores (other load skews the figures)`);
  if (BARE_SECONDS > 0) await runBare();
  for (const backend of BACKENDS) for (const pattern of PATTERNS) await run(backend, pattern);
}

if (process.argv[2] === '--serve-bare') await serveBare();
else if (process.argv[2] === '--serve') await serve(process.argv[3]);
else await main();
