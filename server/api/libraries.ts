/**
 * Libraries (spec 2 §3): the list (libraries page, global search) with the list conventions and `count=1` for
 * the dashboard tile. `filter[parent_id]=null` (or `root`, `0`) lists the top level. A library is deletable
 * when neither it nor any library below it is connected to a model.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Selectable, sql } from 'kysely';
import { can } from '../auth/guards';
import { authenticate } from '../auth/session';
import { liveRowCount } from '../db/live-row-counts';
import type { LibrariesTable, LibraryStatus } from '../db/schema';
import { listQueryProperties } from '../http/list-query';
import { type ListSpec, listEndpoint } from '../http/listing';
import { ListResponseSchema, PaginatedSchema } from '../http/responses';
import { DateTime, iso, Nullable } from '../http/schema-types';
import { fileUrl } from './files';
import { LIBRARY_STATUS_COLORS } from '../db/status-colors';

export const LibrarySchema = Type.Object({
  id: Type.Integer(),
  parent_id: Nullable(Type.Integer()),
  name: Type.String(),
  description: Nullable(Type.String()),
  preview_image: Nullable(Type.String()),
  status: Type.String({ enum: Object.keys(LIBRARY_STATUS_COLORS) }),
  status_color: Type.String(),
  is_deletable: Type.Boolean(),
  created_at: DateTime,
  updated_at: DateTime,
  deleted_at: Nullable(DateTime),
});

type LibraryRow = Selectable<LibrariesTable>;
type Library = {
  id: number;
  parent_id: number | null;
  name: string;
  description: string | null;
  preview_image: string | null;
  status: LibraryStatus;
  status_color: string;
  is_deletable: boolean;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
};

const ROOT = ['null', 'root', '0'];

/** The libraries (of `ids`) that are, or have a descendant, connected to a model. */
async function connectedToModel(request: FastifyRequest, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const { rows } = await sql<{ root_id: number }>`
    with recursive tree as (
      select id as root_id, id, model_id from libraries where id in (${sql.join(ids)})
      union all
      select tree.root_id, child.id, child.model_id
      from libraries child join tree on child.parent_id = tree.id
      where child.deleted_at is null
    )
    select distinct root_id from tree where model_id is not null
  `.execute(request.server.ctx.db);
  return new Set(rows.map((row) => row.root_id));
}

function libraryList(request: FastifyRequest, companyId: number): ListSpec<'libraries', LibraryRow, Library> {
  return {
    resource: 'libraries',
    sorts: {
      name: 'libraries.name',
      created_at: 'libraries.created_at',
      updated_at: 'libraries.updated_at',
      status: 'libraries.status',
    },
    defaultSort: '-updated_at',
    tiebreaker: 'libraries.id',
    search: ['libraries.name'],
    deletedAt: 'libraries.deleted_at',
    filters: {
      parent_id: (eb, values) =>
        ROOT.includes(values[0].toLowerCase())
          ? eb('libraries.parent_id', 'is', null)
          : eb('libraries.parent_id', 'in', values.map(Number).filter(Number.isInteger)),
      status: (eb, values) =>
        eb('libraries.status', 'in', values.map((value) => value.toUpperCase()) as LibraryStatus[]),
    },
    fields: Object.keys(LibrarySchema.properties) as Array<keyof Library>,
    quickCount: () => liveRowCount(request.server.ctx.db, companyId, 'libraries'),
    async present(rows, fields) {
      const connected = fields.has('is_deletable')
        ? await connectedToModel(
            request,
            rows.map((row) => row.id),
          )
        : new Set();
      return rows.map((row) => ({
        id: row.id,
        parent_id: row.parent_id,
        name: row.name,
        description: row.description,
        preview_image: fileUrl(request, row.preview_image),
        status: row.status,
        status_color: LIBRARY_STATUS_COLORS[row.status],
        is_deletable: !connected.has(row.id),
        created_at: iso(row.created_at)!,
        updated_at: iso(row.updated_at)!,
        deleted_at: iso(row.deleted_at),
      }));
    },
  };
}

export async function libraryRoutes(server: FastifyInstance): Promise<void> {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/libraries',
    {
      preValidation: can('list-libraries'),
      schema: {
        tags: ['libraries'],
        summary:
          'Libraries of the tenant (sorts name, created_at, updated_at, status; filters search, parent_id, status)',
        security: [{ bearer: [] }],
        querystring: Type.Object(listQueryProperties),
        response: { 200: ListResponseSchema(PaginatedSchema(LibrarySchema)) },
      },
    },
    async (request) => {
      const { company } = await authenticate(request);
      const base = app.ctx.db
        .selectFrom('libraries')
        .selectAll('libraries')
        .where('libraries.company_id', '=', company.id);
      return listEndpoint(request, base, libraryList(request, company.id), request.query);
    },
  );
}
