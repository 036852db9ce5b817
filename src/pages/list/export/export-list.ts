/**
 * Exports a declared list as the user sees it (issue 46): every row of its current filters, search and sort (the
 * list's own call, page after page of 500), the columns the user sees, as a CSV or XLSX file the browser saves.
 * A list of more than `EXPORT_LIMIT` rows is refused before anything is read beyond its first page. A row that
 * moves between pages while they are read (a record added meanwhile) is written once. Loaded when the user asks
 * for an export, never with the list.
 */
import type { DataProvider, GetListParams } from '@refinedev/core';
import type { ColumnDeclaration } from '@/declarations/types';
import { BROWSER_EXPORT_MAX, exportFileName } from '@shared/list-exports';
import { saveBlob } from '@/lib/save-blob';
import { csvFile, type ExportFormat, xlsxFile } from './export-files';
import { type ExportContext, exportTable } from './export-table';
import { readAllRows } from '../read-all-rows';

export interface ExportRequest {
  getList: DataProvider['getList'];
  /** The list's call (resource, sorters, filters, meta); its pagination is the export's own. */
  call: Omit<GetListParams, 'pagination'>;
  columns: readonly ColumnDeclaration[];
  context: ExportContext;
  format: ExportFormat;
  language: string | undefined;
  /** The file's name without its extension (the list's title). */
  name: string;
  onProgress(read: number, total: number): void;
}

export type ExportResult = { exported: number } | { tooLarge: number };

/** The most rows the browser writes: a longer list is exported by the server (ServerExport.ts). */
export const EXPORT_LIMIT = BROWSER_EXPORT_MAX;

export async function exportList(request: ExportRequest): Promise<ExportResult> {
  const read = await readAllRows({ ...request, keyOf: request.context.keyOf }, EXPORT_LIMIT);
  if ('tooLarge' in read) return read;
  const table = exportTable(request.columns, read.rows, request.context);
  const file =
    request.format === 'csv'
      ? csvFile(table, request.language)
      : await xlsxFile(table, request.language, request.name);
  saveBlob(file, exportFileName(request.name, request.format));
  return { exported: read.rows.length };
}
