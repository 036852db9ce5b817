/**
 * The answers every list and every bulk action share (Laravel's shapes), declared once: the server's response
 * schemas (server/http/responses.ts), the type of a page the server builds (server/http/pagination.ts) and the
 * portal's types of what it reads (src/providers/list-query.ts, src/providers/data-provider.ts).
 */
import { type Static, type TObject, type TSchema, Type } from '@sinclair/typebox';
import { Nullable } from './schema-types';

/** One link of Laravel's pagination window (`meta.links`): a page number, '...' or the previous/next arrow. */
export const PageLinkSchema = Type.Object({
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

export const PaginationMetaSchema = Type.Object(paginationMetaProperties);

export type PageLink = Static<typeof PageLinkSchema>;
export type PaginationLinks = Static<typeof PaginationLinksSchema>;
export type PaginationMeta = Static<typeof PaginationMetaSchema>;

/** A page of a list, `{data, links, meta}`: what `PaginatedSchema` answers, as the server builds it and the portal reads it. */
export interface Page<T> {
  data: T[];
  links: PaginationLinks;
  meta: PaginationMeta;
}

/** `{data: [item], links, meta}`; items are partial because `included_fields[]` may pick fields. */
export const PaginatedSchema = <T extends TObject>(item: T, extra: { meta?: TObject['properties'] } = {}) =>
  Type.Object({
    data: Type.Array(Type.Partial(item)),
    links: PaginationLinksSchema,
    meta: Type.Object({ ...paginationMetaProperties, ...extra.meta }),
  });

/** What a list answers for `count=1`. */
export const CountSchema = Type.Object({ data: Type.Object({ count: Type.Integer() }) });

/** A row a bulk action could not act on: its name and why (`message`), and what else the action says of it. */
export interface BulkFailure {
  name: string;
  [detail: string]: unknown;
}

/** What `POST /{collection}/update` answers: the action, the rows it succeeded on and those it failed on. */
export interface BulkResult<T> {
  action: string;
  success: T[];
  failed: BulkFailure[];
}

export const BulkResultSchema = <T extends TSchema>(item: T) =>
  Type.Object({
    action: Type.String(),
    success: Type.Array(item),
    failed: Type.Array(Type.Object({ name: Type.String() }, { additionalProperties: true })),
    /** A delete to the recycling bin's: its user may restore those records without the bin's ability (issue 46). */
    undo_token: Type.Optional(Type.String()),
  });
