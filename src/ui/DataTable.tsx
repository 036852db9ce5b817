/**
 * A data table in antd's Table look on a real `<table>`: sortable headers (a button in a `<th aria-sort>`, the
 * order cycling ascending → descending → ascending as antd's), a loading state that keeps the rows (dimmed, a
 * spinner, `aria-busy`), an empty row, rows that act as links (`rowProps`), columns hidden below antd's
 * breakpoints, row selection with a checkbox per row and one for the page, and sideways scrolling inside its own
 * wrapper on narrow screens. On phones (below antd's `sm`) each row is stacked: its title cell on top, the other
 * cells below it as 'label value' lines, its checkbox at the start and its actions at the end, so a row's name,
 * status and menu are seen without scrolling sideways; the header keeps only the sort buttons (table.css). A
 * record's name (the title cell's text) wraps, inside a word where one alone is too wide, and shows at most three
 * lines, cut with '…', however long it is (issue 42).
 */
import './table.css';
import CaretDownOutlined from '@ant-design/icons-svg/es/asn/CaretDownOutlined';
import CaretUpOutlined from '@ant-design/icons-svg/es/asn/CaretUpOutlined';
import {
  type CSSProperties,
  type HTMLAttributes,
  type ReactNode,
  type TableHTMLAttributes,
  useEffect,
  useRef,
} from 'react';
import { classNames } from './class-names';
import { Glyph } from './Glyph';
import { Spinner } from './Spinner';

export type SortOrder = 'asc' | 'desc';

/** antd's breakpoints: sm 576, md 768, lg 992, xl 1200 px. */
export type Breakpoint = 'sm' | 'md' | 'lg' | 'xl';

export interface DataColumn<TRecord> {
  key: string;
  title?: ReactNode;
  width?: number | string;
  align?: 'left' | 'center' | 'right';
  className?: string;
  /** Cuts long text with an ellipsis; a text cell shows its whole text as its title. */
  ellipsis?: boolean;
  /** The column is hidden on screens narrower than this breakpoint. */
  hideBelow?: Breakpoint;
  sortable?: boolean;
  /** The column's current order, null when the table is sorted by another column. */
  sortOrder?: SortOrder | null;
  /**
   * Its place in a row stacked on a phone: 'title' on top (the record's name), 'actions' at the end (the row
   * menu); other cells are lines under the title, labelled with the column's title.
   */
  stack?: 'title' | 'actions';
  render(record: TRecord): ReactNode;
}

export interface DataTableProps<TRecord> extends Omit<
  TableHTMLAttributes<HTMLTableElement>,
  'children' | 'rows'
> {
  columns: DataColumn<TRecord>[];
  rows: readonly TRecord[];
  rowKey(record: TRecord): string;
  /** A sortable header was chosen: its key and the order it asks for. */
  onSort?(key: string, order: SortOrder): void;
  /** Refreshing: the rows stay, dimmed, under a spinner. */
  loading?: boolean;
  /** The text of the single row shown when there are no rows. */
  emptyText: ReactNode;
  /** Attributes of a row's `<tr>` (click and keyboard handlers of rows that open something). */
  rowProps?(record: TRecord): HTMLAttributes<HTMLTableRowElement>;
  /** Rows can be selected: a checkbox per row and one for all rows shown. */
  selection?: RowSelection<TRecord>;
}

export interface RowSelection<TRecord> {
  /** The keys (`rowKey`) of the selected rows. */
  selected: ReadonlySet<string>;
  onChange(selected: Set<string>): void;
  /** The accessible name of a row's checkbox ('Select Oak'). */
  rowLabel(record: TRecord): string;
  /** The accessible name of the checkbox selecting every row shown. */
  allLabel: string;
}

/** A checkbox that can show 'some selected' (indeterminate, which has no HTML attribute). */
export function SelectionCheckbox({
  checked,
  indeterminate = false,
  label,
  onChange,
}: {
  checked: boolean;
  indeterminate?: boolean;
  label: string;
  onChange(checked: boolean): void;
}) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (input.current) input.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={input}
      type="checkbox"
      className="ui-table__checkbox"
      checked={checked}
      aria-label={label}
      onClick={(event) => event.stopPropagation()}
      onKeyDown={(event) => event.stopPropagation()}
      onChange={(event) => onChange(event.target.checked)}
    />
  );
}

/** The checkbox selecting one record, in a table row or on a card. */
export function RecordCheckbox<TRecord>({
  selection,
  record,
  recordKey,
}: {
  selection: RowSelection<TRecord>;
  record: TRecord;
  recordKey: string;
}) {
  return (
    <SelectionCheckbox
      checked={selection.selected.has(recordKey)}
      label={selection.rowLabel(record)}
      onChange={(checked) => {
        const next = new Set(selection.selected);
        if (checked) next.add(recordKey);
        else next.delete(recordKey);
        selection.onChange(next);
      }}
    />
  );
}

/** The selection column: the page's checkbox in the header, one per row. */
function selectionColumn<TRecord>(
  selection: RowSelection<TRecord>,
  rows: readonly TRecord[],
  rowKey: (record: TRecord) => string,
): DataColumn<TRecord> {
  const keys = rows.map(rowKey);
  const selectedShown = keys.filter((key) => selection.selected.has(key)).length;
  return {
    key: 'ui-selection',
    width: 48,
    className: 'ui-table__selection',
    title: (
      <SelectionCheckbox
        checked={keys.length > 0 && selectedShown === keys.length}
        indeterminate={selectedShown > 0 && selectedShown < keys.length}
        label={selection.allLabel}
        onChange={(checked) => {
          const next = new Set(selection.selected);
          for (const key of keys) {
            if (checked) next.add(key);
            else next.delete(key);
          }
          selection.onChange(next);
        }}
      />
    ),
    render: (record) => {
      const key = rowKey(record);
      return <RecordCheckbox selection={selection} record={record} recordKey={key} />;
    },
  };
}

/** antd's cycle: an unsorted column sorts ascending, then it alternates. */
export const nextSortOrder = (current: SortOrder | null | undefined): SortOrder =>
  current === 'asc' ? 'desc' : 'asc';

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

const cssLength = (width: number | string | undefined) => (typeof width === 'number' ? `${width}px` : width);

function cellClass(column: DataColumn<unknown>, ...more: (string | false | undefined)[]) {
  return classNames(
    column.align && column.align !== 'left' && `ui-table__cell--${column.align}`,
    column.hideBelow && `ui-table__cell--from-${column.hideBelow}`,
    column.sortOrder && 'ui-table__cell--sorted',
    column.stack && `ui-table__cell--${column.stack}`,
    column.className,
    ...more,
  );
}

function SortIcons({ order }: { order: SortOrder | null | undefined }) {
  return (
    <span className="ui-table__sorter" aria-hidden>
      <Glyph icon={CaretUpOutlined} className={classNames(order === 'asc' && 'is-active')} />
      <Glyph icon={CaretDownOutlined} className={classNames(order === 'desc' && 'is-active')} />
    </span>
  );
}

export function DataTable<TRecord>({
  columns: declaredColumns,
  rows,
  rowKey,
  onSort,
  loading = false,
  emptyText,
  rowProps,
  selection,
  className,
  ...tableAttributes
}: DataTableProps<TRecord>) {
  const columns = selection
    ? [selectionColumn(selection, rows, rowKey), ...declaredColumns]
    : declaredColumns;
  return (
    <div className={classNames('ui-table-wrapper', loading && 'ui-table-wrapper--loading')}>
      <table
        className={classNames('ui-table', className)}
        aria-busy={loading || undefined}
        {...tableAttributes}
      >
        <thead>
          <tr>
            {columns.map((column) => {
              const sortable = column.sortable && onSort;
              return (
                <th
                  key={column.key}
                  scope="col"
                  className={cellClass(column as DataColumn<unknown>, !!sortable && 'ui-table__th--sortable')}
                  style={column.width === undefined ? undefined : { width: cssLength(column.width) }}
                  aria-sort={column.sortOrder ? ARIA_SORT[column.sortOrder] : undefined}
                >
                  {sortable ? (
                    <button
                      type="button"
                      className="ui-table__sort"
                      onClick={() => onSort(column.key, nextSortOrder(column.sortOrder))}
                    >
                      <span className="ui-table__title">{column.title}</span>
                      <SortIcons order={column.sortOrder} />
                    </button>
                  ) : (
                    column.title
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr className="ui-table__empty">
              <td colSpan={columns.length}>{emptyText}</td>
            </tr>
          ) : (
            rows.map((record) => {
              const key = rowKey(record);
              const { className: rowClassName, ...rowAttributes } = rowProps?.(record) ?? {};
              return (
                <tr
                  key={key}
                  data-row-key={key}
                  className={classNames(
                    rowClassName,
                    selection?.selected.has(key) && 'ui-table__row--selected',
                  )}
                  {...rowAttributes}
                >
                  {columns.map((column) => {
                    const content = column.render(record);
                    const text = typeof content === 'string' || typeof content === 'number';
                    // A record's name as text: at most three lines, cut with '…' (its whole text the title).
                    const name = text && column.stack === 'title' && !column.ellipsis;
                    const style: CSSProperties | undefined = column.ellipsis
                      ? { maxWidth: cssLength(column.width) }
                      : undefined;
                    return (
                      <td
                        key={column.key}
                        className={cellClass(
                          column as DataColumn<unknown>,
                          column.ellipsis && 'ui-table__cell--ellipsis',
                        )}
                        style={style}
                        data-label={typeof column.title === 'string' ? column.title : undefined}
                        title={(column.ellipsis && text) || name ? String(content) : undefined}
                      >
                        {name ? <span className="ui-table__name">{content}</span> : content}
                      </td>
                    );
                  })}
                </tr>
              );
            })
          )}
        </tbody>
      </table>
      {loading && (
        <span className="ui-table__spinner">
          <Spinner />
        </span>
      )}
    </div>
  );
}
