/**
 * The list query convention (spatie/laravel-query-builder style, reference §5.5): `per_page`, `page`,
 * `sort=-created_at,name`, `filter[x]=a,b`, `included_fields[]` / `excluded_fields[]`, `count=1`, `trashed=1`.
 * Unknown sorts, filters and fields answer 400 with spatie's messages. `page` and `per_page` are integers in
 * 1…2147483647 and 1…1000 (anything else, `1e309` too, is a 422). Every filter is declared with its type
 * (`FilterType`), and `parseListQuery` checks each item of its comma list against it here, in one place: an
 * integer filter takes integers PostgreSQL's int4 holds, a boolean one true/false/1/0, an enum one its values (in
 * any case); anything else is a 422 naming `filter.x` in Laravel's words, before any SQL. An endpoint's filter
 * conditions get the values parsed (numbers, booleans, the enum's own spelling), never an empty list.
 */
import { Type } from '@sinclair/typebox';
import { badRequest, type FieldErrors, ValidationError } from '../errors/http-errors';
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

/**
 * How a list filter's values are read. Each item of `filter[x]=a,b` (or `filter[x][]=a`) must be:
 * - `integer`: an integer PostgreSQL's int4 holds (ids, ratings);
 * - `integerOrNull`: that, or one of `nullWords` (any case) standing for none (`filter[parent_id]=null`: the top
 *   level);
 * - `boolean`: true, false, 1 or 0;
 * - `enum`: one of `values`, in any case (`filter[status]=failed` is `FAILED`);
 * - `string`: any text.
 */
export type FilterType =
  | { type: 'integer' }
  | { type: 'integerOrNull'; nullWords: readonly string[] }
  | { type: 'boolean' }
  | { type: 'enum'; values: readonly string[] }
  | { type: 'string' };

/** What one item of a filter of each type becomes once valid. */
export interface FilterValueOf {
  integer: number;
  integerOrNull: number | null;
  boolean: boolean;
  enum: string;
  string: string;
}

export type FilterValue = FilterValueOf[keyof FilterValueOf];

export interface ListQuery {
  perPage: number;
  page: number;
  sorts: Sort[];
  /** `filter[search]`, trimmed (one value, commas and all), or null. */
  search: string | null;
  /** The declared filters asked for, each a non-empty list of values of its type (a comma list: alternatives). */
  filters: Record<string, FilterValue[]>;
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
  /** Whether `filter[search]` is allowed (the list has search columns). */
  search: boolean;
  /** The list's filters by name, each with its type. */
  filters: Readonly<Record<string, FilterType>>;
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

function parseFields(
  value: string | string[] | undefined,
  rules: Pick<ListRules, 'resource' | 'fields'>,
): string[] {
  // `excluded_fields[]=users.settings,users.abilities` (spec 2 §7): each item may be a comma list too.
  const names = listOf(listOf(value).join(',')).map((name) =>
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

const INTEGER = /^[+-]?\d+$/;
const BOOLEANS: Readonly<Record<string, boolean>> = { true: true, false: false, '1': true, '0': false };

type ReadItem = { value: FilterValue } | { error: string };

/** One item of `filter.x` (`field`) read as its declared type, or Laravel's message of why it is not one. */
function readItem(item: string, declared: FilterType, field: string): ReadItem {
  switch (declared.type) {
    case 'integerOrNull':
      if (declared.nullWords.includes(item.toLowerCase())) return { value: null };
      return readItem(item, { type: 'integer' }, field);
    case 'integer': {
      if (!INTEGER.test(item)) return { error: `The ${field} field must be an integer.` };
      // `-0` is 0; digits beyond what a double holds still compare correctly with the bounds.
      const value = Number(item) || 0;
      if (value > INT4_MAX) return { error: `The ${field} field must not be greater than ${INT4_MAX}.` };
      if (value < INT4_MIN) return { error: `The ${field} field must be at least ${INT4_MIN}.` };
      return { value };
    }
    case 'boolean': {
      const word = item.toLowerCase();
      return Object.hasOwn(BOOLEANS, word)
        ? { value: BOOLEANS[word] }
        : { error: `The ${field} field must be true or false.` };
    }
    case 'enum': {
      const value = declared.values.find((candidate) => candidate.toLowerCase() === item.toLowerCase());
      return value === undefined ? { error: `The selected ${field} is invalid.` } : { value };
    }
    case 'string':
      return { value: item };
  }
}

/**
 * The filters asked for, read as their declared types: 400 for filters the list does not have, one 422 naming
 * every filter with an item that is not of its type (the first such item's reason).
 */
function parseFilters(
  input: Record<string, string | string[]> | undefined,
  rules: ListRules,
): { search: string | null; filters: Record<string, FilterValue[]> } {
  let search: string | null = null;
  const asked: Array<[string, string[]]> = [];
  const unknown: string[] = [];
  for (const [name, value] of Object.entries(input ?? {})) {
    // `filter[search]` is one term, commas and all; an empty filter is no filter.
    const items = name === 'search' ? [String(value).trim()].filter(Boolean) : listOf(value);
    if (!items.length) continue;
    if (name === 'search' && rules.search) search = items[0];
    else if (name !== 'search' && Object.hasOwn(rules.filters, name)) asked.push([name, items]);
    else unknown.push(name);
  }
  if (unknown.length)
    throw notAllowed('filter', unknown, [...(rules.search ? ['search'] : []), ...Object.keys(rules.filters)]);

  const filters: Record<string, FilterValue[]> = {};
  const errors: FieldErrors = {};
  for (const [name, items] of asked) {
    const field = `filter.${name}`;
    const read = items.map((item) => readItem(item, rules.filters[name], field));
    const values = read.flatMap((result) => ('value' in result ? [result.value] : []));
    const first = read.find((result) => 'error' in result);
    if (first && 'error' in first) errors[field] = [first.error];
    else filters[name] = values;
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return { search, filters };
}

export function parseListQuery(input: ListQueryInput, rules: ListRules): ListQuery {
  const { search, filters } = parseFilters(input.filter, rules);
  const included = input.included_fields === undefined ? null : parseFields(input.included_fields, rules);
  return {
    perPage: input.per_page ?? DEFAULT_PER_PAGE,
    page: input.page ?? 1,
    sorts: parseSorts(input.sort || rules.defaultSort, rules),
    search,
    filters,
    includedFields: included?.length ? included : null,
    excludedFields: parseFields(input.excluded_fields, rules),
    count: toBoolean(input.count),
    trashed: toBoolean(input.trashed),
  };
}

/** The fields a list item carries after `included_fields[]` and `excluded_fields[]`. */
export function selectedFields(
  query: Pick<ListQuery, 'includedFields' | 'excludedFields'>,
  all: readonly string[],
): Set<string> {
  const chosen = query.includedFields ?? all;
  return new Set(chosen.filter((field) => !query.excludedFields.includes(field)));
}

/** Querystring properties of a single record's read: the same field selection as a list's (spec 2 §7). */
export const fieldsQueryProperties = {
  included_fields: listQueryProperties.included_fields,
  excluded_fields: listQueryProperties.excluded_fields,
};

export type FieldsQueryInput = Pick<ListQueryInput, 'included_fields' | 'excluded_fields'>;

/**
 * The fields a single answer carries after `included_fields[]` (only those) and `excluded_fields[]` (all but
 * those), named with or without the `resource.` prefix, as a list's items (`GET /libraries/5?included_fields[]=name
 * &included_fields[]=meta_data`, spec 2 §7); an unknown field answers spatie's 400 as on a list.
 */
export function recordFields(input: FieldsQueryInput, resource: string, all: readonly string[]): Set<string> {
  const rules = { resource, fields: all };
  const included = input.included_fields === undefined ? [] : parseFields(input.included_fields, rules);
  return selectedFields(
    {
      includedFields: included.length ? included : null,
      excludedFields: parseFields(input.excluded_fields, rules),
    },
    all,
  );
}
