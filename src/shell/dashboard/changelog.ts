/** The Updates box's view of the changelog: items dated for this environment, grouped per day, newest first. */
import { compareCodeUnits } from '@/lib/intl-formats';
import type { Environment } from './environment';
import type { ChangelogItem } from './types';

export interface ChangelogDay {
  /** `YYYY-MM-DD`, the server's calendar date. */
  date: string;
  items: ChangelogItem[];
}

export function environmentDate(item: ChangelogItem, environment: Environment): string | null {
  const value = item[`date_on_${environment}`];
  return value ? value.slice(0, 10) : null;
}

export function groupChangelogByDate(
  items: readonly ChangelogItem[],
  environment: Environment,
): ChangelogDay[] {
  const days = new Map<string, ChangelogItem[]>();
  for (const item of items) {
    const date = environmentDate(item, environment);
    if (!date) continue;
    days.set(date, [...(days.get(date) ?? []), item]);
  }
  return [...days.entries()]
    .sort(([left], [right]) => compareCodeUnits(right, left))
    .map(([date, dayItems]) => ({ date, items: dayItems.sort((left, right) => right.id - left.id) }));
}

/** A `YYYY-MM-DD` date as a local calendar day (no time-zone shift). */
export function calendarDay(date: string): Date {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(year, month - 1, day);
}
