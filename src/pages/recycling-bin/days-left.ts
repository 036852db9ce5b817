/** Days a trashed record stays restorable (spec 2 §4, §9): the retention minus the whole days since its deletion. */
import { TRASH_RETENTION_DAYS } from '@shared/trash';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The days left, or null when none are (shown '---'), also for a missing or unreadable date. */
export function daysLeft(deletedAt: unknown, now: number = Date.now()): number | null {
  if (typeof deletedAt !== 'string') return null;
  const deleted = Date.parse(deletedAt);
  if (Number.isNaN(deleted)) return null;
  const left = TRASH_RETENTION_DAYS - Math.floor((now - deleted) / DAY_MS);
  return left > 0 ? left : null;
}
