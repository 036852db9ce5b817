/**
 * Exports of long lists as jobs (issue 46, server/api/list-exports.ts, server/processing/list-export-processing.ts):
 * the file holds exactly the rows the list's own endpoint answers the user for the same query (filters, search,
 * sort), page after page, written as CSV or XLSX in the user's language and time zone; the progress and the end
 * reach the user's channel, a notification brings the download, and nobody else reaches the export. A list the
 * user may not read, an unknown list, a query the list refuses and an unknown time zone are refused before
 * anything is queued.
 */
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListExport, ListExportRequest } from '../../shared/list-exports';
import { jsonBody, newMember } from './api-helpers';
import { startProcessingServer } from './processing-helpers';
import { connectEcho, waitFor } from './realtime-helpers';
import type { TestServer } from './test-server';

let server: TestServer;
let acme: number;
let reader: { id: number; token: string };

/** How many labels the exported list holds: more than two of the export's pages of 500. */
const ROWS = 1203;
const PREFIX = 'Export label';

beforeAll(async () => {
  ({ server, acme } = await startProcessingServer());
  reader = await newMember(server, ['list-labels']);
  // Names that a spreadsheet must keep as they are: a separator, quotes, an accent, a formula.
  const name = (index: number) => `${PREFIX} ${String(index).padStart(4, '0')}`;
  await server.db
    .insertInto('labels')
    .values(
      Array.from({ length: ROWS }, (_, index) => ({
        company_id: acme,
        name: [`${name(0)} Crème, "brûlée"`, `=SUM(A1:A2) ${name(1)}`][index] ?? name(index),
        color: '#336699',
        created_at: new Date(Date.UTC(2026, 0, 1, 23, 30) + index * 60_000),
      })),
    )
    .execute();
}, 120_000);
afterAll(() => server?.close());

const exportBody = (overrides: Partial<ListExportRequest> = {}): ListExportRequest => ({
  list: '/labels',
  query: `filter[search]=${encodeURIComponent(PREFIX)}&sort=-name`,
  columns: [
    { field: 'id', header: 'ID', kind: 'text' },
    { field: 'name', header: 'Name', kind: 'text' },
    { field: 'created_at', header: 'Created', kind: 'datetime' },
  ],
  format: 'csv',
  name: 'Labels',
  time_zone: 'Europe/Amsterdam',
  ...overrides,
});

const ask = (body: unknown, token = reader.token, language = 'en') =>
  server.request('acme', '/list-exports', {
    method: 'POST',
    token,
    ...jsonBody(body),
    headers: { 'Content-Type': 'application/json', 'Accept-Language': language },
  });

/** The list's own rows for the export's query, as its endpoint answers the user. */
async function listRows(): Promise<Array<{ id: number; name: string; created_at: string }>> {
  const rows = [];
  for (let page = 1; ; page += 1) {
    const response = await server.request(
      'acme',
      `/labels?${exportBody().query}&per_page=1000&page=${page}`,
      { token: reader.token },
    );
    const body = (await response.json()) as { data: Array<{ id: number; name: string; created_at: string }> };
    rows.push(...body.data);
    if (body.data.length < 1000) return rows;
  }
}

/** The reader's channel: the exports' updates and the notifications, as they arrive. */
function listen() {
  const echo = connectEcho(server, { token: reader.token, subdomain: 'acme' });
  const channel = echo.private(`Company.${acme}.User.${reader.id}`);
  const updates: ListExport[] = [];
  const notifications: Array<{ message_key: string; message_params: Record<string, unknown> }> = [];
  const checks = new Set<() => void>();
  channel.listen('ListExportUpdated', (event: { export: ListExport }) => {
    updates.push(event.export);
    checks.forEach((check) => check());
  });
  channel.listen('UserNotificationUpdated', (event: { notification: (typeof notifications)[number] }) => {
    notifications.push(event.notification);
    checks.forEach((check) => check());
  });
  const subscribed = waitFor('subscription', (resolve) => channel.subscribed(resolve));
  /** Resolves once the export has ended (FINISHED or FAILED) and its notification arrived. */
  const ended = (id: number) =>
    waitFor<ListExport>(`the end of export ${id}`, (resolve) => {
      const check = () => {
        const last = updates.filter((update) => update.id === id).at(-1);
        const told = notifications.some((notification) => notification.message_params.export_id === id);
        if (last && ['FINISHED', 'FAILED'].includes(last.status) && told) {
          checks.delete(check);
          resolve(last);
        }
      };
      checks.add(check);
      check();
    });
  return { echo, updates, notifications, subscribed, ended };
}

// As a browser asks: the file comes as stored all the same (server/http/compression.ts), its length and bytes true.
const download = (id: number, token = reader.token) =>
  server.request('acme', `/list-exports/${id}/download`, {
    token,
    headers: { 'Accept-Encoding': 'gzip, deflate, br' },
  });

describe('a list export', () => {
  it('writes the rows the list answers for its query, page after page, and brings the file', async () => {
    const channel = listen();
    await channel.subscribed;
    const response = await ask(exportBody());
    expect(response.status, await response.clone().text()).toBe(201);
    const asked = ((await response.json()) as { data: ListExport }).data;
    expect(asked).toMatchObject({ status: 'QUEUED', rows_total: ROWS, format: 'csv', name: 'Labels' });

    const ended = await channel.ended(asked.id);
    expect(ended).toMatchObject({ status: 'FINISHED', rows_done: ROWS, rows_total: ROWS });
    // Progress after every page of 500.
    const progress = channel.updates
      .filter((update) => update.id === asked.id)
      .map((update) => update.rows_done);
    expect(progress).toEqual(expect.arrayContaining([500, 1000, ROWS]));
    const notification = channel.notifications.find((item) => item.message_params.export_id === asked.id)!;
    expect(notification.message_key).toBe('notifications:messages.listExportReady');
    expect(notification.message_params).toMatchObject({ count: ROWS, file_name: ended.file_name });
    channel.echo.disconnect();

    const file = await download(asked.id);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('text/csv');
    expect(file.headers.get('content-encoding')).toBeNull();
    expect(file.headers.get('content-disposition')).toContain(encodeURIComponent('Labels ').slice(0, 6));
    const bytes = Buffer.from(await file.arrayBuffer());
    // A byte order mark: spreadsheets read the file as UTF-8.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const parsed = Papa.parse<string[]>(bytes.subarray(3).toString('utf8'), { skipEmptyLines: true });
    const [header, ...rows] = parsed.data;
    expect(header).toEqual(['ID', 'Name', 'Created']);
    const expected = await listRows();
    expect(rows.map(([id, name]) => [Number(id), name])).toEqual(
      expected.map((row) => [row.id, row.name.startsWith('=') ? `'${row.name}` : row.name]),
    );
    // The special names are whole; a formula is written as text.
    expect(rows.map((row) => row[1])).toContain(`${PREFIX} 0000 Crème, "brûlée"`);
    expect(rows.map((row) => row[1])).toContain(`'=SUM(A1:A2) ${PREFIX} 0001`);
    // Moments in the user's time zone: 23:30 UTC on 1 January is 00:30 on the 2nd in Amsterdam.
    const first = rows.find((row) => row[1].startsWith(`${PREFIX} 0000`))!;
    expect(first[2]).toBe('2026-01-02 00:30');
  });

  it('writes an XLSX in the user’s language with dates as dates', async () => {
    const channel = listen();
    await channel.subscribed;
    const response = await ask(
      exportBody({
        format: 'xlsx',
        name: 'Labels',
        query: `filter[search]=${encodeURIComponent(`${PREFIX} 000`)}&sort=name`,
      }),
      reader.token,
      'nl',
    );
    expect(response.status, await response.clone().text()).toBe(201);
    const asked = ((await response.json()) as { data: ListExport }).data;
    expect((await channel.ended(asked.id)).status).toBe('FINISHED');
    const notification = channel.notifications.find((item) => item.message_params.export_id === asked.id)!;
    expect(notification.message_params.count).toBe(10);
    channel.echo.disconnect();

    const file = await download(asked.id);
    expect(file.headers.get('content-type')).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await file.arrayBuffer()) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.name).toBe('Labels');
    expect(sheet.getRow(1).values).toEqual([undefined, 'ID', 'Name', 'Created']);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.rowCount).toBe(11);
    const rows = Array.from({ length: 10 }, (_, index) => sheet.getRow(index + 2));
    const created = rows.find((row) => String(row.getCell(2).value).startsWith(`${PREFIX} 0000`))!.getCell(3);
    // The Amsterdam clock's moment, in the Dutch format.
    expect(created.value).toEqual(new Date(Date.UTC(2026, 0, 2, 0, 30)));
    expect(created.numFmt).toBe('d-mm-yyyy hh:mm');
  });

  it('is the asking user’s alone', async () => {
    const response = await ask(exportBody({ query: 'filter[search]=Export%20label%20000' }));
    const asked = ((await response.json()) as { data: ListExport }).data;
    const other = await newMember(server, ['list-labels']);
    expect((await server.request('acme', `/list-exports/${asked.id}`, { token: other.token })).status).toBe(
      404,
    );
    expect((await download(asked.id, other.token)).status).toBe(404);
    const listed = await server.request('acme', '/list-exports', { token: other.token });
    expect(((await listed.json()) as { data: ListExport[] }).data).toEqual([]);
    const own = await server.request('acme', '/list-exports', { token: reader.token });
    expect(((await own.json()) as { data: ListExport[] }).data.map((item) => item.id)).toContain(asked.id);
  });

  it('is refused before anything is queued when the list cannot be exported', async () => {
    const before = await server.db.selectFrom('list_exports').select('id').execute();
    const nobody = await newMember(server, []);
    expect((await ask(exportBody(), nobody.token)).status).toBe(403);

    const refusals = [
      [exportBody({ list: '/no-such-list' }), 'list'],
      [exportBody({ list: '/list-exports' }), 'list'],
      [exportBody({ query: 'filter[nonsense]=1' }), 'query'],
      [exportBody({ time_zone: 'Mars/Olympus' }), 'time_zone'],
    ] as const;
    for (const [body, field] of refusals) {
      const response = await ask(body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      const { errors } = (await response.json()) as { errors: Record<string, string[]> };
      expect(Object.keys(errors), JSON.stringify(body)).toEqual([field]);
    }
    const dutch = await ask(exportBody({ list: '/no-such-list' }), reader.token, 'nl');
    expect(((await dutch.json()) as { errors: Record<string, string[]> }).errors.list[0]).toMatch(
      /^De gekozen/,
    );
    expect(await server.db.selectFrom('list_exports').select('id').execute()).toEqual(before);
  });
});
