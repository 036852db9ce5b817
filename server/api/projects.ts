/**
 * Projects (spec 2 §3, §4, §7): the list with the full list conventions, labels for the filter menu in
 * `meta_data.filters.labels`, and `count=1` for the dashboard tile (`include_sub_projects=1` counts sub-projects
 * too; without it only top-level projects are listed and counted); one project with its sub-projects and models;
 * create (a sub-project with `parent_id`), update, copy ("Duplicate"), the user's favourite flag, delete (the
 * project and everything below it, to the recycling bin) and restore. Request fields: project-input.ts.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Selectable, sql } from 'kysely';
import { can } from '../auth/guards';
import { authenticate, type Session } from '../auth/session';
import type { DB } from '../db/database';
import { liveRowCount } from '../db/live-row-counts';
import type { ProjectsTable } from '../db/schema';
import { modelNotFound } from '../http/errors';
import { listQueryProperties } from '../http/list-query';
import { isCount, type ListSpec, listEndpoint } from '../http/listing';
import { FORM_CONTENT_TYPES } from '../http/request-input';
import {
  DataSchema,
  DeletedSchema,
  deletedResponse,
  ListResponseSchema,
  PaginatedSchema,
} from '../http/responses';
import { DateTime, Flag, MessageSchema, Nullable, StringEnum, toBoolean } from '../http/schema-types';
import { publishProcessorRefresh } from '../processing/model-events';
import { isStorageKey } from '../processing/preview';
import { fileUrl } from './files';
import { MODEL_STATUSES, resumeRestoredModels } from './models';
import {
  ChangeProjectBody,
  checkProjectInput,
  copyStoredFile,
  CreateProjectBody,
  insertProject,
  PROJECT_STATUSES,
  type ProjectInput,
  saveProjectRelations,
  storePreviewImage,
} from './project-input';
import { restoreProjectTree, trashProjectTree } from './project-tree';
import { addressable } from './soft-deleted';
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

/** `GET /projects/{id}` and every single-project answer: the list item plus its sub-projects and models (live). */
export const ProjectDetailSchema = Type.Object({
  ...ProjectSchema.properties,
  sub_projects: Type.Array(
    Type.Object({ id: Type.Integer(), name: Type.String(), status: StringEnum(PROJECT_STATUSES) }),
  ),
  models: Type.Array(
    Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      status: StringEnum(MODEL_STATUSES),
      status_color: Type.String(),
      preview_image_url: Nullable(Type.String()),
    }),
  ),
});

const IdParams = Type.Object({ id: Type.Integer() });

/** A project of the company (404 otherwise): live, or with `trashed` one in the recycling bin too. */
async function findProject(db: DB, companyId: number, id: number, trashed = false): Promise<ProjectRow> {
  const row = await db
    .selectFrom('projects')
    .selectAll()
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .where(addressable('projects.deleted_at', trashed))
    .executeTakeFirst();
  if (!row) throw modelNotFound('Project', id);
  return row;
}

async function presentDetail(request: FastifyRequest, session: Session, row: ProjectRow) {
  const { db } = request.server.ctx;
  const [[project], subProjects, models] = await Promise.all([
    projectList(request, session, false).present([row], new Set(PROJECT_FIELDS)),
    db
      .selectFrom('projects')
      .select(['id', 'name', 'status'])
      .where('parent_id', '=', row.id)
      .where('deleted_at', 'is', null)
      .orderBy('name')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('project_models')
      .select(['id', 'name', 'status', 'status_color', 'preview_image_url'])
      .where('project_id', '=', row.id)
      .where('deleted_at', 'is', null)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute(),
  ]);
  return {
    ...project,
    sub_projects: subProjects,
    models: models.map((model) => ({
      ...model,
      preview_image_url: fileUrl(request, model.preview_image_url),
    })),
  };
}

const projectSchema = (summary: string) => ({ tags: ['projects'], summary, security: [{ bearer: [] }] });

export async function projectRoutes(server: FastifyInstance): Promise<void> {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const { db, storage } = app.ctx;

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

  /** Answers one project as every single-project call does. */
  const detail = async (request: FastifyRequest, session: Session, id: number) => ({
    data: await presentDetail(request, session, await findProject(db, session.company.id, id)),
  });

  app.get(
    '/projects/:id',
    {
      preValidation: can('view-projects'),
      schema: {
        ...projectSchema('One project with its sub-projects and models'),
        params: IdParams,
        response: { 200: DataSchema(ProjectDetailSchema), 404: MessageSchema },
      },
    },
    async (request) => detail(request, await authenticate(request), request.params.id),
  );

  app.post(
    '/projects',
    {
      preValidation: can('create-projects'),
      schema: {
        ...projectSchema(
          'Creates a project (a sub-project with parent_id); JSON or multipart with preview_image',
        ),
        consumes: FORM_CONTENT_TYPES,
        body: CreateProjectBody,
        response: { 201: DataSchema(ProjectDetailSchema) },
      },
    },
    async (request, reply) => {
      const session = await authenticate(request);
      const body = request.body as ProjectInput & { name: string };
      const checked = await checkProjectInput(db, session, body, null);
      const preview = checked.previewImage ? await storePreviewImage(storage, checked.previewImage) : null;
      const id = await insertProject(db, {
        company_id: session.company.id,
        parent_id: checked.parentId ?? null,
        name: body.name,
        description: body.description ?? null,
        status: body.status ?? 'active',
        preview_image: preview,
        labels: checked.labels ?? [],
        users: checked.users ?? [],
      });
      return reply.status(201).send(await detail(request, session, id));
    },
  );

  app.patch(
    '/projects/:id',
    {
      preValidation: can('update-projects'),
      schema: {
        ...projectSchema(
          'Updates a project: every field optional, preview_image null removes it (multipart: POST + _method=PATCH)',
        ),
        consumes: FORM_CONTENT_TYPES,
        params: IdParams,
        body: ChangeProjectBody,
        response: { 200: DataSchema(ProjectDetailSchema), 404: MessageSchema },
      },
    },
    async (request) => {
      const session = await authenticate(request);
      const current = await findProject(db, session.company.id, request.params.id);
      const body = request.body as ProjectInput;
      const checked = await checkProjectInput(db, session, body, current.id);
      const preview =
        checked.previewImage === undefined
          ? current.preview_image
          : checked.previewImage && (await storePreviewImage(storage, checked.previewImage));
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('projects')
          .set({
            ...(body.name ? { name: body.name } : {}),
            ...('description' in body ? { description: body.description ?? null } : {}),
            ...(body.status ? { status: body.status } : {}),
            ...(checked.parentId !== undefined ? { parent_id: checked.parentId } : {}),
            preview_image: preview,
            updated_at: new Date(),
          })
          .where('id', '=', current.id)
          .execute();
        await saveProjectRelations(trx, current.id, checked.labels, checked.users);
      });
      if (isStorageKey(current.preview_image) && current.preview_image !== preview) {
        await storage.delete(current.preview_image);
      }
      return detail(request, session, current.id);
    },
  );

  app.delete(
    '/projects/:id',
    {
      preValidation: can('delete-projects'),
      schema: {
        ...projectSchema('Moves a project, its sub-projects and their models to the recycling bin (30 days)'),
        params: IdParams,
        response: { 200: DeletedSchema('project'), 404: MessageSchema },
      },
    },
    async (request) => {
      const { company } = await authenticate(request);
      const project = await findProject(db, company.id, request.params.id);
      const models = await db.transaction().execute((trx) => trashProjectTree(trx, company.id, project.id));
      await publishProcessorRefresh(request, company.id, models);
      return deletedResponse('project', project.name);
    },
  );

  app.post(
    '/projects/:id/copy',
    {
      preValidation: can('create-projects'),
      schema: {
        ...projectSchema(
          'Duplicates a project: description, status, preview image, labels and members (not models or favourites), named "{name} (copy)" unless the body says otherwise',
        ),
        consumes: FORM_CONTENT_TYPES,
        params: IdParams,
        body: ChangeProjectBody,
        response: { 201: DataSchema(ProjectDetailSchema), 404: MessageSchema },
      },
    },
    async (request, reply) => {
      const session = await authenticate(request);
      const source = await findProject(db, session.company.id, request.params.id);
      const body = request.body as ProjectInput;
      const checked = await checkProjectInput(db, session, body, null);
      let preview: string | null;
      if (checked.previewImage !== undefined) {
        preview = checked.previewImage && (await storePreviewImage(storage, checked.previewImage));
      } else {
        preview = isStorageKey(source.preview_image)
          ? await copyStoredFile(storage, source.preview_image)
          : source.preview_image;
      }
      const [labels, users] = await Promise.all([
        db.selectFrom('project_labels').select('label_id').where('project_id', '=', source.id).execute(),
        db.selectFrom('project_user').select('user_id').where('project_id', '=', source.id).execute(),
      ]);
      const id = await insertProject(db, {
        company_id: session.company.id,
        parent_id: checked.parentId !== undefined ? checked.parentId : source.parent_id,
        name: body.name ?? `${source.name} (copy)`.slice(0, 255),
        description: 'description' in body ? (body.description ?? null) : source.description,
        status: body.status ?? source.status,
        preview_image: preview,
        labels: checked.labels ?? labels.map((label) => label.label_id),
        users: checked.users ?? users.map((user) => user.user_id),
      });
      return reply.status(201).send(await detail(request, session, id));
    },
  );

  app.patch(
    '/projects/:id/favorite',
    {
      preValidation: can('view-projects'),
      schema: {
        ...projectSchema("Sets or clears the user's favourite flag on a project (idempotent)"),
        params: IdParams,
        body: Type.Object({ is_favorited: Flag }),
        response: {
          200: DataSchema(Type.Object({ id: Type.Integer(), is_favorited: Type.Boolean() })),
          404: MessageSchema,
        },
      },
    },
    async (request) => {
      const session = await authenticate(request);
      const project = await findProject(db, session.company.id, request.params.id);
      const favorited = toBoolean(request.body.is_favorited);
      if (favorited) {
        await db
          .insertInto('project_favorites')
          .values({ user_id: session.user.id, project_id: project.id })
          .onConflict((conflict) => conflict.columns(['user_id', 'project_id']).doNothing())
          .execute();
      } else {
        await db
          .deleteFrom('project_favorites')
          .where('user_id', '=', session.user.id)
          .where('project_id', '=', project.id)
          .execute();
      }
      return { data: { id: project.id, is_favorited: favorited } };
    },
  );

  app.get(
    '/projects/:id/restore',
    {
      preValidation: can('restore-deleted-entities'),
      schema: {
        ...projectSchema(
          'Brings a project back from the recycling bin with what was deleted together with it',
        ),
        params: IdParams,
        response: { 200: DataSchema(ProjectDetailSchema), 404: MessageSchema },
      },
    },
    async (request) => {
      const session = await authenticate(request);
      const { company } = session;
      const project = await findProject(db, company.id, request.params.id, true);
      if (project.deleted_at) {
        const models = await db
          .transaction()
          .execute((trx) => restoreProjectTree(trx, company.id, project.id));
        await publishProcessorRefresh(request, company.id, models);
        await resumeRestoredModels(request, company.id, models);
      }
      return detail(request, session, project.id);
    },
  );
}
