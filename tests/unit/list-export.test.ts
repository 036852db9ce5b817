// @vitest-environment node
/**
 * A list's export (issue 46): the table a file is written from (headings and cells as the screen shows them), the
 * CSV and XLSX files in each language, and the reading of every page of the list's call.
 */
import type { BaseRecord, DataProvider, GetListParams } from '@refinedev/core';
import ExcelJS from 'exceljs';
import { describe, expect, it, vi } from 'vitest';
import type { ColumnDeclaration } from '@/declarations/types';
import { csvFile, xlsxFile } from '@/pages/list/export/export-files';
import { csvDateText, type ExportCellKind, exportCell, exportFileName, textOf } from '@shared/list-exports';
import { serverExportBody } from '@/pages/list/export/server-export';
import { EXPORT_LIMIT } from '@/pages/list/export/export-list';
import { readAllRows } from '@/pages/list/read-all-rows';
import { type ExportContext, exportTable } from '@/pages/list/export/export-table';

const TEXTS: Record<string, string> = {
  'columns.name': 'Name',
  'columns.status': 'Status',
  'columns.labels': 'Labels',
  'columns.created': 'Created',
  'columns.updated': 'Modified',
  'columns.models': 'Models',
  'columns.role': 'Role',
  'columns.verified': 'Verified',
  'columns.secret': 'Secret',
  'values.active': 'Active',
  'export.key': 'ID',
  'export.yes': 'Yes',
  'export.no': 'No',
};
const context: ExportContext = {
  t: (key, options) => TEXTS[key] ?? String(options?.defaultValue ?? key),
  tl: (key) => TEXTS[key] ?? key,
  platform: 'hatch',
  can: () => true,
  keyOf: (record) => record.id as number,
};

const COLUMNS: ColumnDeclaration[] = [
  { field: 'preview', kind: 'image' },
  { field: 'name', titleKey: 'columns.name' },
  { field: 'status', titleKey: 'columns.status', kind: 'status' },
  { field: 'labels', titleKey: 'columns.labels', kind: 'labels' },
  { field: 'created_at', titleKey: 'columns.created', kind: 'date' },
  { field: 'updated_at', titleKey: 'columns.updated', kind: 'datetime' },
  { field: 'models_count', titleKey: 'columns.models', kind: 'count' },
  // A cell the column renders as text is written as that text; one it renders otherwise, by its field's value.
  { field: 'role', titleKey: 'columns.role', render: (user) => (user.role as { title: string }).title },
  { field: 'email_verified_at', titleKey: 'columns.verified', kind: 'verified' },
  { field: 'secret', titleKey: 'columns.secret', visible: () => false },
];

const PROJECT = {
  id: 7,
  preview: 'https://files/preview.png',
  name: '=HYPERLINK("x")',
  status: 'active',
  labels: [{ name: 'Interior' }, { name: 'Hotel' }],
  created_at: '2026-03-12',
  updated_at: '2026-03-12T18:39:00',
  models_count: 12,
  role: { title: 'Editor' },
  email_verified_at: null,
  secret: 'never',
};

describe('an export on the server (a list longer than the browser writes)', () => {
  it('asks for the list’s endpoint with its query, and the columns the user sees with their cell kinds', () => {
    const body = serverExportBody({
      call: {
        resource: 'libraries/items',
        sorters: [{ field: 'name', order: 'desc' }],
        filters: [{ field: 'search', operator: 'eq', value: 'oak chair' }],
        meta: { query: { filter: { library_id: 4 } } },
      },
      columns: COLUMNS,
      context,
      ns: 'library-items',
      keyField: 'id',
      format: 'xlsx',
      name: 'Library items',
    });
    expect(body).toMatchObject({ list: '/libraries/items', format: 'xlsx', name: 'Library items' });
    const query = new URLSearchParams(body.query);
    expect(Object.fromEntries(query)).toEqual({
      'filter[library_id]': '4',
      'filter[search]': 'oak chair',
      sort: '-name',
    });
    expect(body.time_zone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(body.columns).toEqual([
      { field: 'id', header: 'ID', kind: 'text' },
      { field: 'name', header: 'Name', kind: 'text' },
      { field: 'status', header: 'Status', kind: 'label', labels: 'library-items:values' },
      { field: 'labels', header: 'Labels', kind: 'text' },
      { field: 'created_at', header: 'Created', kind: 'date' },
      { field: 'updated_at', header: 'Modified', kind: 'datetime' },
      { field: 'models_count', header: 'Models', kind: 'number' },
      { field: 'role', header: 'Role', kind: 'text' },
      { field: 'email_verified_at', header: 'Verified', kind: 'yesno' },
    ]);
  });

  it('writes a cell from a record’s field as the browser’s export does', () => {
    const texts = { yes: 'Ja', no: 'Nee', label: (key: string, value: string) => `${key}.${value}` };
    const cell = (kind: ExportCellKind, value: unknown) =>
      exportCell({ field: 'x', header: 'X', kind, labels: 'models:values' }, value, texts);
    expect(cell('text', [{ name: 'Interior' }, { title: 'Hotel' }])).toBe('Interior, Hotel');
    expect(cell('text', true)).toBe('Ja');
    expect(cell('number', 12)).toBe(12);
    expect(cell('number', '12')).toBeNull();
    expect(cell('label', 'FINISHED')).toBe('models:values.FINISHED');
    expect(cell('yesno', '2026-01-01')).toBe('Ja');
    expect(cell('yesno', '0')).toBe('Nee');
    expect(cell('datetime', '2026-03-12T18:39:00Z')).toEqual(new Date('2026-03-12T18:39:00Z'));
    // A calendar date starts where the time zone says.
    expect(
      exportCell({ field: 'x', header: 'X', kind: 'date' }, '2026-03-12', {
        ...texts,
        timeZone: 'Europe/Amsterdam',
      }),
    ).toEqual(new Date('2026-03-11T23:00:00Z'));
    expect(csvDateText(new Date('2026-07-01T22:30:00Z'), 'nl', true, 'Europe/Amsterdam')).toBe(
      '02-07-2026 00:30',
    );
    expect(csvDateText(new Date('2026-07-01T22:30:00Z'), 'en', false, 'America/New_York')).toBe('2026-07-01');
  });
});

describe('the exported table', () => {
  const table = exportTable(COLUMNS, [PROJECT], context);

  it('heads the key and the titled columns the user sees, as the screen does', () => {
    expect(table.headers).toEqual([
      'ID',
      'Name',
      'Status',
      'Labels',
      'Created',
      'Modified',
      'Models',
      'Role',
      'Verified',
    ]);
  });

  it('writes each cell as what the screen shows: labels, dates, numbers, names, yes or no', () => {
    expect(table.rows).toEqual([
      [
        7,
        '=HYPERLINK("x")',
        'Active',
        'Interior, Hotel',
        new Date('2026-03-12T00:00'),
        new Date('2026-03-12T18:39:00'),
        12,
        'Editor',
        'No',
      ],
    ]);
    expect(table.dates).toEqual({ day: [4], time: [5] });
  });

  it('names what a field holds, never an object', () => {
    expect(textOf([{ title: 'Admin' }, 'x', 3, null])).toBe('Admin, x, 3');
    expect(textOf({ id: 1 })).toBe('');
  });
});

describe('the CSV file', () => {
  const table = exportTable(COLUMNS, [PROJECT], context);
  const lines = async (file: Blob) => (await file.text()).split('\r\n');

  it('is UTF-8 with a byte order mark, comma separated with ISO dates in English', async () => {
    const file = csvFile(table, 'en');
    expect(file.type).toBe('text/csv;charset=utf-8');
    const bytes = new Uint8Array(await file.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, row] = await lines(file);
    expect(header).toBe('ID,Name,Status,Labels,Created,Modified,Models,Role,Verified');
    // A cell a spreadsheet would run as a formula is written as text.
    expect(row).toBe(
      `7,"'=HYPERLINK(""x"")",Active,"Interior, Hotel",2026-03-12,2026-03-12 18:39,12,Editor,No`,
    );
  });

  it('is separated by semicolons with dates day first in Dutch', async () => {
    const [, row] = await lines(csvFile(table, 'nl'));
    expect(row).toBe(
      `7;"'=HYPERLINK(""x"")";Active;Interior, Hotel;12-03-2026;12-03-2026 18:39;12;Editor;No`,
    );
  });
});

describe('the XLSX file', () => {
  const table = exportTable(COLUMNS, [PROJECT], context);

  async function sheetOf(file: Blob) {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await file.arrayBuffer());
    return workbook.worksheets[0];
  }

  it('has a bold, frozen header, numbers as numbers and dates as dates in the portal’s format', async () => {
    const sheet = await sheetOf(await xlsxFile(table, 'en', 'Projects: all [hatch]'));
    expect(sheet.name).toBe('Projects all hatch');
    expect(sheet.getRow(1).values).toEqual([undefined, ...table.headers]);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const row = sheet.getRow(2);
    expect(row.getCell(1).value).toBe(7);
    expect(row.getCell(7).value).toBe(12);
    // The cell holds the time the user's clock showed, whatever the machine's zone.
    const created = row.getCell(5).value as Date;
    expect(created.toISOString()).toBe('2026-03-12T00:00:00.000Z');
    expect(row.getCell(5).numFmt).toBe('mmm d, yyyy');
    expect((row.getCell(6).value as Date).toISOString()).toBe('2026-03-12T18:39:00.000Z');
    expect(row.getCell(6).numFmt).toBe('mmm d, yyyy, hh:mm AM/PM');
  });

  it('writes Dutch date formats for a Dutch user', async () => {
    const sheet = await sheetOf(await xlsxFile(table, 'nl', 'Projecten'));
    expect(sheet.getRow(2).getCell(5).numFmt).toBe('d-mm-yyyy');
    expect(sheet.getRow(2).getCell(6).numFmt).toBe('d-mm-yyyy hh:mm');
  });
});

describe('reading every row of the list', () => {
  const records = Array.from({ length: 7 }, (_, index) => ({ id: index + 1 }));
  const pagesOf = (rows: BaseRecord[], total = rows.length) =>
    vi.fn(async ({ pagination }: GetListParams) => {
      const start = ((pagination?.currentPage ?? 1) - 1) * (pagination?.pageSize ?? 10);
      return { data: rows.slice(start, start + (pagination?.pageSize ?? 10)), total };
    });
  const call = { resource: 'projects', sorters: [{ field: 'name', order: 'asc' as const }], filters: [] };

  it('asks for page after page of the list’s own call, telling how far it is', async () => {
    const getList = pagesOf(records);
    const progress: string[] = [];
    const read = await readAllRows(
      {
        getList: getList as unknown as DataProvider['getList'],
        call,
        keyOf: (record) => record.id,
        onProgress: (done, total) => progress.push(`${done}/${total}`),
      },
      EXPORT_LIMIT,
      3,
    );
    expect(read).toEqual({ rows: records });
    expect(getList.mock.calls.map(([params]) => params.pagination)).toEqual([
      { currentPage: 1, pageSize: 3, mode: 'server' },
      { currentPage: 2, pageSize: 3, mode: 'server' },
      { currentPage: 3, pageSize: 3, mode: 'server' },
    ]);
    expect(getList.mock.calls[0][0]).toMatchObject({ resource: 'projects', sorters: call.sorters });
    expect(progress).toEqual(['3/7', '6/7', '7/7']);
  });

  it('writes a row that moved to the next page once', async () => {
    // A record added at the top while the pages are read pushes the third one onto the second page.
    const pages = [
      [{ id: 1 }, { id: 2 }, { id: 3 }],
      [{ id: 3 }, { id: 4 }],
    ];
    const getList = vi.fn(async ({ pagination }: GetListParams) => ({
      data: pages[(pagination?.currentPage ?? 1) - 1],
      total: 5,
    }));
    const read = await readAllRows(
      {
        getList: getList as unknown as DataProvider['getList'],
        call,
        keyOf: (record) => record.id,
        onProgress: () => {},
      },
      EXPORT_LIMIT,
      3,
    );
    expect(read).toEqual({ rows: [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }] });
  });

  it('refuses a list above the limit after its first page', async () => {
    const getList = pagesOf(records.slice(0, 3), 60_001);
    const read = await readAllRows(
      {
        getList: getList as unknown as DataProvider['getList'],
        call,
        keyOf: (record) => record.id,
        onProgress: () => {},
      },
      EXPORT_LIMIT,
      3,
    );
    expect(read).toEqual({ tooLarge: 60_001 });
    expect(getList).toHaveBeenCalledTimes(1);
  });

  it('names the file after the list and the day, without characters a file system refuses', () => {
    expect(exportFileName('Projects: mine / all', 'xlsx', new Date(2026, 10, 30))).toBe(
      'Projects mine all 2026-11-30.xlsx',
    );
  });
});
