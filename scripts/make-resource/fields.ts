/**
 * The field kinds of `make:resource` and everything each one generates: its rule in the shared input schema, its
 * column (SQL and Kysely type), how the API presents it, its list column and form input in the portal, and the
 * values the generated server test sends (valid ones, and an invalid one with the 422 message it gets).
 */
import { FIELD_KIND_RULES, FIELD_KINDS, type FieldKind } from '../../shared/fields';
import { KEBAB } from './names';

export { FIELD_KINDS, type FieldKind } from '../../shared/fields';

/** `name:text` when no fields are given. */
export const DEFAULT_FIELDS = ['name:text'];

/** Columns every generated table has, or words with a meaning of their own in a list request. */
const RESERVED_FIELDS = new Set([
  'id',
  'company_id',
  'created_at',
  'updated_at',
  'deleted_at',
  'search',
  'page',
  'per_page',
  'sort',
  'filter',
  'count',
  'trashed',
  'action',
  '_method',
]);

const SNAKE = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;

export interface Field {
  name: string;
  kind: FieldKind;
  /** `founded on` for `founded_on`: as a 422 message names it. */
  words: string;
}

/**
 * What `make:resource` writes per kind beyond the declared field (its schema rules, column type, list column and
 * form input follow from shared/fields.ts): its column in the migration, and the values the generated server test
 * sends (two valid ones, and an invalid one with its 422 message's ending).
 */
export interface KindRules {
  sql: string;
  /** Whether a create must send it (shared/fields.ts). */
  required: boolean;
  samples: [string, string];
  invalid: [value: string, message: string];
}

const GENERATED: Record<FieldKind, Omit<KindRules, 'required'>> = {
  text: {
    sql: 'text not null',
    samples: ["'Alpha'", "'Beta'"],
    invalid: ["'x'.repeat(256)", 'must not be greater than 255 characters.'],
  },
  textarea: {
    sql: 'text',
    samples: ["'First line\\nSecond line'", "'Changed'"],
    invalid: ["'x'.repeat(5001)", 'must not be greater than 5000 characters.'],
  },
  number: { sql: 'integer', samples: ['12', '-3'], invalid: ["'twelve'", 'must be an integer.'] },
  boolean: {
    sql: 'boolean not null default false',
    samples: ['true', 'false'],
    invalid: ["'maybe'", 'must be true or false.'],
  },
  date: {
    sql: 'date',
    samples: ["'2026-03-14'", "'2027-01-31'"],
    invalid: ["'2026-13-45'", 'must be a valid date.'],
  },
  color: { sql: 'text not null', samples: ["'#13c2c2'", "'#abc'"], invalid: ["'red'", 'format is invalid.'] },
};

export const KINDS = Object.fromEntries(
  FIELD_KINDS.map((kind) => [kind, { ...GENERATED[kind], required: FIELD_KIND_RULES[kind].required }]),
) as Record<FieldKind, KindRules>;

/** Parses `name:kind` arguments; throws with every problem found. */
export function parseFields(specs: readonly string[]): Field[] {
  const problems: string[] = [];
  const fields: Field[] = [];
  for (const spec of specs.length ? specs : DEFAULT_FIELDS) {
    const [name, kind, ...rest] = spec.split(':');
    if (!name || kind === undefined || rest.length) {
      problems.push(`"${spec}" is no field: write name:kind (e.g. name:text).`);
      continue;
    }
    if (!(FIELD_KINDS as readonly string[]).includes(kind)) {
      problems.push(`"${spec}": unknown field kind "${kind}" (known: ${FIELD_KINDS.join(', ')}).`);
      continue;
    }
    if (!SNAKE.test(name) || name.length > 48) {
      problems.push(
        `"${spec}": a field name is snake_case (lower-case words joined by _), at most 48 characters.`,
      );
      continue;
    }
    if (RESERVED_FIELDS.has(name)) {
      problems.push(
        `"${spec}": "${name}" is reserved (every table has it, or a list request uses the word).`,
      );
      continue;
    }
    if (fields.some((field) => field.name === name)) {
      problems.push(`"${spec}": the field "${name}" is given twice.`);
      continue;
    }
    fields.push({ name, kind: kind as FieldKind, words: name.split('_').join(' ') });
  }
  if (!problems.length && !fields.some((field) => field.kind === 'text')) {
    problems.push(
      "At least one field must be of kind text: the first one is the record's name (search, delete answers, banners).",
    );
  }
  if (problems.length) throw new Error(problems.join('\n'));
  return fields;
}

/** The record's name: the first text field. */
export const nameField = (fields: readonly Field[]): Field => fields.find((field) => field.kind === 'text')!;

/** Whether a kebab-case argument is usable (re-exported for the CLI's option checks). */
export const isKebab = (value: string) => KEBAB.test(value);
