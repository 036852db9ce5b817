/** '5 minutes ago', 'yesterday', '3 days ago'; older than a week as a short date ('12 Nov'), in the given locale. */
import { type RelativeUnit, relativeTime, shortDay } from '@/lib/intl-formats';

const UNITS: [RelativeUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
];

export function formatRelativeTime(date: Date, now: Date, locale: string): string {
  let amount = (date.getTime() - now.getTime()) / 1000;
  for (const [unit, size] of UNITS) {
    if (Math.abs(amount) < size) return relativeTime(Math.round(amount), unit, locale);
    amount /= size;
  }
  return shortDay(date, locale, date.getFullYear() !== now.getFullYear());
}
