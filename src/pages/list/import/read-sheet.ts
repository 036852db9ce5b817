/**
 * A chosen CSV or XLSX file as a table of text (issue 46, import): its first row the headings, every further
 * non-empty row its cells. CSV by papaparse, which finds the separator itself (a Dutch spreadsheet's semicolons, an
 * English one's commas, tabs); XLSX by exceljs (loaded only for a spreadsheet), its first sheet, a date as
 * `YYYY-MM-DD`, a number as written, a formula as its result. Anything else is refused with `UnreadableFile`.
 */
import Papa from 'papaparse';
import type { SheetTable } from './import-rows';

export class UnreadableFile extends Error {}

const isXlsx = (file: File) => /\.xlsx$/i.test(file.name);
export const SHEET_ACCEPT = '.csv,.xlsx,text/csv';

/** Trailing empty cells and rows removed; every row as long as the headings. */
function tidy(cells: string[][]): SheetTable {
  const rows = cells
    .map((row) => row.map((cell) => cell.trim()))
    .filter((row) => row.some((cell) => cell !== ''));
  const [headers = [], ...rest] = rows;
  while (headers.length && headers.at(-1) === '') headers.pop();
  if (!headers.length) throw new UnreadableFile('no headings');
  return { headers, rows: rest.map((row) => headers.map((_, index) => row[index] ?? '')) };
}

function readCsv(text: string): SheetTable {
  const parsed = Papa.parse<string[]>(text.replace(/^\ufeff/, ''), { skipEmptyLines: 'greedy' });
  if (!parsed.data.length) throw new UnreadableFile('empty');
  return tidy(parsed.data);
}

const two = (value: number) => String(value).padStart(2, '0');

/** An exceljs cell value as text. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    // exceljs reads a spreadsheet's date as that wall-clock time in UTC.
    const day = `${value.getUTCFullYear()}-${two(value.getUTCMonth() + 1)}-${two(value.getUTCDate())}`;
    const time =
      value.getUTCHours() || value.getUTCMinutes()
        ? ` ${two(value.getUTCHours())}:${two(value.getUTCMinutes())}`
        : '';
    return day + time;
  }
  if (typeof value === 'object') {
    const cell = value as { richText?: Array<{ text: string }>; text?: unknown; result?: unknown };
    if (cell.richText) return cell.richText.map((part) => part.text).join('');
    if ('result' in cell) return cellText(cell.result);
    if ('text' in cell) return cellText(cell.text);
    return '';
  }
  return String(value);
}

async function readXlsx(data: ArrayBuffer): Promise<SheetTable> {
  const { Workbook } = (await import('exceljs')).default;
  const workbook = new Workbook();
  try {
    await workbook.xlsx.load(data);
  } catch {
    throw new UnreadableFile('not a spreadsheet');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new UnreadableFile('no sheet');
  const cells: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const values: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => (values[column - 1] = cellText(cell.value)));
    cells.push(Array.from(values, (value) => value ?? ''));
  });
  return tidy(cells);
}

export async function readSheet(file: File): Promise<SheetTable> {
  if (isXlsx(file)) return readXlsx(await file.arrayBuffer());
  return readCsv(await file.text());
}
