/**
 * Intl formatters, made once per locale and options and kept: making one loads the locale's data and costs far
 * more than formatting with it (a list made one per date cell, and a module that made one when it loaded cost every
 * first visit about 20 ms before anything showed).
 */
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>();

function kept<T extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>(
  kind: string,
  locale: string | undefined,
  options: object,
  make: () => T,
): T {
  const key = `${kind}|${locale ?? ''}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter;
}

export const dateTimeFormat = (locale: string | undefined, options: Intl.DateTimeFormatOptions = {}) =>
  kept('date', locale, options, () => new Intl.DateTimeFormat(locale, options));

export const numberFormat = (locale: string | undefined, options: Intl.NumberFormatOptions = {}) =>
  kept('number', locale, options, () => new Intl.NumberFormat(locale, options));

export const relativeTimeFormat = (
  locale: string | undefined,
  options: Intl.RelativeTimeFormatOptions = {},
) => kept('relative', locale, options, () => new Intl.RelativeTimeFormat(locale, options));

/**
 * A date or date-time as text that never breaks inside its date or its time: spaces are no-break spaces, as CLDR
 * has the one before AM/PM (browsers print a plain one, so a narrow cell showed '04:10' and 'PM' on two lines).
 * Only the words between the date and the time ('Mar 12, 2025, ' and '4:10 PM'; Dutch ' om ') may break.
 */
export function unbrokenDate(format: Intl.DateTimeFormat, date: Date | number): string {
  const parts = format.formatToParts(date);
  return parts
    .map((part, index) =>
      part.type === 'literal' && parts[index + 1]?.type !== 'hour'
        ? part.value.replace(/ /g, '\u00a0')
        : part.value,
    )
    .join('');
}

/** CLDR's abbreviated month names (format context) of the portal's two languages. */
const SHORT_MONTHS = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  nl: ['jan', 'feb', 'mrt', 'apr', 'mei', 'jun', 'jul', 'aug', 'sep', 'okt', 'nov', 'dec'],
} as const;

const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * `formatDate` in the portal's two languages, written from CLDR's patterns rather than by an Intl formatter: the
 * first Intl date or number formatter of a page sets up ICU, about 15 ms of the main thread, and
 * a list's date cells were the first to ask. tests/unit/intl-formats.test.ts checks every month and hour against
 * Intl.
 */
function writtenDate(date: Date, language: keyof typeof SHORT_MONTHS, withTime: DateTimeDetail): string {
  const nbsp = '\u00a0';
  const month = SHORT_MONTHS[language][date.getMonth()];
  const day = `${date.getDate()}`;
  const year = `${date.getFullYear()}`;
  const written =
    language === 'en' ? `${month}${nbsp}${day},${nbsp}${year}` : `${day}${nbsp}${month}${nbsp}${year}`;
  if (!withTime) return written;
  const minutes =
    twoDigits(date.getMinutes()) + (withTime === 'seconds' ? `:${twoDigits(date.getSeconds())}` : '');
  if (language === 'nl') return `${written}, ${twoDigits(date.getHours())}:${minutes}`;
  const hours = date.getHours() % 12 || 12;
  return `${written}, ${twoDigits(hours)}:${minutes}${nbsp}${date.getHours() < 12 ? 'AM' : 'PM'}`;
}

/** CLDR's month and weekday names (format context, wide) of the portal's two languages; weeks start on Sunday. */
const LONG_MONTHS = {
  en: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
  nl: [
    'januari',
    'februari',
    'maart',
    'april',
    'mei',
    'juni',
    'juli',
    'augustus',
    'september',
    'oktober',
    'november',
    'december',
  ],
} as const;
const WEEKDAYS = {
  en: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
  nl: ['zondag', 'maandag', 'dinsdag', 'woensdag', 'donderdag', 'vrijdag', 'zaterdag'],
} as const;

const isWritten = (language: string | undefined): language is keyof typeof SHORT_MONTHS =>
  language === 'en' || language === 'nl';

/**
 * The time of day to the second, as the dashboard's clock shows it: '04:10:05 PM' in English (a no-break space
 * before AM/PM), '16:10:05' in Dutch. Written from CLDR's patterns in the portal's two languages, like
 * `formatDate`: the dashboard's first render made the page's first Intl formatter, 200 to 300 ms of the main
 * thread at 4× CPU.
 */
export function clockTime(date: Date, language: string | undefined): string {
  if (!isWritten(language))
    return unbrokenDate(
      dateTimeFormat(language, { hour: '2-digit', minute: '2-digit', second: '2-digit' }),
      date,
    );
  const minutes = `${twoDigits(date.getMinutes())}:${twoDigits(date.getSeconds())}`;
  if (language === 'nl') return `${twoDigits(date.getHours())}:${minutes}`;
  return `${twoDigits(date.getHours() % 12 || 12)}:${minutes}\u00a0${date.getHours() < 12 ? 'AM' : 'PM'}`;
}

/** A day with its weekday, in full: 'Wednesday, December 2, 2026', 'woensdag 2 december 2026' (see `clockTime`). */
export function longDate(date: Date, language: string | undefined): string {
  if (!isWritten(language))
    return dateTimeFormat(language, {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    }).format(date);
  const weekday = WEEKDAYS[language][date.getDay()];
  const month = LONG_MONTHS[language][date.getMonth()];
  return language === 'en'
    ? `${weekday}, ${month} ${date.getDate()}, ${date.getFullYear()}`
    : `${weekday} ${date.getDate()} ${month} ${date.getFullYear()}`;
}

/** A count as the portal writes it: '12,345' in English, '12.345' in Dutch (see `clockTime`); Intl for others. */
export function formatCount(value: number, language: string | undefined): string {
  if (!isWritten(language) || !Number.isSafeInteger(value)) return numberFormat(language).format(value);
  const digits = String(Math.abs(value)).replace(/\B(?=(\d{3})+$)/g, language === 'en' ? ',' : '.');
  return value < 0 ? `-${digits}` : digits;
}

/**
 * Orders ASCII keys (ISO dates and times, API names) as a collator would, by their code units: `localeCompare`'s
 * first call on a page sets up ICU's collation, 70 to 160 ms of the main thread at 4× CPU.
 */
export const compareCodeUnits = (left: string, right: string): number =>
  left < right ? -1 : left > right ? 1 : 0;

export type RelativeUnit = 'second' | 'minute' | 'hour' | 'day';

/**
 * CLDR's relative times (long, 'auto': 'yesterday' rather than '1 day ago') of the portal's two languages: for each
 * unit the word for zero ('now', 'today'), the unit for one and for more, and the days that have names.
 */
const RELATIVE = {
  en: {
    units: {
      second: ['now', 'second', 'seconds'],
      minute: ['this minute', 'minute', 'minutes'],
      hour: ['this hour', 'hour', 'hours'],
      day: ['today', 'day', 'days'],
    },
    days: { '-1': 'yesterday', '1': 'tomorrow' } as Record<string, string>,
    past: (amount: string) => `${amount} ago`,
    future: (amount: string) => `in ${amount}`,
  },
  nl: {
    units: {
      second: ['nu', 'seconde', 'seconden'],
      minute: ['binnen een minuut', 'minuut', 'minuten'],
      hour: ['binnen een uur', 'uur', 'uur'],
      day: ['vandaag', 'dag', 'dagen'],
    },
    days: { '-2': 'eergisteren', '-1': 'gisteren', '1': 'morgen', '2': 'overmorgen' } as Record<
      string,
      string
    >,
    past: (amount: string) => `${amount} geleden`,
    future: (amount: string) => `over ${amount}`,
  },
} as const;

/**
 * `value` units from now as Intl's RelativeTimeFormat writes it with `numeric: 'auto'`: '5 minutes ago',
 * 'yesterday', 'in 2 hours'; '5 minuten geleden', 'eergisteren'. Written from CLDR's patterns in the portal's two
 * languages (see `clockTime`: a RelativeTimeFormat costs a page as much as its first date formatter).
 */
export function relativeTime(value: number, unit: RelativeUnit, language: string | undefined): string {
  if (!isWritten(language) || !Number.isInteger(value) || Math.abs(value) >= 1000)
    return relativeTimeFormat(language, { numeric: 'auto' }).format(value, unit);
  const written = RELATIVE[language];
  const [zero, one, more] = written.units[unit];
  if (value === 0) return zero;
  const named = unit === 'day' ? written.days[String(value)] : undefined;
  if (named) return named;
  const amount = `${Math.abs(value)} ${Math.abs(value) === 1 ? one : more}`;
  return value < 0 ? written.past(amount) : written.future(amount);
}

/** A day and month, with the year when `withYear`: 'Nov 12' / 'Nov 12, 2025', '12 nov' (no-break spaces). */
export function shortDay(date: Date, language: string | undefined, withYear: boolean): string {
  if (!isWritten(language))
    return unbrokenDate(
      dateTimeFormat(language, { day: 'numeric', month: 'short', year: withYear ? 'numeric' : undefined }),
      date,
    );
  if (withYear) return writtenDate(date, language, false);
  const month = SHORT_MONTHS[language][date.getMonth()];
  return language === 'en' ? `${month}\u00a0${date.getDate()}` : `${date.getDate()}\u00a0${month}`;
}

/** A date alone (false), with its time (true), or with its time to the second ('seconds', a processing history). */
export type DateTimeDetail = boolean | 'seconds';

/**
 * A record's date (or date-time, `withTime`) as every screen writes it: 'Mar 12, 2025' and 'Mar 12, 2025, 06:39 PM'
 * in English, '12 mrt 2025, 18:39' in Dutch ('Mar 12, 2025, 06:39:07 PM', '12 mrt 2025, 18:39:07' with seconds),
 * never broken inside its date or time. Empty for a missing or invalid value.
 */
export function formatDate(
  value: unknown,
  language: string | undefined,
  withTime: DateTimeDetail = false,
): string {
  if (typeof value !== 'string' && !(value instanceof Date)) return '';
  // A calendar date (`YYYY-MM-DD`) is that day where the reader is, not UTC's midnight.
  const date = new Date(
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00` : value,
  );
  if (Number.isNaN(date.getTime())) return '';
  if (isWritten(language)) return writtenDate(date, language, withTime);
  return intlDate(date, language, withTime);
}

/** `formatDate` as Intl writes it: the way for any other language, and what the two written ones are checked against. */
export function intlDate(date: Date, language: string | undefined, withTime: DateTimeDetail): string {
  return unbrokenDate(
    dateTimeFormat(language, {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      ...(withTime ? { hour: '2-digit', minute: '2-digit' } : {}),
      ...(withTime === 'seconds' ? { second: '2-digit' } : {}),
    }),
    date,
  );
}

/**
 * The formats (dayjs tokens) of a date-time picker: the first writes the chosen value as `formatDate` with its time
 * does ('Jan 1, 2027, 05:00 AM', '1 jan 2027, 05:00'; the picker showed '2027-01-01 05:00:00'), the others are
 * also read when typed. The time columns follow the reader's clock.
 */
export function dateTimePickerFormats(language: string | undefined): { format: string[]; time: string } {
  const english = !language?.startsWith('nl');
  const shown = english ? 'MMM D, YYYY, hh:mm A' : 'D MMM YYYY, HH:mm';
  return {
    format: [shown, 'YYYY-MM-DD HH:mm:ss', 'YYYY-MM-DD HH:mm'],
    time: english ? 'hh:mm A' : 'HH:mm',
  };
}
