/**
 * An export's file written as its pages come (issue 46, server/processing/list-export-files.ts): 100,000 rows,
 * 200 pages of 500, into CSV and into XLSX, in bounded memory. The live heap (after a forced garbage collection)
 * while the rows are written stays a small part of what the same rows take when they are held, and the files hold
 * every row. list-exports.test.ts shows that an export reads its list page after page; together, an export of any
 * length holds one page at a time (`npm run bench:export` gives the whole export's figures).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportCell, ExportColumn, ListExportFormat } from '../../shared/list-exports';
import { openExportFile } from '../../server/processing/list-export-files';

v8.setFlagsFromString('--expose_gc');
const gc = vm.runInNewContext('gc') as () => void;

const ROWS = 100_000;
const PAGE = 500;
const COLUMNS: ExportColumn[] = [
  { field: 'id', header: 'ID', kind: 'text' },
  { field: 'name', header: 'Name', kind: 'text' },
  { field: 'created_at', header: 'Created', kind: 'datetime' },
];
const rowOf = (index: number): ExportCell[] => [
  index,
  `Label number ${index}, "quoted"`,
  new Date(Date.UTC(2026, 0, 1) + index * 1000),
];
const liveHeap = () => {
  gc();
  return process.memoryUsage().heapUsed;
};

let folder: string;
/** What the same rows take when they are held, as an export that collected them first would hold them. */
let heldBytes: number;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'list-export-files-'));
  const before = liveHeap();
  const held = Array.from({ length: ROWS }, (_, index) => rowOf(index));
  heldBytes = liveHeap() - before;
  expect(held).toHaveLength(ROWS);
});
afterAll(() => rm(folder, { recursive: true, force: true }));

/** Writes the rows page by page; the peak of the live heap above its start, sampled every 50 pages. */
async function writeAll(format: ListExportFormat, path: string): Promise<number> {
  const before = liveHeap();
  let peak = 0;
  const file = openExportFile({
    path,
    format,
    columns: COLUMNS,
    language: 'en',
    timeZone: 'Europe/Amsterdam',
    name: 'Labels',
  });
  for (let page = 0; page < ROWS / PAGE; page += 1) {
    await file.write(Array.from({ length: PAGE }, (_, index) => rowOf(page * PAGE + index)));
    if (page % 50 === 0) peak = Math.max(peak, liveHeap() - before);
  }
  await file.finish();
  return Math.max(peak, liveHeap() - before);
}

describe('an export of 100,000 rows', () => {
  it('writes CSV in bounded memory, every row in its place', async () => {
    const path = join(folder, 'labels.csv');
    const peak = await writeAll('csv', path);
    expect(heldBytes).toBeGreaterThan(15 * 1024 * 1024);
    expect(peak).toBeLessThan(heldBytes / 5);
    const lines = (await readFile(path, 'utf8')).split('\r\n');
    expect(lines).toHaveLength(1 + ROWS);
    expect(lines[0]).toBe('\ufeffID,Name,Created');
    expect(lines[ROWS]).toBe(`${ROWS - 1},"Label number ${ROWS - 1}, ""quoted""",2026-01-02 04:46`);
  });

  it('writes XLSX in bounded memory, every row in its place', async () => {
    const path = join(folder, 'labels.xlsx');
    const peak = await writeAll('xlsx', path);
    expect(peak).toBeLessThan(heldBytes / 5);
    let rows = 0;
    let last: ExcelJS.CellValue[] = [];
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, {});
    for await (const sheet of reader)
      for await (const row of sheet) {
        rows += 1;
        last = row.values as ExcelJS.CellValue[];
      }
    expect(rows).toBe(1 + ROWS);
    expect(last.slice(1, 3)).toEqual([ROWS - 1, `Label number ${ROWS - 1}, "quoted"`]);
  });
});
