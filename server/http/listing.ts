/**
 * One list endpoint = a tenant-scoped Kysely query + a ListSpec. `listEndpoint` applies the list query
 * convention to it (soft-delete scope or `trashed=1`, filters, case-insensitive `filter[search]`, sorts with a
 * stable tiebreaker, `count=1`, pagination, `included_fields[]`/`excluded_fields[]`) and answers in Laravel's
 * shapes. Listing the recycling bin (`trashed=1` on a list with a `deletedAt`) needs `access-recycling-bin` (403
 * otherwise; admins pass). Search uses `(coalesce(a,'') || ' ' || coalesce(b,'')) ILIKE '%term%'` (one column: `a ILIKE …`);
 * give the table a trigram index on exactly that expression so searches stay fast at 100,000 rows.
 */
import type { FastifyRequest } from 'fastify';
import {
  type Expression,
  type ExpressionBuilder,
  type ReferenceExpression,
  type SelectQueryBuilder,
  sql,
  type SqlBool,
} from 'kysely';
import { authenticate, authorize } from '../auth/session';
import { TRASH_RETENTION_DAYS } from '../../shared/trash';
import type { Database } from '../db/schema';
import {
  type FilterType,
  type FilterValue,
  type FilterValueOf,
  type ListQuery,
  type ListQueryInput,
  type ListRules,
  parseListQuery,
  selectedFields,
} from './list-query';
import { toBoolean } from './schema-types';
import { paginated } from './pagination';
import type { Page } from '../../shared/envelopes';

/** The condition a list filter makes of its values, parsed by its declared type (list-query.ts). */
type Where<TB extends keyof Database, V> = (
  eb: ExpressionBuilder<Database, TB>,
  values: V[],
) => Expression<SqlBool>;

/**
 * A list filter: its type (how `parseListQuery` reads and checks `filter[x]=a,b`; `FilterType`) and the
 * condition its values make, which gets them already parsed: numbers of an integer filter, booleans, the enum's
 * own spelling; never an empty list. The type cannot be left out, so no filter reaches SQL unchecked.
 */
export type ListFilter<TB extends keyof Database> = {
  [K in FilterType['type']]: Extract<FilterType, { type: K }> & { where: Where<TB, FilterValueOf[K]> };
}[FilterType['type']];

/** An enum filter whose condition gets the values in their own type (`ModelStatus[]`). */
export function enumFilter<TB extends keyof Database, const V extends string>(
  values: readonly V[],
  where: Where<TB, V>,
): ListFilter<TB> {
  const known: readonly string[] = values;
  const isValue = (value: string): value is V => known.includes(value);
  return { type: 'enum', values, where: (eb, chosen) => where(eb, chosen.filter(isValue)) };
}

/** The words of `filter[parent_id]` that mean the top level of a tree. */
const TOP_LEVEL_WORDS = ['null', 'root', '0'];

/**
 * A tree's `filter[parent_id]`: ids of parents, or `null`/`root`/`0` for the top level (several: either), on
 * the table's parent column.
 */
export function parentFilter<TB extends keyof Database>(
  column: ReferenceExpression<Database, TB>,
): ListFilter<TB> {
  return {
    type: 'integerOrNull',
    nullWords: TOP_LEVEL_WORDS,
    where: (eb, values) => {
      const ids = values.filter((value) => value !== null);
      return eb.or([
        ...(values.includes(null) ? [eb(column, 'is', null)] : []),
        ...(ids.length ? [eb(column, 'in', ids)] : []),
      ]);
    },
  };
}

/** A pseudo-field that narrows the list (`ListSpec.fieldScopes`). */
export type FieldScope<TB extends keyof Database> = (
  eb: ExpressionBuilder<Database, TB>,
) => Expression<SqlBool>;

export interface ListSpec<TB extends keyof Database, Row, Item extends object> {
  /** Resource name of `included_fields[]=projects.id`. */
  resource: string;
  /** Sort name → column reference (`projects.name`) or expression. */
  sorts: Record<string, string | Expression<unknown>>;
  defaultSort: string;
  /** Unique column that makes every order total (`projects.id`), so pages never overlap. */
  tiebreaker: string;
  /** The list's filters (`filter[x]`), each with its type; `filter[search]` comes with `search`. */
  filters?: Record<string, ListFilter<TB>>;
  /** Columns `filter[search]` matches case-insensitively. */
  search?: readonly string[];
  /** The soft-delete column: rows with it set are hidden, `trashed=1` lists them (within the retention). */
  deletedAt?: string;
  /** Every field an item can carry (what `included_fields[]` may name). */
  fields: ReadonlyArray<keyof Item & string>;
  /**
   * Pseudo-fields that narrow the list instead of naming a field, a quirk of the original API
   * (`included_fields[]=models.status.finished` lists finished models only).
   */
  fieldScopes?: Record<string, FieldScope<TB>>;
  /**
   * A constant-time count of the base query's rows (e.g. from live_row_counts), used for `count=1` when no
   * filter, search, scope or `trashed=1` applies. It must equal what counting the base query would give.
   */
  quickCount?: () => Promise<number>;
  /** Turns a page of rows into items; `fields` lets it skip relations nobody asked for. */
  present(rows: Row[], fields: Set<string>): Promise<Item[]>;
}

export interface CountBody {
  data: { count: number };
}

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (match) => `\\${match}`);

/** The expression `filter[search]` matches (and the trigram index must cover). */
export function searchExpression(columns: readonly string[]): Expression<string> {
  if (columns.length === 1) return sql<string>`${sql.ref(columns[0])}`;
  return sql<string>`(${sql.join(
    columns.map((column) => sql`coalesce(${sql.ref(column)}, '')`),
    sql` || ' ' || `,
  )})`;
}

function rulesOf<TB extends keyof Database, Row, Item extends object>(
  spec: ListSpec<TB, Row, Item>,
): ListRules {
  return {
    resource: spec.resource,
    sorts: [
      ...Object.keys(spec.sorts),
      ...(spec.deletedAt && !Object.hasOwn(spec.sorts, 'deleted_at') ? ['deleted_at'] : []),
    ],
    defaultSort: spec.defaultSort,
    search: Boolean(spec.search),
    filters: spec.filters ?? {},
    fields: [...spec.fields, ...Object.keys(spec.fieldScopes ?? {})],
  };
}

const isNumber = (value: FilterValue): value is number => typeof value === 'number';
const isNumberOrNull = (value: FilterValue): value is number | null => value === null || isNumber(value);
const isBoolean = (value: FilterValue): value is boolean => typeof value === 'boolean';
const isString = (value: FilterValue): value is string => typeof value === 'string';

/** The filter's condition of its values (parseListQuery has read them as the filter's type). */
function conditionOf<TB extends keyof Database>(
  filter: ListFilter<TB>,
  eb: ExpressionBuilder<Database, TB>,
  values: FilterValue[],
): Expression<SqlBool> {
  switch (filter.type) {
    case 'integer':
      return filter.where(eb, values.filter(isNumber));
    case 'integerOrNull':
      return filter.where(eb, values.filter(isNumberOrNull));
    case 'boolean':
      return filter.where(eb, values.filter(isBoolean));
    case 'enum':
    case 'string':
      return filter.where(eb, values.filter(isString));
  }
}

/** The own entry of `record` named `name` (never one of Object.prototype's, whatever a request names). */
const own = <T>(record: Record<string, T> | undefined, name: string): T | undefined =>
  record && Object.hasOwn(record, name) ? record[name] : undefined;

function applyScope<TB extends keyof Database, O, Item extends object>(
  base: SelectQueryBuilder<Database, TB, O>,
  spec: ListSpec<TB, O, Item>,
  query: ListQuery,
): SelectQueryBuilder<Database, TB, O> {
  let builder = base;
  if (spec.deletedAt) {
    const deletedAt = sql.ref(spec.deletedAt);
    builder = query.trashed
      ? builder.where(
          sql<SqlBool>`${deletedAt} is not null and ${deletedAt} > now() - make_interval(days => ${TRASH_RETENTION_DAYS})`,
        )
      : builder.where(sql<SqlBool>`${deletedAt} is null`);
  }
  for (const field of query.includedFields ?? []) {
    const scope = own(spec.fieldScopes, field);
    if (scope) builder = builder.where((eb) => scope(eb));
  }
  if (query.search !== null) {
    const pattern = `%${escapeLike(query.search)}%`;
    builder = builder.where(sql<SqlBool>`${searchExpression(spec.search ?? [])} ilike ${pattern}`);
  }
  for (const [name, values] of Object.entries(query.filters)) {
    const filter = own(spec.filters, name);
    if (filter) builder = builder.where((eb) => conditionOf(filter, eb, values));
  }
  return builder;
}

const hasFieldScope = <TB extends keyof Database, Row, Item extends object>(
  spec: ListSpec<TB, Row, Item>,
  query: ListQuery,
) => (query.includedFields ?? []).some((field) => own(spec.fieldScopes, field) !== undefined);

const sortExpression = (sort: string | Expression<unknown>) =>
  typeof sort === 'string' ? sql.ref(sort) : sort;

/** Values an endpoint asks for beside the page (`meta.unread_count`, filter options), by name. */
export type Alongside = Record<string, Expression<unknown>>;
type AlongsideValues<A extends Alongside> = { [K in keyof A]: A[K] extends Expression<infer T> ? T : never };

/** The list body, or `{data: {count}}` for `count=1`. */
export async function listEndpoint<TB extends keyof Database, O, Item extends object>(
  request: FastifyRequest,
  base: SelectQueryBuilder<Database, TB, O>,
  spec: ListSpec<TB, O, Item>,
  input: ListQueryInput,
): Promise<Page<Partial<Item>> | CountBody> {
  const body = await listEndpointWith(request, base, spec, input, {});
  if (isCount(body)) return body;
  const { alongside: _alongside, ...page } = body;
  return page;
}

/** The column prefix of the values a page's statement carries beside its rows. */
const ALONGSIDE = '__alongside_';

/**
 * `listEndpoint`, with `alongside` expressions (scalar subqueries over the tenant's data) answered in the page's own
 * statement: the page, its total and these values are one round trip to the database. Every statement costs
 * the server a socket write and the embedded database its one connection, and a list is the most frequent call.
 * An empty page (nothing matches, or a page past the end) asks for the total and the values on their own.
 */
export async function listEndpointWith<
  TB extends keyof Database,
  O,
  Item extends object,
  A extends Alongside,
>(
  request: FastifyRequest,
  base: SelectQueryBuilder<Database, TB, O>,
  spec: ListSpec<TB, O, Item>,
  input: ListQueryInput,
  alongside: A,
): Promise<(Page<Partial<Item>> & { alongside: AlongsideValues<A> }) | CountBody> {
  if (spec.deletedAt && toBoolean(input.trashed))
    authorize(await authenticate(request), 'access-recycling-bin');
  const query = parseListQuery(input, rulesOf(spec));
  const unfiltered =
    !query.trashed &&
    query.search === null &&
    !Object.keys(query.filters).length &&
    !hasFieldScope(spec, query);
  if (query.count && unfiltered && spec.quickCount) return { data: { count: await spec.quickCount() } };
  const scoped = applyScope(base, spec, query);
  const counted = scoped
    .clearSelect()
    .clearOrderBy()
    .select(sql<number>`count(*)`.as('count'));
  if (query.count) return { data: { count: Number((await counted.executeTakeFirst())?.count ?? 0) } };

  let ordered = scoped;
  for (const sort of query.sorts) {
    const column =
      sort.name === 'deleted_at' && !spec.sorts.deleted_at ? spec.deletedAt! : spec.sorts[sort.name];
    ordered = ordered.orderBy(sortExpression(column), sort.descending ? 'desc' : 'asc');
  }
  const lastDescending = query.sorts.at(-1)?.descending ?? false;
  ordered = ordered.orderBy(sql.ref(spec.tiebreaker), lastDescending ? 'desc' : 'asc');

  const besides = Object.entries({ total: sql<number>`(${counted})`, ...alongside }).map(([name, value]) =>
    sql`${value}`.as(`${ALONGSIDE}${name}`),
  );
  const rows = (await ordered
    .select(besides)
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage)
    .execute()) as Array<O & Record<string, unknown>>;
  const valuesRow: Record<string, unknown> =
    rows[0] ??
    (query.page === 1 && !Object.keys(alongside).length
      ? {}
      : await request.server.ctx.db.selectNoFrom(besides).executeTakeFirstOrThrow());
  const values = Object.fromEntries(
    Object.entries(valuesRow)
      .filter(([key]) => key.startsWith(ALONGSIDE))
      .map(([key, value]) => [key.slice(ALONGSIDE.length), value]),
  );
  for (const row of rows) for (const key of Object.keys(values)) delete row[`${ALONGSIDE}${key}`];
  const { total = 0, ...rest } = values;
  const fields = selectedFields(query, spec.fields);
  const items = (await spec.present(rows, fields)).map((item) => pickFields(item, fields));
  return {
    ...paginated(request, items, { total: Number(total), currentPage: query.page, perPage: query.perPage }),
    alongside: rest as AlongsideValues<A>,
  };
}

/** The item with only the selected fields (`included_fields[]`/`excluded_fields[]`, list-query.ts). */
export function pickFields<Item extends object>(item: Item, fields: Set<string>): Partial<Item> {
  return Object.fromEntries(Object.entries(item).filter(([key]) => fields.has(key))) as Partial<Item>;
}

export const isCount = (body: Page<unknown> | CountBody): body is CountBody => !('meta' in body);
