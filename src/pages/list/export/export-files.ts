/**
 * An exported table as a file in the user's language (issue 46): CSV by papaparse, XLSX by exceljs (loaded only
 * when a spreadsheet is asked for; it is large). Dutch CSV is separated by semicolons, as a Dutch spreadsheet
 * reads it, and writes dates day first; English CSV by commas, dates year first (ISO). A cell that a spreadsheet
 * would run as a formula (starting with =, +, -, @) is written as text. In XLSX dates are dates (shown as the
 * portal writes them, in the user's own time) and counts numbers, under a bold, frozen header row.
 */
import Papa from 'papaparse';
import {
  csvDateText,
  type ListExportFormat,
  sheetNameOf,
  wallClock,
  XLSX_DATE_FORMATS,
} from '@shared/list-exports';
import type { ExportCell, ExportTable } from './export-table';

export type ExportFormat = ListExportFormat;
type Language = 'en' | 'nl';

export const EXPORT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv;charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The user's own time zone, in which the browser writes dates. */
export const ownTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** A moment as CSV text: '12-03-2025 18:39' in Dutch, '2025-03-12 18:39' in English (no time for a date). */
export const csvDate = (date: Date, language: Language, withTime: boolean): string =>
  csvDateText(date, language, withTime, ownTimeZone());

const language = (value: string | undefined): Language => (value === 'nl' ? 'nl' : 'en');

export function csvFile(table: ExportTable, userLanguage: string | undefined): Blob {
  const lang = language(userLanguage);
  const timed = new Set(table.dates.time);
  const text = (cell: ExportCell, index: number) =>
    cell instanceof Date ? csvDate(cell, lang, timed.has(index)) : (cell ?? '');
  const csv = Papa.unparse(
    { fields: table.headers, data: table.rows.map((row) => row.map(text)) },
    { delimiter: lang === 'nl' ? ';' : ',', newline: '\r\n', escapeFormulae: true },
  );
  // The byte order mark tells a spreadsheet the file is UTF-8 (names with accents stay whole).
  return new Blob(['\ufeff', csv], { type: EXPORT_TYPES.csv });
}

export async function xlsxFile(
  table: ExportTable,
  userLanguage: string | undefined,
  sheetName: string,
): Promise<Blob> {
  const { Workbook } = (await import('exceljs')).default;
  const workbook = new Workbook();
  // A sheet's name: at most 31 characters, none of []:*?/\.
  const sheet = workbook.addWorksheet(sheetNameOf(sheetName), { views: [{ state: 'frozen', ySplit: 1 }] });
  const formats = XLSX_DATE_FORMATS[language(userLanguage)];
  // As wide as the heading and the first rows' texts (a date's written form is about 20 characters).
  const widthOf = (index: number) =>
    Math.max(
      table.headers[index].length,
      ...table.rows.slice(0, 200).map((row) => {
        const cell = row[index];
        return cell instanceof Date ? 20 : String(cell ?? '').length;
      }),
    );
  sheet.columns = table.headers.map((header, index) => ({
    header,
    width: Math.min(60, Math.max(10, widthOf(index) + 2)),
    style: table.dates.time.includes(index)
      ? { numFmt: formats.time }
      : table.dates.day.includes(index)
        ? { numFmt: formats.day }
        : {},
  }));
  sheet.getRow(1).font = { bold: true };
  const zone = ownTimeZone();
  sheet.addRows(
    table.rows.map((row) => row.map((cell) => (cell instanceof Date ? wallClock(cell, zone) : cell))),
  );
  const buffer = await workbook.xlsx.writeBuffer();
  return new Blob([buffer], { type: EXPORT_TYPES.xlsx });
}
