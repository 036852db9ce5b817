/**
 * refine's data provider over the /api/v2 conventions (Laravel API resources, spatie query builder):
 * - lists: `per_page`, `page`, `sort=-x,y`, `filter[x]=v` (lists joined by commas), `included_fields[]`,
 *   `excluded_fields[]`, `count=1`, `trashed=1`; the answer `{data, links, meta, meta_data}` is returned whole,
 *   with `total` taken from `meta.total`;
 * - writes: JSON, or a multipart body when the values hold a File/Blob (or `meta.multipart`), in which case an
 *   update is a POST with `_method=PATCH` because PHP only parses multipart bodies on POST;
 * - bulk actions: `POST /{resource}/update` with `{key}[n][id]` and `action`, answered `{action, success, failed}`;
 * - errors: an HttpError `{statusCode, message, errors}`, so antd forms show a 422's messages under the fields.
 * Only the keys of ApiMeta are read from `meta` (refine also merges route and query-string parameters into it).
 * Written for these conventions rather than on `@refinedev/simple-rest`, whose json-server conventions (`_start`,
 * `_sort`, `x-total-count`, `?id=`) none of these calls share (docs/declarations.md, "The data provider").
 */
import type {
  BaseKey,
  BaseRecord,
  CreateParams,
  CustomParams,
  DataProvider,
  DeleteManyParams,
  DeleteOneParams,
  GetListParams,
  GetManyParams,
  GetOneParams,
  HttpError,
  UpdateManyParams,
  UpdateParams,
} from '@refinedev/core';
import type { BulkResult } from '@shared/envelopes';
import { ApiError, apiRequest, apiUrl, type Query, type RequestOptions } from '@/providers/http-client';
import {
  type ApiMeta,
  apiMeta,
  type LaravelList,
  listPageQuery,
  listQuery,
  recordPath,
  recordRequest,
  toListResponse,
  toSortParameter,
} from '@/providers/list-query';
import { noteIfScreenShows } from '@/providers/screen-errors';

/** The answer of a bulk endpoint; updateMany and deleteMany return it with `data` = the succeeded records. */
export type BulkActionResult<TData = BaseRecord> = BulkResult<TData>;

/** The error every provider call rejects with: refine's HttpError, carrying Laravel's per-field messages. */
export class ApiHttpError extends Error implements HttpError {
  [key: string]: unknown;
  readonly statusCode: number;
  readonly errors?: Record<string, string[]>;

  constructor(error: ApiError) {
    super(error.message);
    this.name = 'HttpError';
    this.statusCode = error.status;
    this.errors = error.errors;
  }
}

const isBlob = (value: unknown): value is Blob => typeof Blob !== 'undefined' && value instanceof Blob;

function hasToJSON(value: object): value is { toJSON(): unknown } {
  return typeof (value as { toJSON?: unknown }).toJSON === 'function';
}

export function containsFile(value: unknown): boolean {
  if (isBlob(value)) return true;
  if (Array.isArray(value)) return value.some(containsFile);
  if (value && typeof value === 'object' && !hasToJSON(value)) return Object.values(value).some(containsFile);
  return false;
}

function appendFormValue(form: FormData, key: string, value: unknown): void {
  if (value === undefined) return;
  if (value === null) form.append(key, '');
  else if (isBlob(value)) form.append(key, value);
  else if (Array.isArray(value))
    value.forEach((item, index) => appendFormValue(form, `${key}[${index}]`, item));
  else if (typeof value === 'object') {
    if (hasToJSON(value)) appendFormValue(form, key, value.toJSON());
    else for (const [child, item] of Object.entries(value)) appendFormValue(form, `${key}[${child}]`, item);
  } else if (typeof value === 'boolean') form.append(key, value ? '1' : '0');
  else form.append(key, String(value));
}

/** A multipart body with PHP-style names: `labels[0][id]=3`, `settings[email]=1`, files as parts. */
export function toFormData(values: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) appendFormValue(form, key, value);
  return form;
}

/** `readingRecord`: a single record's read, whose 403 and 404 its screen shows as a state. */
async function send<T>(path: string, options: RequestOptions, readingRecord = false): Promise<T> {
  try {
    return await apiRequest<T>(path, options);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    noteIfScreenShows(error, readingRecord);
    throw new ApiHttpError(error);
  }
}

/** The single record of a `{data: record}` answer, or the body itself when it has no `data` envelope. */
function unwrap<TData>(body: unknown): TData {
  if (body && typeof body === 'object' && 'data' in body) return (body as { data: TData }).data;
  return body as TData;
}

/**
 * `GET /{resource}/{id}` with the meta's field selection (recordRequest, with which a first visit's entry asks for
 * an overview's record ahead: first-screen.ts); `screen`: the record of a screen (getOne).
 */
async function readRecord<TData>(
  resource: string,
  id: BaseKey,
  meta: ReturnType<typeof apiMeta>,
  screen = false,
): Promise<TData> {
  const { path, query } = recordRequest(resource, id, meta);
  const body = await send<unknown>(path, { query, signal: meta.signal, headers: meta.headers }, screen);
  return unwrap<TData>(body);
}

function writeBody(values: unknown, meta: ApiMeta): { body: unknown; multipart: boolean } {
  const multipart = !!meta.multipart || containsFile(values);
  if (!multipart) return { body: values ?? {}, multipart };
  return { body: toFormData((values ?? {}) as Record<string, unknown>), multipart };
}

async function bulkAction<TData>(
  resource: string,
  ids: BaseKey[],
  values: Record<string, unknown>,
  meta: ApiMeta,
): Promise<BulkActionResult<TData> & { data: TData[] }> {
  const key = meta.bulkKey ?? resource.split('/').pop()!;
  const idField = meta.bulkIdField ?? 'id';
  const body = toFormData({ ...values, [key]: ids.map((id) => ({ [idField]: id })) });
  const result = await send<BulkActionResult<TData>>(`/${resource}/update`, {
    method: 'POST',
    body,
    headers: meta.headers,
  });
  return { ...result, data: result.success };
}

/** The API's base URL (tenant host when signed in to a company). */
export function apiBaseUrl(): string {
  return apiUrl('/').replace(/\/$/, '');
}

function customPath(url: string): string {
  const base = apiBaseUrl();
  if (url.startsWith(base)) return url.slice(base.length) || '/';
  if (/^https?:\/\//.test(url)) throw new Error(`The data provider only calls the portal API, not ${url}.`);
  return url;
}

export function createDataProvider(): DataProvider {
  return {
    getApiUrl: apiBaseUrl,

    async getList<TData extends BaseRecord>({ resource, pagination, sorters, filters, meta }: GetListParams) {
      const options = apiMeta(meta);
      const request = { signal: options.signal, headers: options.headers, prefetch: options.prefetch };
      if (options.count) {
        const body = await send<{ data: { count: number } }>(`/${resource}`, {
          ...request,
          query: listQuery(options, filters, { count: 1 }),
        });
        return { data: [] as TData[], total: body.data.count };
      }
      const body = await send<LaravelList<TData>>(`/${resource}`, {
        ...request,
        query: listPageQuery(options, { pagination, sorters, filters }),
      });
      return toListResponse(body);
    },

    async getOne<TData extends BaseRecord>({ resource, id, meta }: GetOneParams) {
      return { data: await readRecord<TData>(resource, id, apiMeta(meta), true) };
    },

    /** The API has no id filter in general, so getMany reads each record (in parallel). */
    async getMany<TData extends BaseRecord>({ resource, ids, meta }: GetManyParams) {
      const options = apiMeta(meta);
      const records = await Promise.all(ids.map((id) => readRecord<TData>(resource, id, options)));
      return { data: records };
    },

    async create<TData extends BaseRecord, TVariables>({
      resource,
      variables,
      meta,
    }: CreateParams<TVariables>) {
      const options = apiMeta(meta);
      const { body } = writeBody(variables, options);
      const collection = options.writeCollection ?? resource;
      const answer = await send<unknown>(`/${collection}`, {
        method: 'POST',
        body,
        headers: options.headers,
      });
      return { data: unwrap<TData>(answer) };
    },

    async update<TData extends BaseRecord, TVariables>({
      resource,
      id,
      variables,
      meta,
    }: UpdateParams<TVariables>) {
      const options = apiMeta(meta);
      const { body, multipart } = writeBody(variables, options);
      if (multipart) (body as FormData).append('_method', 'PATCH');
      const answer = await send<unknown>(recordPath(options.writeCollection ?? resource, id), {
        method: multipart ? 'POST' : 'PATCH',
        body,
        headers: options.headers,
      });
      return { data: unwrap<TData>(answer) };
    },

    async deleteOne<TData extends BaseRecord, TVariables>({
      resource,
      id,
      meta,
    }: DeleteOneParams<TVariables>) {
      const options = apiMeta(meta);
      const answer = await send<unknown>(recordPath(options.writeCollection ?? resource, id), {
        method: 'DELETE',
        headers: options.headers,
      });
      return { data: unwrap<TData>(answer) };
    },

    /** A bulk action: `POST /{resource}/update` with the ids and the variables (which carry `action`). */
    async updateMany<TData extends BaseRecord, TVariables>({
      resource,
      ids,
      variables,
      meta,
    }: UpdateManyParams<TVariables>) {
      return bulkAction<TData>(resource, ids, (variables ?? {}) as Record<string, unknown>, apiMeta(meta));
    },

    /** The bulk action `delete`. */
    async deleteMany<TData extends BaseRecord, TVariables>({
      resource,
      ids,
      variables,
      meta,
    }: DeleteManyParams<TVariables>) {
      return bulkAction<TData>(
        resource,
        ids,
        { ...(variables as Record<string, unknown> | undefined), action: 'delete' },
        apiMeta(meta),
      );
    },

    async custom<TData extends BaseRecord, TQuery, TPayload>({
      url,
      method,
      filters,
      sorters,
      payload,
      query,
      headers,
      meta,
    }: CustomParams<TQuery, TPayload>) {
      const options = apiMeta(meta);
      const upper = method.toUpperCase();
      if (upper === 'HEAD' || upper === 'OPTIONS')
        throw new Error(`The data provider does not send ${upper} requests.`);
      const extra: Query = { ...(query as Query | undefined) };
      const sort = toSortParameter(sorters);
      if (sort) extra.sort = sort;
      const written =
        payload === undefined ? { body: undefined, multipart: false } : writeBody(payload, options);
      if (written.multipart && upper !== 'POST') (written.body as FormData).append('_method', upper);
      const answer = await send<TData>(customPath(url), {
        method: written.multipart ? 'POST' : (upper as RequestOptions['method']),
        query: listQuery(options, filters, extra),
        body: written.body,
        signal: options.signal,
        headers: { ...options.headers, ...(headers as Record<string, string> | undefined) },
      });
      return { data: answer };
    },
  };
}
