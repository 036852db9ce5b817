/**
 * `npm run bench:export`: the memory and time of a server export of 100,000 rows (issue 46,
 * server/processing/list-export-processing.ts). A server in this process on PGlite (or PostgreSQL with
 * BENCH_DATABASE_URL / TEST_DATABASE_URL), acme given BENCH_EXPORT_ROWS labels (100,000), then `POST /list-exports`
 * of the labels list as CSV and as XLSX; while each job runs, this process's live heap (after a forced garbage
 * collection) is sampled every 100 ms. Prints, per format: the rows, the time, the file's size, and the peak live
 * heap above what it was before the export, beside what the same rows take when they are held (every page of the
 * list read and kept): the export writes each page and lets it go, so its peak stays near one page's (the list
 * endpoint's own work for a page included). Figures only: nothing asserts.
 */
import { randomBytes } from 'node:crypto';
import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import v8 from 'node:v8';
import vm from 'node:vm';
import { sql } from 'kysely';
import { issueToken } from '../server/auth/session';
import { loadConfig } from '../server/config';
import { createServer } from '../server/server';
import type { ListExportFormat } from '../shared/list-exports';

const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 100_000);
const DOMAIN = 'portal.localhost';
const HOST = `acme.${DOMAIN}`;
const databaseUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || null;
const schema = databaseUrl ? `bench_${randomBytes(6).toString('hex')}` : undefined;
const storageDir = join('test-results', `bench-export-${randomBytes(4).toString('hex')}`);

// A collection before each sample: the live heap, not the garbage a collection has yet to take.
v8.setFlagsFromString('--expose_gc');
const gc = vm.runInNewContext('gc') as () => void;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const loaded = loadConfig({});
const server = await createServer(
  {
    ...loaded,
    host: '127.0.0.1',
    port: 0,
    domain: DOMAIN,
    databaseUrl,
    pgliteDir: 'memory://',
    dataDir: null,
    storageDir,
    portalDir: null,
    seed: true,
    demoFiles: false,
    shedAfterMs: 0,
    processing: { ...loaded.processing, stepMs: 0, warmProcess: false },
  },
  { schema },
);
const { app, db } = server;
await app.listen({ port: 0, host: '127.0.0.1' });

try {
  const acme = await db
    .selectFrom('companies')
    .select('id')
    .where('sub_domain', '=', 'acme')
    .executeTakeFirstOrThrow();
  const alice = await db
    .selectFrom('users')
    .select('id')
    .where('username', '=', 'alice')
    .executeTakeFirstOrThrow();
  await sql`
    insert into labels (company_id, name, color)
    select ${acme.id}, 'Bench label ' || lpad(n::text, 6, '0') || ', "quoted"', '#336699'
    from generate_series(1, ${ROWS}) as n
  `.execute(db);
  const { token } = await issueToken(db, alice.id, acme.id, new Date(Date.now() + 3_600_000));
  const headers = { host: HOST, authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const query = 'filter%5Bsearch%5D=Bench%20label&sort=name';
  console.log(
    `Export of ${ROWS.toLocaleString('en')} labels on ${databaseUrl ? 'PostgreSQL' : 'PGlite'} ` +
      `(Node ${process.version}, live heap sampled every 100 ms):`,
  );

  /** Samples the live heap until `during` settles; its peak above the start. */
  async function peaks<T>(during: () => Promise<T>) {
    gc();
    const before = process.memoryUsage().heapUsed;
    let heap = 0;
    const sample = () => {
      gc();
      heap = Math.max(heap, process.memoryUsage().heapUsed - before);
    };
    const sampler = setInterval(sample, 100);
    try {
      const result = await during();
      sample();
      return { result, heap };
    } finally {
      clearInterval(sampler);
    }
  }

  for (const format of ['csv', 'xlsx'] as ListExportFormat[]) {
    const started = performance.now();
    const measured = await peaks(async () => {
      const answer = await app.inject({
        method: 'POST',
        url: '/api/v2/list-exports',
        headers,
        payload: {
          list: '/labels',
          query,
          columns: [
            { field: 'id', header: 'ID', kind: 'text' },
            { field: 'name', header: 'Name', kind: 'text' },
            { field: 'created_at', header: 'Created', kind: 'datetime' },
          ],
          format,
          name: 'Labels',
          time_zone: 'Europe/Amsterdam',
        },
      });
      if (answer.statusCode !== 201)
        throw new Error(`POST /list-exports: ${answer.statusCode} ${answer.body}`);
      const { id } = answer.json<{ data: { id: number } }>().data;
      for (;;) {
        const row = await db
          .selectFrom('list_exports')
          .selectAll()
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        if (row.status === 'FINISHED' || row.status === 'FAILED') return row;
        await delay(100);
      }
    });
    const seconds = (performance.now() - started) / 1000;
    const row = measured.result;
    const size = row.file_key ? (await stat(join(storageDir, row.file_key))).size : 0;
    console.log(
      `  ${format.toUpperCase().padEnd(4)} ${row.status} ${row.rows_done.toLocaleString('en')} rows in ` +
        `${seconds.toFixed(1)} s (${Math.round(row.rows_done / seconds).toLocaleString('en')} rows/s), ` +
        `file ${mb(size)}; peak live heap +${mb(measured.heap)}`,
    );
  }

  // The same rows held: every page read and kept, as an export that collected the rows first would.
  const held = await peaks(async () => {
    const pages: unknown[] = [];
    for (let page = 1; ; page += 1) {
      const answer = await app.inject({
        method: 'GET',
        url: `/api/v2/labels?${query}&per_page=500&page=${page}`,
        headers,
      });
      const body = answer.json<{ data: unknown[] }>();
      pages.push(body.data);
      if (body.data.length < 500) return pages.length;
    }
  });
  console.log(`  The same rows read and held: peak live heap +${mb(held.heap)}`);
} finally {
  await app.ctx.processor.stop();
  if (schema) await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db);
  await server.close();
  await rm(storageDir, { recursive: true, force: true });
}
