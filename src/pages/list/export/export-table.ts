/**
 * A list's rows as a table of plain values for a spreadsheet (issue 46, export): the record's key first, then the
 * columns the user sees, headed as on screen, each cell what the screen shows as text: a date a date, a count a
 * number, a status its label, labels and people their names, a yes or no. A column that renders its own cell
 * gives its text when that is text; otherwise its field's value is written out (names of what it holds). Columns
 * without a heading (a favourite star, a download button) are not exported. No React, no file format here.
 */
import type { BaseRecord } from '@refinedev/core';
import type { ColumnDeclaration, RenderContext } from '@/declarations/types';

/** A spreadsheet cell: text, a number, a moment, or empty. */
export type ExportCell = string | number | Date | null;

export interface ExportTable {
  headers: string[];
  rows: ExportCell[][];
  /** The indexes of the columns holding dates (`date`), and those holding a time too (`datetime`). */
  dates: { day: number[]; time: number[] };
}

export interface ExportContext extends RenderContext {
  /** The list's own texts (the `lists` namespace): the key column's heading, yes and no. */
  tl: (key: string) => string;
  /** The record's key, the first column. */
  keyOf: (record: BaseRecord) => string | number;
}

const isSet = (value: unknown) =>
  value !== null && value !== undefined && value !== false && value !== 0 && value !== '';

/** The name of what a field holds: a text or number as it is, a thing by its name or title, a list joined. */
export function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map(textOf).filter(Boolean).join(', ');
  if (typeof value === 'object') {
    const named = value as { name?: unknown; title?: unknown };
    return textOf(named.name ?? named.title ?? null);
  }
  return '';
}

/** A date or date-time of the API as a moment; a calendar date (`YYYY-MM-DD`) is that day where the user is. */
const moment = (value: unknown) => {
  if (typeof value !== 'string' || !value) return null;
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00` : value);
  return Number.isNaN(date.getTime()) ? null : date;
};

function cellOf(column: ColumnDeclaration, record: BaseRecord, context: ExportContext): ExportCell {
  const value: unknown = record[column.field];
  if (column.render) {
    const shown = column.render(record, context);
    if (typeof shown === 'string' || typeof shown === 'number') return shown;
  }
  const yesNo = (yes: boolean) => context.tl(yes ? 'export.yes' : 'export.no');
  switch (column.kind) {
    case 'date':
    case 'datetime':
      return moment(value);
    case 'count':
      return typeof value === 'number' ? value : null;
    case 'status':
    case 'statusBadge':
      return typeof value === 'string' && value ? context.t(`values.${value}`, { defaultValue: value }) : '';
    case 'boolean':
      return yesNo(isSet(value) && value !== '0');
    case 'verified':
      return yesNo(isSet(value));
    default:
      return typeof value === 'boolean' ? yesNo(value) : textOf(value);
  }
}

/** The rows as the table a file is written from. */
export function exportTable(
  columns: readonly ColumnDeclaration[],
  records: readonly BaseRecord[],
  context: ExportContext,
): ExportTable {
  const shown = columns.filter((column) => column.titleKey && (!column.visible || column.visible(context)));
  const indexOf = (kind: ColumnDeclaration['kind']) =>
    shown.flatMap((column, index) => (column.kind === kind ? [index + 1] : []));
  return {
    headers: [context.tl('export.key'), ...shown.map((column) => context.t(column.titleKey!))],
    rows: records.map((record) => [
      context.keyOf(record),
      ...shown.map((column) => cellOf(column, record, context)),
    ]),
    dates: { day: indexOf('date'), time: indexOf('datetime') },
  };
}
