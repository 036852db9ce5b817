/**
 * Errors a screen shows itself, so refine's error notification of the same failure is not shown as well: a
 * validation error (422) shows under its fields, and a record that is not found or forbidden (404/403 of a
 * getOne) shows the screen's Not found or Forbidden state. The data provider notes each such error as it rejects;
 * refine asks the notification provider to show it right after, which takes the note (once).
 */
const noted = new Map<string, number>();

/** Statuses the screen of a record read shows itself. */
const RECORD_STATES = new Set([403, 404]);

export function noteScreenError(message: string): void {
  noted.set(message, (noted.get(message) ?? 0) + 1);
}

/** Notes `error` when its screen shows it: every 422, and a 403 or 404 of reading one record. */
export function noteIfScreenShows(error: { status: number; message: string }, readingRecord: boolean): void {
  if (error.status === 422 || (readingRecord && RECORD_STATES.has(error.status))) noteScreenError(error.message);
}

/** Whether an error notification with this text is one a screen shows itself (the note is used up). */
export function takeScreenError(message: unknown): boolean {
  if (typeof message !== 'string') return false;
  const count = noted.get(message);
  if (!count) return false;
  if (count > 1) noted.set(message, count - 1);
  else noted.delete(message);
  return true;
}
