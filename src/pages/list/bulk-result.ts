/**
 * Spec 2 §4/§8's rule for the banner of a bulk action's answer `{action, success, failed}`: a failure (red, with
 * the names that failed) suppresses the success (green, with the count); the banner is cleared after 5 s.
 */
import type { Banner } from '@/components/useResultBanner';

export const BULK_BANNER_DURATION_MS = 5000;

export interface BulkAnswer {
  action?: string;
  success?: readonly unknown[];
  failed?: readonly unknown[];
  /** A delete to the recycling bin's: its user restores the records with it (issue 46). */
  undo_token?: string;
}

export interface BulkTexts {
  /** '{{count}} Libraries successfully deleted'. */
  success: (count: number) => string;
  /** 'The following libraries have not been deleted ...; {{names}}'. */
  failure: (names: string) => string;
}

const nameOf = (entry: unknown, nameField: string) =>
  entry && typeof entry === 'object'
    ? String((entry as Record<string, unknown>)[nameField] ?? (entry as Record<string, unknown>).id ?? '')
    : String(entry ?? '');

export function bulkResultBanner(answer: BulkAnswer, texts: BulkTexts, nameField = 'name'): Banner {
  const failed = answer.failed ?? [];
  if (failed.length > 0) {
    return { type: 'error', text: texts.failure(failed.map((entry) => nameOf(entry, nameField)).join(', ')) };
  }
  return { type: 'success', text: texts.success(answer.success?.length ?? 0) };
}
