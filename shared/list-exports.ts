/**
 * A list's export as a job on the server (issue 46): a list longer than the browser writes itself
 * (`BROWSER_EXPORT_MAX` rows) is exported by the processing queue, which reads the list's own endpoint page after
 * page as the user who asked, writes each page into the file as it comes (never holding the rows), stores the file,
 * and tells the user's bell how far it is (`LIST_EXPORT_EVENT`) and, when done, notifies with a download.
 * Declared here for both sides: the request (`POST /list-exports`), the answer, and how a record's field becomes
 * a spreadsheet cell, which the portal's own exports (src/pages/list/export/) share.
 */

/** The most rows the portal exports in the browser; a longer list is exported by the server. */
export const BROWSER_EXPORT_MAX = 5000;

/** The most rows one export takes. */
export const LIST_EXPORT_MAX = 500_000;

/** How long an export's file is kept (days) before it is removed. */
export const LIST_EXPORT_KEPT_DAYS = 7;

/** An export's progress or end, on the user's own channel: `{export}` (a ListExport). */
export const LIST_EXPORT_EVENT = 'ListExportUpdated';

export const LIST_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ListExportFormat = (typeof LIST_EXPORT_FORMATS)[number];

export const LIST_EXPORT_STATUSES = ['QUEUED', 'RUNNING', 'FINISHED', 'FAILED'] as const;
export type ListExportStatus = (typeof LIST_EXPORT_STATUSES)[number];

/**
 * How a column's value becomes a cell: as text (a thing by its name, a list joined), a number, a date, a moment
 * (date and time), yes or no (a flag, or a date that is set), or a label: the value's text in the locale key `labels` names
 * (`models:values` → `models:values.FINISHED`), the value itself when that has none.
 */
export const EXPORT_CELL_KINDS = ['text', 'number', 'date', 'datetime', 'yesno', 'label'] as const;
export type ExportCellKind = (typeof EXPORT_CELL_KINDS)[number];

/** One column of an export: the record's field, its heading (in the user's language) and its cell kind. */
export interface ExportColumn {
  field: string;
  header: string;
  kind: ExportCellKind;
  /** For `label`: the locale key the values are labelled under (`namespace:prefix`). */
  labels?: string;
}

/** What `POST /list-exports` takes. */
export interface ListExportRequest {
  /** The list's endpoint below /api/v2 (`/library-items`). */
  list: string;
  /** The list's query as its page asks for it (filters, search, sort), without `page` and `per_page`. */
  query: string;
  /** The record's key first, then the columns the user sees. */
  columns: ExportColumn[];
  format: ListExportFormat;
  /** The file's name without extension (the list's title). */
  name: string;
  /** The user's time zone (IANA), in which dates are written. */
  time_zone: string;
}

/** An export as the API answers it. */
export interface ListExport {
  id: number;
  name: string;
  format: ListExportFormat;
  status: ListExportStatus;
  rows_done: number;
  rows_total: number;
  /** The file's name with its extension (`Library items 2026-12-01.csv`). */
  file_name: string;
  created_at: string;
  finished_at: string | null;
}

/** A spreadsheet cell: text, a number, a moment, or empty. */
export type ExportCell = string | number | Date | null;

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

/**
 * A date or date-time of the API as a moment; a calendar date (`YYYY-MM-DD`) is that day's start in `timeZone`
 * (the reader's own where absent).
 */
export function momentOf(value: unknown, timeZone?: string): Date | null {
  if (typeof value !== 'string' || !value) return null;
  const calendarDay = /^\d{4}-\d{2}-\d{2}$/.test(value);
  let date = new Date(calendarDay ? `${value}T00:00${timeZone ? 'Z' : ''}` : value);
  if (calendarDay && timeZone) date = new Date(date.getTime() - offsetMinutes(date, timeZone) * 60_000);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Whether a flag or a date counts as set (a `verified` column: a date, `1`, true). */
export const isSet = (value: unknown) =>
  value !== null && value !== undefined && value !== false && value !== 0 && value !== '' && value !== '0';

/** How far `timeZone`'s clock is ahead of UTC at that moment, in minutes. */
export function offsetMinutes(date: Date, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
      .formatToParts(date)
      .map((part) => [part.type, Number(part.value)]),
  );
  const clock = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  return Math.round((clock - Math.floor(date.getTime() / 1000) * 1000) / 60_000);
}

/** A spreadsheet has no time zones: the moment as the clock in `timeZone` shows it, as a UTC date. */
export const wallClock = (date: Date, timeZone: string) =>
  new Date(date.getTime() + offsetMinutes(date, timeZone) * 60_000);

const two = (value: number) => String(value).padStart(2, '0');

/** A moment as CSV text in `timeZone`: '12-03-2025 18:39' in Dutch, '2025-03-12 18:39' in English. */
export function csvDateText(date: Date, language: string, withTime: boolean, timeZone: string): string {
  const clock = wallClock(date, timeZone);
  const day = [two(clock.getUTCDate()), two(clock.getUTCMonth() + 1), String(clock.getUTCFullYear())];
  const written = language === 'nl' ? day.join('-') : day.reverse().join('-');
  return withTime ? `${written} ${two(clock.getUTCHours())}:${two(clock.getUTCMinutes())}` : written;
}

/** The portal's date formats as a spreadsheet's number formats. */
export const XLSX_DATE_FORMATS: Record<'en' | 'nl', { day: string; time: string }> = {
  en: { day: 'mmm d, yyyy', time: 'mmm d, yyyy, hh:mm AM/PM' },
  nl: { day: 'd-mm-yyyy', time: 'd-mm-yyyy hh:mm' },
};

/** A spreadsheet's name for a sheet: at most 31 characters, none of []:*?/\. */
export const sheetNameOf = (name: string) =>
  name
    .replace(/[[\]:*?/\\\s]+/g, ' ')
    .trim()
    .slice(0, 31) || 'Sheet1';

/** The file's name: the list's title and the day, without characters a file system refuses. */
export function exportFileName(name: string, format: ListExportFormat, today = new Date()): string {
  const day = `${today.getFullYear()}-${two(today.getMonth() + 1)}-${two(today.getDate())}`;
  return `${name.replace(/[\\/:*?"<>|\s]+/g, ' ').trim()} ${day}.${format}`;
}

/** What a cell needs beyond the record: the texts of yes and no, and a label's text. */
export interface CellTexts {
  yes: string;
  no: string;
  label(key: string, value: string): string;
  /** Where a calendar date's day starts (the reader's own where absent). */
  timeZone?: string;
}

/** A record's field as the cell of its column's kind. */
export function exportCell(column: ExportColumn, value: unknown, texts: CellTexts): ExportCell {
  switch (column.kind) {
    case 'date':
    case 'datetime':
      return momentOf(value, texts.timeZone);
    case 'number':
      return typeof value === 'number' ? value : null;
    case 'label':
      return typeof value === 'string' && value ? texts.label(column.labels ?? '', value) : '';
    case 'yesno':
      return isSet(value) ? texts.yes : texts.no;
    default:
      return typeof value === 'boolean' ? (value ? texts.yes : texts.no) : textOf(value);
  }
}
