/**
 * Response shapes shared by every entity, with their schemas: Laravel's paginated list, `{data: {count}}`,
 * single items `{data}`, deletes `{<entity>_name, status}` and bulk actions `{action, success, failed}`.
 */
import { type TObject, type TSchema, Type } from '@sinclair/typebox';
import { Nullable } from './schema-types';

const PageLinkSchema = Type.Object({
  url: Nullable(Type.String()),
  label: Type.String(),
  active: Type.Boolean(),
});

export const PaginationLinksSchema = Type.Object({
  first: Type.String(),
  last: Type.String(),
  prev: Nullable(Type.String()),
  next: Nullable(Type.String()),
});

export const paginationMetaProperties = {
  current_page: Type.Integer(),
  from: Nullable(Type.Integer()),
  last_page: Type.Integer(),
  links: Type.Array(PageLinkSchema),
  path: Type.String(),
  per_page: Type.Integer(),
  to: Nullable(Type.Integer()),
  total: Type.Integer(),
};

export const CountSchema = Type.Object({ data: Type.Object({ count: Type.Integer() }) });

/** `{data: [item], links, meta}`; items are partial because `included_fields[]` may pick fields. */
export const PaginatedSchema = <T extends TObject>(item: T, extra: { meta?: TObject['properties'] } = {}) =>
  Type.Object({
    data: Type.Array(Type.Partial(item)),
    links: PaginationLinksSchema,
    meta: Type.Object({ ...paginationMetaProperties, ...extra.meta }),
  });

/** A list endpoint answers the page, or `{data: {count}}` for `count=1`. */
export const ListResponseSchema = <T extends TSchema>(page: T) => Type.Union([page, CountSchema]);

export const DataSchema = <T extends TSchema>(item: T) => Type.Object({ data: item });

/** What a delete answers: `{project_name: 'Harbour Tower', status: 'successfully deleted'}`. */
export const DELETED_STATUS = 'successfully deleted';

/** `nameKey` replaces the `{entity}_name` key where an answer names it otherwise (`{name, status}`). */
export function deletedResponse(entity: string, name: string, nameKey?: string): Record<string, string> {
  return { [nameKey ?? `${entity}_name`]: name, status: DELETED_STATUS };
}

export const DeletedSchema = (entity: string, nameKey?: string) =>
  Type.Object({ [nameKey ?? `${entity}_name`]: Type.String(), status: Type.String() });

export interface BulkFailure {
  name: string;
  [detail: string]: unknown;
}

export interface BulkResult<T> {
  action: string;
  success: T[];
  failed: BulkFailure[];
}

export const bulkResult = <T>(action: string, success: T[], failed: BulkFailure[]): BulkResult<T> => ({
  action,
  success,
  failed,
});

export const BulkResultSchema = <T extends TSchema>(item: T) =>
  Type.Object({
    action: Type.String(),
    success: Type.Array(item),
    failed: Type.Array(Type.Object({ name: Type.String() }, { additionalProperties: true })),
  });
