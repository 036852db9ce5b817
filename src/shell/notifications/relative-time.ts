/** '5 minutes ago', 'yesterday', '3 days ago'; older than a week as a short date ('12 Nov'), in the given locale. */
import { dateTimeFormat, relativeTimeFormat, unbrokenDate } from '@/lib/intl-formats';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
];

export function formatRelativeTime(date: Date, now: Date, locale: string): string {
  let amount = (date.getTime() - now.getTime()) / 1000;
  const format = relativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(amount) < size) return format.format(Math.round(amount), unit);
    amount /= size;
  }
  const sameYear = date.getFullYear() === now.getFullYear();
  return unbrokenDate(
    dateTimeFormat(locale, { day: 'numeric', month: 'short', year: sameYear ? undefined : 'numeric' }),
    date,
  );
}
