/**
 * A record's field history as the History dialog shows it (issue 46; `GET {collection}/{id}/history`,
 * server/db/record-changes.ts): each changed field named by the resource's own label (its form field's, or its list
 * column's; a field that refers to a record, `role`, by the form field `role_id`), and each value as a user reads it:
 * an option by its label, a date in the user's format, yes or no, '(empty)'.
 */
import type { ResourceDeclaration } from '@/declarations/types';
import { formatCount, formatDate } from '@/lib/intl-formats';

export type ChangeValue = string | number | boolean | null;

export interface RecordChange {
  id: number;
  datetime: string;
  user: { id: number; name: string } | null;
  changes: Array<{ field: string; from: ChangeValue; to: ChangeValue }>;
}

/** The form field a changed field is, or refers through (`role` → `role_id`, `categories` → `category_ids`). */
function formFieldOf(resource: ResourceDeclaration, field: string) {
  const fields = resource.form?.fields ?? [];
  const singular = field.replace(/ies$/, 'y').replace(/s$/, '');
  return fields.find((candidate) =>
    [field, `${field}_id`, `${field}_ids`, `${singular}_id`, `${singular}_ids`].includes(candidate.name),
  );
}

/** The texts the dialog names fields and values with. */
export interface HistoryTexts {
  /** The resource's namespace. */
  t(key: string, options?: Record<string, unknown>): string;
  /** The lists' namespace: yes, no, empty. */
  tl(key: string): string;
  language: string | undefined;
}

/** A changed field's label on this resource. */
export function fieldLabel(resource: ResourceDeclaration, field: string, texts: HistoryTexts): string {
  const declared = formFieldOf(resource, field);
  if (declared) return texts.t(declared.labelKey);
  const column = resource.list?.columns.find((candidate) => candidate.field === field && candidate.titleKey);
  if (column?.titleKey) return texts.t(column.titleKey);
  const words = field.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** A value as the user reads it. */
export function valueText(
  resource: ResourceDeclaration,
  field: string,
  value: ChangeValue,
  texts: HistoryTexts,
): string {
  if (value === null || value === '') return texts.tl('history.empty');
  if (typeof value === 'boolean') return texts.tl(value ? 'export.yes' : 'export.no');
  if (typeof value === 'number') return formatCount(value, texts.language);
  const option = formFieldOf(resource, field)?.options?.find((candidate) => candidate.value === value);
  if (option) return option.label ?? texts.t(option.labelKey ?? option.value);
  if (ISO_MOMENT.test(value)) return formatDate(value, texts.language, value.includes('T'));
  return value;
}
