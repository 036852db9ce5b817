/**
 * A list's rows as a table of plain values for a spreadsheet (issue 46, export): the record's key first, then the
 * columns the user sees, headed as on screen, each cell what the screen shows as text: a date a date, a count a
 * number, a status its label, labels and people their names, a yes or no. A column that renders its own cell
 * gives its text when that is text; otherwise its field's value is written out (names of what it holds). Columns
 * without a heading (a favourite star, a download button) are not exported. No React, no file format here.
 */
import type { BaseRecord } from '@refinedev/core';
import { type ExportCell, type ExportCellKind, type ExportColumn, exportCell } from '@shared/list-exports';
import type { ColumnDeclaration, RenderContext } from '@/declarations/types';

export type { ExportCell };

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

/** How a column's cell kind on screen is written in a spreadsheet (shared/list-exports.ts). */
function exportKindOf(column: ColumnDeclaration): ExportCellKind {
  switch (column.kind) {
    case 'date':
    case 'datetime':
      return column.kind;
    case 'count':
      return 'number';
    case 'status':
    case 'statusBadge':
      return 'label';
    case 'boolean':
    case 'verified':
      return 'yesno';
    default:
      return 'text';
  }
}

/** The columns the user sees that have a heading (a favourite star or a download button has none). */
const shownColumns = (columns: readonly ColumnDeclaration[], context: ExportContext) =>
  columns.filter((column) => column.titleKey && (!column.visible || column.visible(context)));

/**
 * The columns as an export on the server writes them (the key first), headed in the user's language; a status is
 * labelled with the resource's `values` texts (`ns`), as its cell on screen is.
 */
export function exportColumns(
  columns: readonly ColumnDeclaration[],
  context: ExportContext,
  ns: string,
  keyField: string,
): ExportColumn[] {
  return [
    { field: keyField, header: context.tl('export.key'), kind: 'text' },
    ...shownColumns(columns, context).map((column): ExportColumn => {
      const kind = exportKindOf(column);
      return {
        field: column.field,
        header: context.t(column.titleKey!),
        kind,
        ...(kind === 'label' ? { labels: `${ns}:values` } : {}),
      };
    }),
  ];
}

function cellOf(column: ColumnDeclaration, record: BaseRecord, context: ExportContext): ExportCell {
  if (column.render) {
    const shown = column.render(record, context);
    if (typeof shown === 'string' || typeof shown === 'number') return shown;
  }
  return exportCell({ field: column.field, header: '', kind: exportKindOf(column) }, record[column.field], {
    yes: context.tl('export.yes'),
    no: context.tl('export.no'),
    label: (_, value) => context.t(`values.${value}`, { defaultValue: value }),
  });
}

/** The rows as the table a file is written from. */
export function exportTable(
  columns: readonly ColumnDeclaration[],
  records: readonly BaseRecord[],
  context: ExportContext,
): ExportTable {
  const shown = shownColumns(columns, context);
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
