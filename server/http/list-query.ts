/**
 * The list query convention (spatie/laravel-query-builder style, reference §5.5): `per_page`, `page`,
 * `sort=-created_at,name`, `filter[x]=a,b`, `included_fields[]` / `excluded_fields[]`, `count=1`, `trashed=1`.
 * Unknown sorts, filters and fields answer 400 with spatie's messages. `page` and `per_page` are integers in
 * 1…2147483647 and 1…1000 (anything else, `1e309` too, is a 422); a filter value that is an integer outside
 * PostgreSQL's int4 (`filter[label]=2147483648`) is a 422, since no id column can hold it.
 */
import { Type } from '@sinclair/typebox';
import { badRequest, type FieldErrors, ValidationError } from './errors';
import { INT4_MAX, INT4_MIN } from './input-limits';
import { Flag, toBoolean } from './schema-types';

export const DEFAULT_PER_PAGE = 15;
export const MAX_PER_PAGE = 1000;

const FieldList = Type.Union([Type.Array(Type.String()), Type.String()]);

/** Querystring properties every list endpoint accepts; spread into an endpoint's own querystring schema. */
export const listQueryProperties = {
  per_page: Type.Optional(
    Type.Integer({ minimum: 1, maximum: MAX_PER_PAGE, description: `default ${DEFAULT_PER_PAGE}` }),
  ),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: INT4_MAX })),
  sort: Type.Optional(Type.String({ description: 'Comma list; a leading `-` sorts descending' })),
  filter: Type.Optional(
    Type.Record(Type.String(), Type.Union([Type.String(), Type.Array(Type.String())]), {
      description: '`filter[search]` and the filters the endpoint allows; a comma separates alternatives',
    }),
  ),
  included_fields: Type.Optional(FieldList),
  excluded_fields: Type.Optional(FieldList),
  count: Type.Optional(Flag),
  trashed: Type.Optional(Flag),
};

export const ListQuerystring = Type.Object(listQueryProperties);

export interface ListQueryInput {
  per_page?: number;
  page?: number;
  sort?: string;
  filter?: Record<string, string | string[]>;
  included_fields?: string | string[];
  excluded_fields?: string | string[];
  count?: boolean | number | string;
  trashed?: boolean | number | string;
}

export interface Sort {
  name: string;
  descending: boolean;
}

export interface ListQuery {
  perPage: number;
  page: number;
  sorts: Sort[];
  /** Filter values; a comma list becomes several values (`filter[search]` stays one value). */
  filters: Record<string, string[]>;
  /** Requested fields without their resource prefix, or null for all. */
  includedFields: string[] | null;
  excludedFields: string[];
  count: boolean;
  trashed: boolean;
}

export interface ListRules {
  /** Resource name that may prefix field names (`projects.id`). */
  resource: string;
  sorts: readonly string[];
  defaultSort: string;
  filters: readonly string[];
  fields: readonly string[];
}

const listOf = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value : (value ?? '').split(',')).map((item) => item.trim()).filter(Boolean);

function notAllowed(kind: 'sort' | 'filter' | 'field', requested: string[], allowed: readonly string[]) {
  const verb = kind === 'sort' ? 'is' : 'are';
  return badRequest(
    `Requested ${kind}(s) \`${requested.join(', ')}\` ${verb} not allowed. Allowed ${kind}(s) are \`${allowed.join(', ')}\`.`,
  );
}

function parseSorts(text: string, rules: ListRules): Sort[] {
  const sorts = listOf(text).map((item) => ({
    name: item.replace(/^-/, ''),
    descending: item.startsWith('-'),
  }));
  const unknown = sorts.filter((sort) => !rules.sorts.includes(sort.name)).map((sort) => sort.name);
  if (unknown.length) throw notAllowed('sort', unknown, rules.sorts);
  return sorts;
}

function parseFields(value: string | string[] | undefined, rules: ListRules): string[] {
  const names = listOf(value).map((name) =>
    name.startsWith(`${rules.resource}.`) ? name.slice(rules.resource.length + 1) : name,
  );
  const unknown = names.filter((name) => !rules.fields.includes(name));
  if (unknown.length)
    throw notAllowed(
      'field',
      unknown,
      rules.fields.map((field) => `${rules.resource}.${field}`),
    );
  return names;
}

/** 422 for filter values that read as integers (as `Number` reads them) no int4 column can hold. */
function checkIntegerFilters(filters: Record<string, string[]>): void {
  const errors: FieldErrors = {};
  for (const [name, values] of Object.entries(filters)) {
    if (name === 'search') continue;
    const numbers = values.map(Number).filter(Number.isInteger);
    if (numbers.some((value) => value > INT4_MAX))
      errors[`filter.${name}`] = [`The filter.${name} field must not be greater than ${INT4_MAX}.`];
    else if (numbers.some((value) => value < INT4_MIN))
      errors[`filter.${name}`] = [`The filter.${name} field must be at least ${INT4_MIN}.`];
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
}

export function parseListQuery(input: ListQueryInput, rules: ListRules): ListQuery {
  const filters: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(input.filter ?? {})) {
    const values = name === 'search' ? [String(value).trim()].filter(Boolean) : listOf(value);
    if (values.length) filters[name] = values;
  }
  const unknownFilters = Object.keys(filters).filter((name) => !rules.filters.includes(name));
  if (unknownFilters.length) throw notAllowed('filter', unknownFilters, rules.filters);
  checkIntegerFilters(filters);
  const included = input.included_fields === undefined ? null : parseFields(input.included_fields, rules);
  return {
    perPage: input.per_page ?? DEFAULT_PER_PAGE,
    page: input.page ?? 1,
    sorts: parseSorts(input.sort || rules.defaultSort, rules),
    filters,
    includedFields: included?.length ? included : null,
    excludedFields: parseFields(input.excluded_fields, rules),
    count: toBoolean(input.count),
    trashed: toBoolean(input.trashed),
  };
}

/** The fields a list item carries after `included_fields[]` and `excluded_fields[]`. */
export function selectedFields(query: ListQuery, all: readonly string[]): Set<string> {
  const chosen = query.includedFields ?? all;
  return new Set(chosen.filter((field) => !query.excludedFields.includes(field)));
}
