// @vitest-environment node
/** Dotted form-field names (`licenses.hatch`): values, initial values, invalid tabs and rules from nested schemas. */
import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import {
  firstInvalidTab,
  initialValues,
  namePath,
  setValueAt,
  valueAt,
  valuesFromRecord,
} from '@/pages/form/form-values';
import { rulesFromSchema, schemaMaxLength } from '@/lib/schema-rules';
import type { FieldDeclaration } from '@/declarations/types';

const fields: FieldDeclaration[] = [
  { name: 'name', labelKey: 'name', kind: 'text', tab: 'details' },
  { name: 'licenses.hatch', labelKey: 'hatch', kind: 'number', initial: 0, tab: 'licences' },
  { name: 'colors.primary_color', labelKey: 'color', kind: 'color', tab: 'appearance' },
  { name: 'colors.is_default', labelKey: 'default', kind: 'switch', initial: true, tab: 'appearance' },
];

describe('dotted field names', () => {
  it('read, set and start nested values', () => {
    expect(namePath('licenses.hatch')).toEqual(['licenses', 'hatch']);
    expect(valueAt({ colors: { primary_color: '#123456' } }, 'colors.primary_color')).toBe('#123456');
    expect(valueAt({ colors: null }, 'colors.primary_color')).toBeUndefined();
    const values: Record<string, unknown> = { colors: { is_default: false } };
    setValueAt(values, 'colors.primary_color', '#abcdef');
    expect(values).toEqual({ colors: { is_default: false, primary_color: '#abcdef' } });
    expect(initialValues(fields)).toEqual({ licenses: { hatch: 0 }, colors: { is_default: true } });
    expect(
      valuesFromRecord(fields, { name: 'Acme', colors: { primary_color: '#1f6feb', is_default: false } }),
    ).toEqual({
      name: 'Acme',
      licenses: { hatch: undefined },
      colors: { primary_color: '#1f6feb', is_default: false },
    });
  });

  it('open the tab of a nested field the server refused', () => {
    const tabs = [{ key: 'details' }, { key: 'licences' }, { key: 'appearance' }];
    expect(firstInvalidTab(fields, tabs, ['licenses.hatch'])).toBe('licences');
    expect(firstInvalidTab(fields, tabs, ['colors.primary_color', 'licenses.hatch'])).toBe('licences');
    expect(firstInvalidTab(fields, tabs, ['sub_domain'])).toBeUndefined();
  });

  it('take their rules from the nested schema', () => {
    const schema = Type.Object({
      name: Type.String({ maxLength: 255 }),
      licenses: Type.Optional(Type.Object({ hatch: Type.Integer({ minimum: 0, maximum: 100 }) })),
      colors: Type.Object({ primary_color: Type.String({ pattern: '^#[0-9a-f]{6}$', maxLength: 7 }) }),
    });
    const messages = {
      required: 'required',
      minLength: () => 'min',
      maxLength: (max: number) => `max ${max}`,
      pattern: 'pattern',
      oneOf: 'oneOf',
      email: 'email',
      range: (min: number | undefined, max: number | undefined) => `${min}..${max}`,
    };
    // Optional on the way: not required.
    expect(rulesFromSchema(schema, 'licenses.hatch', messages)).toEqual([
      { type: 'number', min: 0, max: 100, message: '0..100' },
    ]);
    expect(rulesFromSchema(schema, 'colors.primary_color', messages)).toEqual([
      { required: true, message: 'required' },
      { max: 7, message: 'max 7' },
      { pattern: /^#[0-9a-f]{6}$/, message: 'pattern' },
    ]);
    expect(schemaMaxLength(schema, 'colors.primary_color')).toBe(7);
    expect(rulesFromSchema(schema, 'licenses.unknown', messages)).toEqual([]);
  });
});
