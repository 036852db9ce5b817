/**
 * `npm run bench:api`: latency of the project list and count calls under concurrent load (autocannon), with
 * 1,000 and 100,000 projects in one tenant, on PGlite and (when BENCH_DATABASE_URL or TEST_DATABASE_URL is
 * set) on PostgreSQL. Prints median and p99 latency, throughput, and the 100,000-row / 1,000-row median ratio.
 * Figures only: nothing here asserts a time. Then runs scripts/bench-realtime.ts when it exists.
 *
 * Each server runs in its own child process (`--serve`), so the load generator does not share its event loop.
 * Settings: BENCH_SECONDS (10 per run), BENCH_CONNECTIONS (10), BENCH_SIZES ("1000,100000"),
 * BENCH_SEARCH ("harbour tower"), BENCH_BROAD_SEARCH ("harbour"), BENCH_BACKENDS ("pglite,postgres"),
 * BENCH_REALTIME=0 skips the realtime part.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { hashToken, newToken } from '../server/auth/session';
import { loadConfig } from '../server/config';
import type { DB } from '../server/db/database';
import { createServer } from '../server/server';
import { machineLoad, startBenchChild, stopBenchChild } from './bench/child-server';

const DOMAIN = 'portal.localhost';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SIZES = (process.env.BENCH_SIZES ?? '1000,100000').split(',').map(Number);
/** What a user types to find a project by name (matches about a dozen of 100,000 generated projects). */
const SEARCH = process.env.BENCH_SEARCH ?? 'harbour tower';
/** A one-word search matching a few percent of all projects: shows how search cost follows the matches. */
const BROAD_SEARCH = process.env.BENCH_BROAD_SEARCH ?? 'harbour';
const POSTGRES_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || null;
const BACKENDS = (process.env.BENCH_BACKENDS ?? 'pglite,postgres')
  .split(',')
  .filter((backend) => backend === 'pglite' || (backend === 'postgres' && POSTGRES_URL));

const listCall = (search: string) =>
  `/api/v2/projects?per_page=25&sort=-updated_at&filter%5Bsearch%5D=${encodeURIComponent(search)}`;
const CALLS = {
  list: listCall(SEARCH),
  broad: listCall(BROAD_SEARCH),
  count: '/api/v2/projects?count=1&include_sub_projects=1',
};
type CallName = keyof typeof CALLS;

/** Words project names and descriptions are made of: a one-word search matches a few percent of the projects. */
const WORDS = [
  'Harbour Tower Riverside Lofts Maple Grove Station Office Park Villa Mill Skyline School Library',
  'Canal Dune Market Sunset Cedar Willow Clinic Museum Orchard Pier Campus Chapel Meadow Hotel Marina',
  'Bridge Garden Atrium Lighthouse Theatre Copper Duplex Showroom Plaza Terrace Court Square Harvest',
  'Summit Valley Quarry Forge Wharf Arcade Gallery Pavilion Residence Warehouse Depot Studio Hangar',
  'Annex Lodge Cottage Manor Rectory Granary Brewery Bakery Foundry Tannery Cannery Refinery Mint',
  'Exchange Arsenal Barracks Citadel Bastion Rampart Causeway Viaduct Aqueduct Lock Weir Sluice Dock',
  'Quay Jetty Boathouse Pumphouse Signal Tollhouse Gatehouse Orangery Conservatory Observatory',
  'Planetarium Aquarium Stadium Arena Velodrome Lido',
]
  .join(' ')
  .split(' ');

/** Adds generated projects (with a label and members) to acme until it has `total` live top-level projects. */
async function addProjects(db: DB, total: number): Promise<void> {
  const acme = await db
    .selectFrom('companies')
    .select('id')
    .where('sub_domain', '=', 'acme')
    .executeTakeFirstOrThrow();
  const existing = await db
    .selectFrom('projects')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('company_id', '=', acme.id)
    .where('parent_id', 'is', null)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  const missing = total - Number(existing.count);
  if (missing <= 0) return;
  const words = sql.raw(`array[${WORDS.map((word) => `'${word}'`).join(',')}]`);
  await db.transaction().execute(async (trx) => {
    await sql`
      insert into projects (company_id, name, description, status, created_at, updated_at)
      select ${acme.id},
        (${words})[1 + i % ${WORDS.length}] || ' ' || (${words})[1 + (i / ${WORDS.length}) % ${WORDS.length}] || ' ' || i,
        'Generated project ' || i || ' near the ' || (${words})[1 + (i * 7) % ${WORDS.length}],
        case when i % 4 = 3 then 'inactive' else 'active' end,
        now() - make_interval(mins => i),
        now() - make_interval(mins => (i * 37) % 100000)
      from generate_series(1, ${missing}::integer) as i
    `.execute(trx);
    await sql`
      insert into project_labels (project_id, label_id)
      select p.id, (select id from labels where company_id = ${acme.id} order by id offset p.id % 6 limit 1)
      from projects p where p.company_id = ${acme.id} and p.description like 'Generated project %'
    `.execute(trx);
    await sql`
      insert into project_user (project_id, user_id)
      select p.id, u.id from projects p cross join users u
      where p.company_id = ${acme.id} and p.description like 'Generated project %'
        and u.username in ('alice', 'bob') and (p.id + u.id) % 2 = 0
    `.execute(trx);
  });
  await sql`vacuum analyze projects, project_labels, project_user`.execute(db);
}

/** Child process: one server with `size` projects; prints `{port, token}` as a JSON line, stops on SIGTERM. */
async function serve(backend: string, size: number): Promise<void> {
  const databaseUrl = backend === 'postgres' ? POSTGRES_URL : null;
  const schema = databaseUrl ? `bench_${randomBytes(6).toString('hex')}` : undefined;
  const config = {
    ...loadConfig({}),
    demoFiles: false,
    host: '127.0.0.1',
    port: 0,
    domain: DOMAIN,
    databaseUrl,
    pgliteDir: 'memory://',
    dataDir: null,
    portalDir: null,
    seed: true,
  };
  const server = await createServer(config, { schema });
  await addProjects(server.db, size);
  const user = await server.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', 'alice')
    .executeTakeFirstOrThrow();
  const token = newToken();
  await server.db
    .insertInto('access_tokens')
    .values({
      user_id: user.id,
      company_id: null,
      token_hash: hashToken(token),
      expires_at: new Date(Date.now() + 86_400_000),
    })
    .execute();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.stdout.write(`${JSON.stringify({ port, token })}\n`);
  process.on('SIGTERM', async () => {
    if (schema) await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(server.db);
    await server.close();
    process.exit(0);
  });
}

interface Running {
  child: ChildProcess;
  port: number;
  token: string;
}

async function startChild(backend: string, size: number): Promise<Running> {
  const { child, announcement } = await startBenchChild<{ port: number; token: string }>(
    fileURLToPath(import.meta.url),
    ['--serve', backend, String(size)],
  );
  return { child, ...announcement };
}

interface Figures {
  median: number;
  p99: number;
  requestsPerSecond: number;
  errors: number;
}

async function load(running: Running, path: string, seconds: number): Promise<Figures> {
  const result = await autocannon({
    url: `http://127.0.0.1:${running.port}${path}`,
    connections: CONNECTIONS,
    duration: seconds,
    headers: {
      host: `acme.${DOMAIN}:${running.port}`,
      authorization: `Bearer ${running.token}`,
      accept: 'application/json',
    },
  });
  return {
    median: result.latency.p50,
    p99: result.latency.p99,
    requestsPerSecond: result.requests.average,
    errors: result.non2xx + result.errors,
  };
}

const format = (value: number, digits = 1) =>
  value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

async function main(): Promise<void> {
  console.log(
    `API benchmark (autocannon, ${CONNECTIONS} connections, ${SECONDS} s per call after a 2 s warm-up)`,
  );
  console.log(`  list:  GET ${decodeURIComponent(CALLS.list)}`);
  console.log(
    `  broad: GET ${decodeURIComponent(CALLS.broad)}  (the same list, a search matching a few percent)`,
  );
  console.log(`  count: GET ${CALLS.count}`);
  if (!POSTGRES_URL)
    console.log('  PostgreSQL skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to include it');
  console.log(`  machine: ${availableParallelism()} cores, ${machineLoad()} (other load skews the figures)`);
  console.log('');
  console.log('backend     projects   call    median ms   p99 ms   req/s    non-2xx');
  const medians = new Map<string, number>();
  for (const backend of BACKENDS) {
    for (const size of SIZES) {
      const started = Date.now();
      const running = await startChild(backend, size);
      const setup = (Date.now() - started) / 1000;
      try {
        for (const call of Object.keys(CALLS) as CallName[]) {
          await load(running, CALLS[call], 2);
          const figures = await load(running, CALLS[call], SECONDS);
          medians.set(`${backend}:${size}:${call}`, figures.median);
          console.log(
            `${backend.padEnd(11)} ${size.toLocaleString('en-US').padStart(8)}   ${call.padEnd(6)} ${format(figures.median).padStart(10)} ${format(figures.p99).padStart(8)} ${format(figures.requestsPerSecond, 0).padStart(7)} ${String(figures.errors).padStart(9)}`,
          );
        }
        console.log(
          `${''.padEnd(11)} (server with ${size.toLocaleString('en-US')} projects ready in ${format(setup)} s)`,
        );
      } finally {
        await stopBenchChild(running.child);
      }
    }
  }
  const [small, large] = [Math.min(...SIZES), Math.max(...SIZES)];
  if (small !== large) {
    console.log(
      `\nRatio of the ${large.toLocaleString('en-US')}-project median to the ${small.toLocaleString('en-US')}-project median (goal: under 2)`,
    );
    for (const backend of BACKENDS) {
      const ratios = (Object.keys(CALLS) as CallName[]).map((call) => {
        const ratio =
          medians.get(`${backend}:${large}:${call}`)! /
          Math.max(medians.get(`${backend}:${small}:${call}`)!, 0.01);
        return `${call} ${format(ratio, 2)}`;
      });
      console.log(`  ${backend.padEnd(10)} ${ratios.join(', ')}`);
    }
  }

  console.log(`\nmachine at the end: ${machineLoad()}`);

  const realtime = fileURLToPath(new URL('./bench-realtime.ts', import.meta.url));
  if (existsSync(realtime) && process.env.BENCH_REALTIME !== '0') {
    console.log('\nRealtime benchmark (scripts/bench-realtime.ts)\n');
    const tsx = fileURLToPath(new URL('../node_modules/.bin/tsx', import.meta.url));
    const child = spawn(tsx, [realtime], { stdio: 'inherit' });
    const code: number = await new Promise((resolve) =>
      child.once('exit', (exitCode) => resolve(exitCode ?? 1)),
    );
    if (code !== 0) process.exitCode = code;
  }
}

if (process.argv[2] === '--serve') await serve(process.argv[3], Number(process.argv[4]));
else await main();
