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
