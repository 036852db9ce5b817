/**
 * A large file's rows checked and imported as a job (issue 46; `POST /{collection}/import-jobs`,
 * server/processing/row-import-processing.ts): the job sends its rows to the collection's own import endpoint as
 * the user, so its check answers what a small file's does (the same per-row errors, a later row seeing the rows
 * before it) and its import writes every row or none; its progress and end reach the user's channel, and only the
 * user reads its outcome. Without a job, the endpoint still takes at most 1,000 rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportJob } from '../../shared/import';
import { jsonBody, newMember } from './api-helpers';
import { startProcessingServer } from './processing-helpers';
import { connectEcho, waitFor } from './realtime-helpers';
import type { TestServer } from './test-server';

let server: TestServer;
let acme: number;
let importer: { id: number; token: string };

const ROWS = 2500;

beforeAll(async () => {
  ({ server, acme } = await startProcessingServer());
  importer = await newMember(server, ['list-property-maps', 'create-property-maps', 'update-property-maps']);
});
afterAll(() => server?.close());

const post = (path: string, body: unknown, token = importer.token) =>
  server.request('acme', path, { method: 'POST', token, ...jsonBody(body) });

/** A file's rows of new property maps named after `tag`; row 10 without a name, row 2000 repeating row 5's. */
function rowsOf(tag: string, { bad }: { bad: boolean }) {
  return Array.from({ length: ROWS }, (_, index) => ({
    values: { name: bad && index === 10 ? '' : `${tag} ${bad && index === 2000 ? 5 : index}` },
  }));
}

const mapsNamed = async (tag: string) =>
  Number(
    (
      await server.db
        .selectFrom('property_maps')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('company_id', '=', acme)
        .where('name', 'like', `${tag} %`)
        .executeTakeFirstOrThrow()
    ).count,
  );

/** Runs a job to its end, listening on the user's channel; its events and its outcome. */
async function runJob(rows: unknown[], write: boolean) {
  const echo = connectEcho(server, { token: importer.token, subdomain: 'acme' });
  const channel = echo.private(`Company.${acme}.User.${importer.id}`);
  const events: Array<Pick<ImportJob, 'id' | 'status' | 'rows_done' | 'rows_total'>> = [];
  let check = () => {};
  channel.listen('ImportJobUpdated', (event: (typeof events)[number]) => {
    events.push(event);
    check();
  });
  await waitFor('subscription', (resolve) => channel.subscribed(resolve));
  const response = await post('/property-maps/import-jobs', { rows, write });
  expect(response.status, await response.clone().text()).toBe(201);
  const queued = ((await response.json()) as { data: ImportJob }).data;
  expect(queued).toMatchObject({ status: 'QUEUED', rows_total: ROWS, write });
  await waitFor<void>(`the end of import job ${queued.id}`, (resolve) => {
    check = () => {
      if (events.some((event) => event.id === queued.id && ['FINISHED', 'FAILED'].includes(event.status)))
        resolve();
    };
    check();
  });
  echo.disconnect();
  const read = await server.request('acme', `/import-jobs/${queued.id}`, { token: importer.token });
  return {
    events: events.filter((event) => event.id === queued.id),
    job: ((await read.json()) as { data: ImportJob }).data,
  };
}

describe('an import job', () => {
  it('checks a large file as a small one is checked, telling how far it is, and writes nothing', async () => {
    const tag = 'Job check';
    const { events, job } = await runJob(rowsOf(tag, { bad: true }), false);
    expect(job.status).toBe('FINISHED');
    expect(job.preview).toMatchObject({ create: ROWS - 2, update: 0 });
    expect(job.preview!.failed.map((failure) => failure.row)).toEqual([10, 2000]);
    expect(Object.keys(job.preview!.failed[0].errors)).toEqual(['name']);
    expect(Object.keys(job.preview!.failed[1].errors)).toEqual(['name']);
    // Progress every 250 rows, then the end.
    expect(events.map((event) => event.rows_done)).toEqual(
      expect.arrayContaining([0, 250, 1250, 2250, ROWS]),
    );
    expect(await mapsNamed(tag)).toBe(0);
  });

  it('imports every row or none', async () => {
    const tag = 'Job import';
    const refused = (await runJob(rowsOf(tag, { bad: true }), true)).job;
    expect(refused.status).toBe('FINISHED');
    expect(refused.result).toBeNull();
    expect(Object.keys(refused.errors!).sort()).toEqual(['rows.10.name', 'rows.2000.name']);
    expect(await mapsNamed(tag)).toBe(0);

    const written = (await runJob(rowsOf(tag, { bad: false }), true)).job;
    expect(written).toMatchObject({
      status: 'FINISHED',
      result: { created: ROWS, updated: 0 },
      errors: null,
    });
    expect(await mapsNamed(tag)).toBe(ROWS);
  });

  it('is the asking user’s alone, and a request without one takes at most 1,000 rows', async () => {
    const response = await post('/property-maps/import-jobs', {
      rows: [{ values: { name: 'Job solo' } }],
      write: false,
    });
    const { id } = ((await response.json()) as { data: ImportJob }).data;
    const other = await newMember(server, ['list-property-maps']);
    expect((await server.request('acme', `/import-jobs/${id}`, { token: other.token })).status).toBe(404);

    const many = Array.from({ length: 1001 }, (_, index) => ({ values: { name: `Too many ${index}` } }));
    const direct = await post('/property-maps/import-rows/preview', { rows: many });
    expect(direct.status).toBe(422);
    expect(Object.keys(((await direct.json()) as { errors: object }).errors)).toEqual(['rows']);
    // A job header naming no running job of the user's changes nothing.
    const named = await server.request('acme', '/property-maps/import-rows/preview', {
      method: 'POST',
      token: importer.token,
      body: JSON.stringify({ rows: many }),
      headers: { 'Content-Type': 'application/json', 'X-Import-Job': '999999' },
    });
    expect(named.status).toBe(422);
    const nobody = await newMember(server, ['list-property-maps']);
    expect((await post('/property-maps/import-jobs', { rows: many, write: true }, nobody.token)).status).toBe(
      403,
    );
  });
});
