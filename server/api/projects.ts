/**
 * Projects (spec 2 §3, §7): the list with the full list conventions, labels for the filter menu in
 * `meta_data.filters.labels`, and `count=1` for the dashboard tile (`include_sub_projects=1` counts sub-projects
 * too; without it only top-level projects are listed and counted).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Selectable, sql } from 'kysely';
import { can } from '../auth/guards';
import { authenticate, type Session } from '../auth/session';
import { liveRowCount } from '../db/live-row-counts';
import type { ProjectsTable } from '../db/schema';
import { listQueryProperties } from '../http/list-query';
import { isCount, type ListSpec, listEndpoint } from '../http/listing';
import { ListResponseSchema, PaginatedSchema } from '../http/responses';
import { DateTime, Flag, Nullable, toBoolean } from '../http/schema-types';
import { fileUrl } from './files';
import { LabelSummarySchema, UserSummarySchema } from './schemas';

export const ProjectSchema = Type.Object({
  id: Type.Integer(),
  parent_id: Nullable(Type.Integer()),
  status: Type.String({ enum: ['active', 'inactive'] }),
  preview_image: Nullable(Type.String()),
  name: Type.String(),
  description: Nullable(Type.String()),
  labels: Type.Array(LabelSummarySchema),
  created_at: DateTime,
  updated_at: DateTime,
  deleted_at: Nullable(DateTime),
  users: Type.Array(UserSummarySchema),
  is_favorited: Type.Boolean(),
});

type ProjectRow = Selectable<ProjectsTable>;
type Project = {
  id: number;
  parent_id: number | null;
  status: string;
  preview_image: string | null;
  name: string;
  description: string | null;
  labels: Array<{ id: number; name: string; color: string }>;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  users: Array<{
    id: number;
    name: string;
    function: string | null;
    email: string;
    profile_image: string | null;
  }>;
  is_favorited: boolean;
};

const PROJECT_FIELDS = Object.keys(ProjectSchema.properties) as Array<keyof Project>;

/** Label ids of a `filter[label]=1,2`; anything that is not an id matches nothing. */
const ids = (values: string[]) => values.map(Number).filter((value) => Number.isInteger(value));

/** Groups rows of a relation by the id they belong to. */
function groupBy<T, K>(rows: T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
  return groups;
}

function projectList(
  request: FastifyRequest,
  session: Session,
  topLevelOnly: boolean,
): ListSpec<'projects', ProjectRow, Project> {
  const { db } = request.server.ctx;
  const userId = session.user.id;
  const favorited = sql<boolean>`exists (
    select 1 from project_favorites where project_favorites.project_id = projects.id and project_favorites.user_id = ${userId}
  )`;
  return {
    resource: 'projects',
    sorts: {
      name: 'projects.name',
      created_at: 'projects.created_at',
      updated_at: 'projects.updated_at',
      status: 'projects.status',
      // `sort=favorite` puts the user's favourites first (customerportal's `favorite,-created_at`).
      favorite: sql`(case when ${favorited} then 0 else 1 end)`,
    },
    defaultSort: '-created_at',
    tiebreaker: 'projects.id',
    search: ['projects.name', 'projects.description'],
    deletedAt: 'projects.deleted_at',
    filters: {
      status: (eb, values) => eb('projects.status', 'in', values as Array<'active' | 'inactive'>),
      label: (eb, values) =>
        eb.exists(
          eb
            .selectFrom('project_labels')
            .select('project_labels.project_id')
            .whereRef('project_labels.project_id', '=', 'projects.id')
            .where('project_labels.label_id', 'in', ids(values).length ? ids(values) : [0]),
        ),
      parent_id: (eb, values) => eb('projects.parent_id', 'in', ids(values).length ? ids(values) : [0]),
      favorite: (_eb, values) => (toBoolean(values[0]) ? favorited : sql<boolean>`not ${favorited}`),
    },
    fields: PROJECT_FIELDS,
    quickCount: () => liveRowCount(db, session.company.id, 'projects', topLevelOnly),
    async present(rows, fields) {
      const projectIds = rows.map((row) => row.id);
      const none = Promise.resolve([]);
      const [labels, users, favorites] = await Promise.all([
        fields.has('labels') && projectIds.length
          ? db
              .selectFrom('project_labels')
              .innerJoin('labels', 'labels.id', 'project_labels.label_id')
              .select(['project_labels.project_id', 'labels.id', 'labels.name', 'labels.color'])
              .where('project_labels.project_id', 'in', projectIds)
              .orderBy('labels.name')
              .execute()
          : none,
        fields.has('users') && projectIds.length
          ? db
              .selectFrom('project_user')
              .innerJoin('users', 'users.id', 'project_user.user_id')
              .select([
                'project_user.project_id',
                'users.id',
                'users.name',
                'users.function',
                'users.email',
                'users.profile_image',
              ])
              .where('project_user.project_id', 'in', projectIds)
              .where('users.deleted_at', 'is', null)
              .orderBy('users.name')
              .execute()
          : none,
        fields.has('is_favorited') && projectIds.length
          ? db
              .selectFrom('project_favorites')
              .select('project_id')
              .where('user_id', '=', userId)
              .where('project_id', 'in', projectIds)
              .execute()
          : none,
      ]);
      const labelsOf = groupBy(labels, (label) => label.project_id);
      const usersOf = groupBy(users, (user) => user.project_id);
      const favoriteIds = new Set(favorites.map((favorite) => favorite.project_id));
      return rows.map((row) => ({
        id: row.id,
        parent_id: row.parent_id,
        status: row.status,
        preview_image: fileUrl(request, row.preview_image),
        name: row.name,
        description: row.description,
        labels: (labelsOf.get(row.id) ?? []).map(({ id, name, color }) => ({ id, name, color })),
        created_at: row.created_at.toISOString(),
        updated_at: row.updated_at.toISOString(),
        deleted_at: row.deleted_at ? row.deleted_at.toISOString() : null,
        users: (usersOf.get(row.id) ?? []).map(({ id, name, function: role, email, profile_image }) => ({
          id,
          name,
          function: role,
          email,
          profile_image: fileUrl(request, profile_image),
        })),
        is_favorited: favoriteIds.has(row.id),
      }));
    },
  };
}

const ProjectPageSchema = PaginatedSchema(ProjectSchema);
const ProjectListSchema = Type.Object({
  ...ProjectPageSchema.properties,
  meta_data: Type.Object({ filters: Type.Object({ labels: Type.Array(LabelSummarySchema) }) }),
});

export async function projectRoutes(server: FastifyInstance): Promise<void> {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/projects',
    {
      preValidation: can('view-projects'),
      schema: {
        tags: ['projects'],
        summary:
          'Projects of the tenant (sorts name, created_at, updated_at, status, favorite; filters search, status, label, parent_id, favorite)',
        security: [{ bearer: [] }],
        querystring: Type.Object({ ...listQueryProperties, include_sub_projects: Type.Optional(Flag) }),
        response: { 200: ListResponseSchema(ProjectListSchema) },
      },
    },
    async (request) => {
      const session = await authenticate(request);
      let base = app.ctx.db
        .selectFrom('projects')
        .selectAll('projects')
        .where('projects.company_id', '=', session.company.id);
      const filtersByParent = request.query.filter && 'parent_id' in request.query.filter;
      const topLevelOnly = !toBoolean(request.query.include_sub_projects) && !filtersByParent;
      if (topLevelOnly) base = base.where('projects.parent_id', 'is', null);
      const body = await listEndpoint(
        request,
        base,
        projectList(request, session, topLevelOnly),
        request.query,
      );
      if (isCount(body)) return body;
      const labels = await app.ctx.db
        .selectFrom('labels')
        .select(['id', 'name', 'color'])
        .where('company_id', '=', session.company.id)
        .orderBy('name')
        .orderBy('id')
        .execute();
      return { ...body, meta_data: { filters: { labels } } };
    },
  );
}
