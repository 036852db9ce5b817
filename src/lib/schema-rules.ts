/**
 * A form's client-side rules from the entity's shared input schema (`<Entity>InputSchema` in `shared/entities/`,
 * TypeBox): required, minimum and maximum length, a number's range, pattern, enum and the email format become
 * antd rules (also of nested fields, `licenses.hatch`), so a rule is never written a second time. A field may be
 * nullable (`Nullable(Type.String(...))`): its string branch holds the rules.
 */
import type { TObject, TSchema } from '@sinclair/typebox';
import type { FormRule } from 'antd';
import { useEffect, useState } from 'react';

export interface RuleMessages {
  required: string;
  minLength: (min: number) => string;
  maxLength: (max: number) => string;
  pattern: string;
  oneOf: string;
  email: string;
  /** A number out of the schema's `minimum`..`maximum`. */
  range?: (min: number | undefined, max: number | undefined) => string;
}

interface StringSchema {
  type?: string;
  minimum?: number;
  maximum?: number;
  properties?: Record<string, StringSchema>;
  required?: string[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  anyOf?: StringSchema[];
}

/** The branch that carries the value's rules: the schema itself, or the non-null branch of a union. */
function valueSchema(schema: TSchema | undefined): StringSchema | undefined {
  const candidate = schema as StringSchema | undefined;
  if (!candidate?.anyOf) return candidate;
  return candidate.anyOf.find((branch) => branch.type !== 'null');
}

/**
 * The schema of a field and whether it is required; a dotted name (`licenses.hatch`) walks into nested objects
 * and is required only when every level is.
 */
function fieldSchema(schema: TObject, field: string): { property?: StringSchema; required: boolean } {
  let parent: StringSchema | undefined = schema as unknown as StringSchema;
  let required = true;
  let property: StringSchema | undefined;
  for (const key of field.split('.')) {
    property = valueSchema(parent?.properties?.[key] as TSchema | undefined);
    required = required && !!parent?.required?.includes(key);
    parent = property;
  }
  return { property, required };
}

export function rulesFromSchema(schema: TObject, field: string, messages: RuleMessages): FormRule[] {
  const { property, required } = fieldSchema(schema, field);
  const rules: FormRule[] = [];
  if (required) rules.push({ required: true, message: messages.required });
  if (!property) return rules;
  if (property.type === 'integer' || property.type === 'number') {
    const { minimum: min, maximum: max } = property;
    if (messages.range && (min !== undefined || max !== undefined)) {
      rules.push({ type: 'number', min, max, message: messages.range(min, max) });
    }
  }
  if (property.enum) {
    rules.push({ type: 'enum', enum: property.enum as Array<string | number>, message: messages.oneOf });
  }
  if (property.format === 'email') rules.push({ type: 'email', message: messages.email });
  // The required rule already reports an empty value; min applies once something was typed.
  if (property.minLength !== undefined && property.minLength > 1) {
    rules.push({ min: property.minLength, message: messages.minLength(property.minLength) });
  }
  if (property.maxLength !== undefined) {
    rules.push({ max: property.maxLength, message: messages.maxLength(property.maxLength) });
  }
  if (property.pattern !== undefined) {
    rules.push({ pattern: new RegExp(property.pattern), message: messages.pattern });
  }
  return rules;
}

/** The longest value the schema allows for a field (the input's `maxLength`). */
export const schemaMaxLength = (schema: TObject | undefined, field: string): number | undefined =>
  schema ? fieldSchema(schema, field).property?.maxLength : undefined;

/** Whether the schema requires a value of the field. */
export const schemaRequires = (schema: TObject, field: string): boolean =>
  fieldSchema(schema, field).required;

const loaded = new WeakMap<() => Promise<TObject>, TObject>();

/**
 * The form's input schema once its dynamic import has arrived (at once when it already has); `ready` is false
 * while it loads, so the form does not submit without its rules.
 */
export function useInputSchema(load: (() => Promise<TObject>) | undefined): {
  schema: TObject | undefined;
  ready: boolean;
} {
  const [schema, setSchema] = useState(() => (load ? loaded.get(load) : undefined));
  useEffect(() => {
    if (!load || loaded.has(load)) return;
    let current = true;
    void load().then((result) => {
      loaded.set(load, result);
      if (current) setSchema(result);
    });
    return () => {
      current = false;
    };
  }, [load]);
  return {
    schema: load ? (schema ?? loaded.get(load)) : undefined,
    ready: !load || !!(schema ?? loaded.get(load)),
  };
}
