/**
 * An entity's fields declared once (shared/fields.ts): the API's schemas, the list columns, the form fields and
 * the overview's details each follow from a field's kind, so an entity (and `make:resource`) writes a field once.
 */
import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import { columnsOf, formFieldsOf, overviewFieldsOf } from '@/declarations/declared-fields';
import { inputSchemaOf, itemSchemaOf } from '@shared/field-schemas';
import { defineFields, nameFieldOf } from '@shared/fields';

const SUPPLIER_FIELDS = defineFields({
  stock: { kind: 'number' },
  name: { kind: 'text' },
  notes: { kind: 'textarea' },
  active: { kind: 'boolean' },
  founded_on: { kind: 'date' },
  color: { kind: 'color' },
});

describe('the API schemas of declared fields', () => {
  const input = inputSchemaOf(SUPPLIER_FIELDS);

  it('requires the text and colour fields of a create and leaves the others optional', () => {
    expect(Value.Check(input, { name: 'Acme paints', color: '#13c2c2' })).toBe(true);
    expect(Value.Check(input, { color: '#13c2c2' })).toBe(false);
    expect(Value.Check(input, { name: 'Acme paints' })).toBe(false);
    expect(
      Value.Check(input, {
        name: 'A',
        color: '#abc',
        notes: null,
        stock: null,
        founded_on: null,
        active: true,
      }),
    ).toBe(true);
  });

  it("holds each kind to its rules: text length, integers, a hex colour, a calendar date's shape", () => {
    const valid = { name: 'Acme paints', color: '#abc' };
    expect(Value.Check(input, { ...valid, name: '' })).toBe(false);
    expect(Value.Check(input, { ...valid, name: 'x'.repeat(256) })).toBe(false);
    expect(Value.Check(input, { ...valid, notes: 'x'.repeat(5001) })).toBe(false);
    expect(Value.Check(input, { ...valid, stock: 1.5 })).toBe(false);
    expect(Value.Check(input, { ...valid, color: 'red' })).toBe(false);
    expect(input.properties.founded_on).toMatchObject({
      anyOf: [{ type: 'string', format: 'date' }, { type: 'null' }],
    });
  });

  it('answers a record with its id, every field and the timestamps', () => {
    expect(Object.keys(itemSchemaOf(SUPPLIER_FIELDS).properties)).toEqual([
      'id',
      'stock',
      'name',
      'notes',
      'active',
      'founded_on',
      'color',
      'created_at',
      'updated_at',
    ]);
  });

  it("takes the first text field as the record's name, and refuses fields without one", () => {
    expect(nameFieldOf(SUPPLIER_FIELDS)).toBe('name');
    expect(() => nameFieldOf({ stock: { kind: 'number' } })).toThrow('needs a text field');
  });
});

describe("the portal's screens of declared fields", () => {
  it('lists a column per field, sortable by kind, then Created and Updated; an override changes one column', () => {
    const columns = columnsOf(SUPPLIER_FIELDS, { stock: { width: 80 } });
    expect(columns.map(({ field, titleKey, kind, sort }) => ({ field, titleKey, kind, sort }))).toEqual([
      { field: 'stock', titleKey: 'columns.stock', kind: undefined, sort: 'stock' },
      { field: 'name', titleKey: 'columns.name', kind: undefined, sort: 'name' },
      { field: 'notes', titleKey: 'columns.notes', kind: undefined, sort: undefined },
      { field: 'active', titleKey: 'columns.active', kind: 'boolean', sort: 'active' },
      { field: 'founded_on', titleKey: 'columns.founded_on', kind: 'date', sort: 'founded_on' },
      { field: 'color', titleKey: 'columns.color', kind: 'colorChip', sort: undefined },
      { field: 'created_at', titleKey: 'columns.created', kind: 'date', sort: 'created_at' },
      { field: 'updated_at', titleKey: 'columns.updated', kind: 'date', sort: 'updated_at' },
    ]);
    expect(columns[0].width).toBe(80);
    expect(columns[2]).toMatchObject({ ellipsis: true, hideBelow: 'md' });
  });

  it("gives each field its kind's input, labelled by its fields text", () => {
    expect(formFieldsOf(SUPPLIER_FIELDS)).toEqual([
      { name: 'stock', labelKey: 'fields.stock', kind: 'number' },
      { name: 'name', labelKey: 'fields.name', kind: 'text' },
      { name: 'notes', labelKey: 'fields.notes', kind: 'textarea' },
      { name: 'active', labelKey: 'fields.active', kind: 'switch' },
      { name: 'founded_on', labelKey: 'fields.founded_on', kind: 'date' },
      { name: 'color', labelKey: 'fields.color', kind: 'color' },
    ]);
  });

  it("details every field but the name (the overview's title), then when the record was created and updated", () => {
    expect(overviewFieldsOf(SUPPLIER_FIELDS).map(({ key, kind }) => [key, kind])).toEqual([
      ['stock', undefined],
      ['notes', undefined],
      ['active', 'boolean'],
      ['founded_on', 'date'],
      ['color', 'colorChip'],
      ['created_at', 'datetime'],
      ['updated_at', 'datetime'],
    ]);
  });
});
