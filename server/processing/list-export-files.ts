/**
 * An export's file written as its rows come (issue 46, list-export-processing.ts): a page of rows goes into the
 * file and is let go, so a list of any length is written in the memory of one page. CSV by papaparse, a chunk per
 * page into a file stream that is waited for when it is full (Dutch separated by semicolons with dates day first,
 * English by commas with dates year first; a cell a spreadsheet would run as a formula is written as text; a byte
 * order mark so spreadsheets read UTF-8). XLSX by exceljs's streaming writer, which commits each row to the file:
 * dates are dates in the user's clock, counts numbers, under a bold, frozen header row. The same texts and formats
 * as the portal's own exports (src/pages/list/export/export-files.ts), from shared/list-exports.ts.
 */
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import {
  csvDateText,
  type ExportCell,
  type ExportColumn,
  type ListExportFormat,
  sheetNameOf,
  wallClock,
  XLSX_DATE_FORMATS,
} from '../../shared/list-exports';

export interface ExportFileWriter {
  /** Writes a page of rows (each a cell per column). */
  write(rows: ExportCell[][]): Promise<void>;
  /** Ends the file. */
  finish(): Promise<void>;
}

export interface ExportFileOptions {
  path: string;
  format: ListExportFormat;
  columns: readonly ExportColumn[];
  language: string;
  timeZone: string;
  /** The sheet's name (XLSX). */
  name: string;
}

export function openExportFile(options: ExportFileOptions): ExportFileWriter {
  return options.format === 'csv' ? csvWriter(options) : xlsxWriter(options);
}

function csvWriter({ path, columns, language, timeZone }: ExportFileOptions): ExportFileWriter {
  const stream = createWriteStream(path);
  const failed = once(stream, 'error').then(([error]) => Promise.reject(error as Error));
  failed.catch(() => {});
  const config = { delimiter: language === 'nl' ? ';' : ',', newline: '\r\n', escapeFormulae: true };
  const put = async (text: string) => {
    if (!stream.write(text)) await Promise.race([once(stream, 'drain'), failed]);
  };
  const text = (cell: ExportCell, index: number) =>
    cell instanceof Date
      ? csvDateText(cell, language, columns[index].kind === 'datetime', timeZone)
      : (cell ?? '');
  let started = false;
  const start = async () => {
    if (started) return;
    started = true;
    await put('\ufeff' + Papa.unparse([columns.map((column) => column.header)], config));
  };
  return {
    async write(rows) {
      await start();
      if (rows.length)
        await put(
          config.newline +
            Papa.unparse(
              rows.map((row) => row.map(text)),
              config,
            ),
        );
    },
    async finish() {
      await start();
      stream.end();
      await Promise.race([once(stream, 'finish'), failed]);
    },
  };
}

function xlsxWriter({ path, columns, language, timeZone, name }: ExportFileOptions): ExportFileWriter {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: path,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(sheetNameOf(name), { views: [{ state: 'frozen', ySplit: 1 }] });
  const formats = XLSX_DATE_FORMATS[language === 'nl' ? 'nl' : 'en'];
  let started = false;
  /** The columns, as wide as the heading and the first page's texts (a written date is about 20 characters). */
  const start = (firstRows: ExportCell[][]) => {
    if (started) return;
    started = true;
    const widthOf = (index: number) =>
      Math.max(
        columns[index].header.length,
        ...firstRows.slice(0, 200).map((row) => {
          const cell = row[index];
          return cell instanceof Date ? 20 : String(cell ?? '').length;
        }),
      );
    sheet.columns = columns.map((column, index) => ({
      header: column.header,
      width: Math.min(60, Math.max(10, widthOf(index) + 2)),
      style:
        column.kind === 'datetime'
          ? { numFmt: formats.time }
          : column.kind === 'date'
            ? { numFmt: formats.day }
            : {},
    }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
  };
  return {
    async write(rows) {
      start(rows);
      for (const row of rows)
        sheet.addRow(row.map((cell) => (cell instanceof Date ? wallClock(cell, timeZone) : cell))).commit();
    },
    async finish() {
      start([]);
      sheet.commit();
      await workbook.commit();
    },
  };
}
