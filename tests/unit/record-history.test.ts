/**
 * A record's History as the dialog words it (issue 46; src/components/history/record-history.ts): a changed field
 * by the resource's own label (a field that refers to a record by its form field, `role` by `role_id`), a value as
 * a user reads it: an option by its label, yes or no, a date in the user's format, '(empty)'.
 */
import { describe, expect, it } from 'vitest';
import { fieldLabel, type HistoryTexts, valueText } from '@/components/history/record-history';
import type { ResourceDeclaration } from '@/declarations/types';
import { formatDate } from '@/lib/intl-formats';

const resource = {
  name: 'things',
  ns: 'things',
  list: { columns: [{ field: 'owner', titleKey: 'columns.owner' }] },
  form: {
    fields: [
      { name: 'name', labelKey: 'fields.name', kind: 'text' },
      { name: 'role_id', labelKey: 'fields.role', kind: 'reference' },
      { name: 'category_ids', labelKey: 'fields.categories', kind: 'reference' },
      {
        name: 'status',
        labelKey: 'fields.status',
        kind: 'select',
        options: [{ value: 'active', labelKey: 'values.active' }],
      },
    ],
  },
} as unknown as ResourceDeclaration;

const texts: HistoryTexts = {
  t: (key) => `<${key}>`,
  tl: (key) => ({ 'history.empty': '(empty)', 'export.yes': 'Yes', 'export.no': 'No' })[key] ?? key,
  language: 'en',
};

describe('a change in the History', () => {
  it("names each field by the resource's label: its own, the form field it refers through, a column's", () => {
    expect(fieldLabel(resource, 'name', texts)).toBe('<fields.name>');
    expect(fieldLabel(resource, 'role', texts)).toBe('<fields.role>');
    expect(fieldLabel(resource, 'categories', texts)).toBe('<fields.categories>');
    expect(fieldLabel(resource, 'owner', texts)).toBe('<columns.owner>');
    expect(fieldLabel(resource, 'phone_number', texts)).toBe('Phone number');
  });

  it('writes each value as a user reads it', () => {
    expect(valueText(resource, 'status', 'active', texts)).toBe('<values.active>');
    expect(valueText(resource, 'name', 'Oak', texts)).toBe('Oak');
    expect(valueText(resource, 'name', null, texts)).toBe('(empty)');
    expect(valueText(resource, 'name', '', texts)).toBe('(empty)');
    expect(valueText(resource, 'flag', true, texts)).toBe('Yes');
    expect(valueText(resource, 'flag', false, texts)).toBe('No');
    expect(valueText(resource, 'count', 12500, texts)).toBe('12,500');
    // The portal's own date format (never broken inside the date).
    expect(valueText(resource, 'due', '2025-03-12', texts)).toBe(formatDate('2025-03-12', 'en'));
    expect(valueText(resource, 'due', '2025-03-12', texts)).toMatch(/^Mar\s12,\s2025$/);
  });
});
