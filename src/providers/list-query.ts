/**
 * The query strings of the data provider's reads (data-provider.ts), apart from refine's runtime, and the list
 * answers they get (`LaravelList` as sent, `ApiListResponse` as getList returns it): what a hook's `meta` may ask
 * for (`ApiMeta`), refine's sorters and filters in the API's conventions (`sort=-x,y`, `filter[x]=v`), a list's
 * whole query and a record's request. The entry builds a first visit's list or record request with the same
 * functions (`src/shell/routes/first-screen.ts`) before refine has loaded, so the two requests are one URL.
 */
import type { BaseKey, CrudFilter, CrudSort, GetListParams, MetaQuery } from '@refinedev/core';
import type { Page, PaginationLinks, PaginationMeta } from '@shared/envelopes';
import type { Query, QueryValue } from './http-client';

/** `meta` of a list answer: Laravel's pagination (shared/envelopes.ts) and whatever else a list adds. */
export type LaravelListMeta = PaginationMeta & { [key: string]: unknown };

/**
 * A list answer as the server sends it: a page (shared/envelopes.ts), whose `links` and `meta` are absent where an
 * endpoint answers without them and whose `meta` a list may add to.
 */
export interface LaravelList<TData> extends Partial<Pick<Page<TData>, 'links'>> {
  data: TData[];
  meta?: LaravelListMeta;
  meta_data?: unknown;
}

/** What getList returns: refine's `{data, total}` plus the Laravel envelope, so pages can read `meta.links`. */
export interface ApiListResponse<TData> {
  data: TData[];
  total: number;
  meta?: LaravelListMeta;
  links?: PaginationLinks;
  meta_data?: unknown;
}

/** What a hook may put in `meta` for this provider. */
export interface ApiMeta {
  included_fields?: string[];
  excluded_fields?: string[];
  /** `count=1`: the API answers `{data: {count}}`; getList returns that number as `total`, with no rows. */
  count?: boolean;
  /** `trashed=1`: list soft-deleted rows. */
  trashed?: boolean;
  /** Further top-level query parameters, e.g. `{with_read: 1}` or `{include_sub_projects: 1}`. */
  query?: Query;
  /** Send a write as multipart even without files (an update then becomes POST + `_method=PATCH`). */
  multipart?: boolean;
  /** Bulk actions: the form key that lists the records (default: the last path segment, `libraries/items` → `items`). */
  bulkKey?: string;
  /** Bulk actions: the field that identifies a record (default `id`; materials use `name`). */
  bulkIdField?: string;
  headers?: Record<string, string>;
  /** getList only: asked for ahead of the screen that will ask again (see `prefetch` in http-client.ts). */
  prefetch?: boolean;
  /** create, update and deleteOne: the collection written to instead of the resource (`admin/downloads`). */
  writeCollection?: string;
}

const SUPPORTED_FILTER_OPERATORS = new Set(['eq', 'eqs', 'contains', 'containss', 'in', 'ina']);

const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');
export const isPlainObject = (value: unknown): value is Record<string, never> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

/**
 * The ApiMeta keys of a hook's meta. Each is taken only with its own type: refine also merges the page's route
 * and query-string parameters (all strings) into meta, and `?trashed=1` in a URL must not turn every list of
 * that page into a list of deleted rows.
 */
export function apiMeta(meta: MetaQuery | undefined): ApiMeta & { signal?: AbortSignal } {
  return {
    included_fields: isStringList(meta?.included_fields) ? meta.included_fields : undefined,
    excluded_fields: isStringList(meta?.excluded_fields) ? meta.excluded_fields : undefined,
    count: meta?.count === true,
    trashed: meta?.trashed === true,
    query: isPlainObject(meta?.query) ? (meta.query as Query) : undefined,
    multipart: meta?.multipart === true,
    bulkKey: typeof meta?.bulkKey === 'string' ? meta.bulkKey : undefined,
    bulkIdField: typeof meta?.bulkIdField === 'string' ? meta.bulkIdField : undefined,
    headers: isPlainObject(meta?.headers) ? (meta.headers as Record<string, string>) : undefined,
    prefetch: meta?.prefetch === true,
    writeCollection: typeof meta?.writeCollection === 'string' ? meta.writeCollection : undefined,
    // refine v5's hooks spread their query context into the meta (`meta.signal`); `meta.queryContext` is older.
    signal: meta?.queryContext?.signal ?? (meta?.signal instanceof AbortSignal ? meta.signal : undefined),
  };
}

/** `[{field: 'name', order: 'asc'}, {field: 'updated_at', order: 'desc'}]` → `name,-updated_at`. */
export function toSortParameter(sorters: CrudSort[] | undefined): string | undefined {
  const sort = (sorters ?? []).map(({ field, order }) => `${order === 'desc' ? '-' : ''}${field}`).join(',');
  return sort || undefined;
}

/** refine filters → `{name: value}` for `filter[name]=value`; a list becomes `a,b` (spatie's delimiter). */
export function toFilterParameters(filters: CrudFilter[] | undefined): Record<string, QueryValue> {
  const parameters: Record<string, QueryValue> = {};
  for (const filter of filters ?? []) {
    if (!('field' in filter)) {
      throw new Error(`The API has no "${filter.operator}" filter groups; pass each filter on its own.`);
    }
    if (!SUPPORTED_FILTER_OPERATORS.has(filter.operator)) {
      throw new Error(`The API cannot filter "${filter.field}" with the operator "${filter.operator}".`);
    }
    const value: unknown = filter.value;
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length) parameters[filter.field] = value.join(',');
    } else {
      parameters[filter.field] = value as QueryValue;
    }
  }
  return parameters;
}

/**
 * A list's query: `meta.query` (a declaration's fixed parameters, its `filter` object included: e.g. the users
 * list's `filter[admin]=false`), the filters of the list's state on top, and the ApiMeta flags.
 */
export function listQuery(meta: ApiMeta, filters: CrudFilter[] | undefined, extra: Query = {}): Query {
  const query: Query = { ...meta.query, ...extra };
  const fixed = meta.query?.filter;
  const filter = { ...(isPlainObject(fixed) ? (fixed as Query) : {}), ...toFilterParameters(filters) };
  if (Object.keys(filter).length) query.filter = filter;
  if (meta.included_fields?.length) query.included_fields = meta.included_fields;
  if (meta.excluded_fields?.length) query.excluded_fields = meta.excluded_fields;
  if (meta.trashed) query.trashed = 1;
  return query;
}

/** getList's query of a page of rows: `per_page` and `page` (unless pagination is off), `sort`, and listQuery's. */
export function listPageQuery(
  meta: ApiMeta,
  { pagination, sorters, filters }: Pick<GetListParams, 'pagination' | 'sorters' | 'filters'>,
): Query {
  const extra: Query = {};
  if ((pagination?.mode ?? 'server') === 'server') {
    extra.per_page = pagination?.pageSize ?? 10;
    extra.page = pagination?.currentPage ?? 1;
  }
  const sort = toSortParameter(sorters);
  if (sort) extra.sort = sort;
  return listQuery(meta, filters, extra);
}

/** A record's path below its collection: `/{resource}/{id}`, the id one path segment. */
export const recordPath = (resource: string, id: BaseKey): string =>
  `/${resource}/${encodeURIComponent(String(id))}`;

/** getOne's request of a record: its path, and the meta's field selection and fixed parameters as its query. */
export function recordRequest(resource: string, id: BaseKey, meta: ApiMeta): { path: string; query: Query } {
  return { path: recordPath(resource, id), query: listQuery(meta, undefined) };
}

/** getList's answer of a list body: refine's `{data, total}` with the Laravel envelope, which pages read. */
export function toListResponse<TData>(body: LaravelList<TData>): ApiListResponse<TData> {
  return {
    data: body.data,
    total: body.meta?.total ?? body.data.length,
    meta: body.meta,
    links: body.links,
    meta_data: body.meta_data,
  };
}
