/**
 * Projects (spec 2 §3, §4, §7): the list with the full list conventions, labels for the filter menu in
 * `meta_data.filters.labels`, and `count=1` for the dashboard tile (`include_sub_projects=1` counts sub-projects
 * too; without it only top-level projects are listed and counted, unless a search asks: that finds every level);
 * one project with its sub-projects and models;
 * create (a sub-project with `parent_id`), update, copy ("Duplicate"), the user's favourite flag, delete (the
 * project and everything below it, to the recycling bin) and restore. Request fields: server/domain/project-input.ts.
 */
import { anyOf } from '../../shared/abilities';
import { PROJECT_ABILITIES } from '../../shared/entities/project-values';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { type Static, Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { type Selectable, sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import {
  ProjectDetailSchema,
  ProjectInputSchema,
  ProjectSchema,
  type ProjectDetail,
  PROJECT_STATUSES,
} from '../../shared/entities/projects';
import { ModelSchema } from '../../shared/entities/models';
import { type LabelSummary, LabelSummarySchema } from '../../shared/entities/summaries';
import { authenticate } from '../auth/session';
import { liveRowCount } from '../db/live-row-counts';
import type { ProjectsTable } from '../db/schema';
import { contextOf } from '../http/crud/context';
import type { CrudContext } from '../http/crud/declaration';
import { defineEntity } from '../http/crud/entity';
import { IdParams } from '../http/crud/ids';
import { listQueryProperties } from '../http/list-query';
import { enumFilter, isCount, listEndpoint, listEndpointWith, type ListSpec } from '../http/listing';
import { FORM_CONTENT_TYPES } from '../http/request-input';
import { DataSchema, ListResponseSchema, PaginatedSchema } from '../http/responses';
import { Flag, MessageSchema, toBoolean } from '../http/schema-types';
import { publishProcessorRefresh } from '../processing/model-events';
import { isStorageKey } from '../storage/storage';
import { fileUrl } from '../http/stored-files';
import { modelEntity, resumeRestoredModels } from './models';
import {
  checkProjectInput,
  copyStoredFile,
  insertProject,
  type ProjectInput,
  saveProjectRelations,
  storePreviewImage,
} from '../domain/project-input';
import { projectCover } from '../domain/cover-images';
import { restoreProjectTree, trashProjectTree } from '../domain/project-tree';
import { inTransaction } from '../db/in-transaction';

/** A project as its endpoints read it: the table's row and its cover (server/domain/cover-images.ts). */
type ProjectRow = Selectable<ProjectsTable> & { cover_image: string | null };

/** Groups rows of a relation by the id they belong to. */
function groupBy<T, K>(rows: T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
  return groups;
}

/** `exists` a favourite of the session's user for the project of the row. */
const favoritedBy = (userId: number) => sql<boolean>`exists (
  select 1 from project_favorites where project_favorites.project_id = projects.id and project_favorites.user_id = ${userId}
)`;

export const projectEntity = defineEntity({
  collection: 'projects',
  tag: 'projects',
  model: 'Project',
  entity: 'project',
  table: 'projects',
  fileColumns: ['preview_image'],
  softDelete: true,
  abilities: PROJECT_ABILITIES,
  schemas: { input: ProjectInputSchema, item: ProjectSchema, detail: ProjectDetailSchema },
  rows: (db, companyId) =>
    db
      .selectFrom('projects')
      .selectAll('projects')
      .select(projectCover.as('cover_image'))
      .where('projects.company_id', '=', companyId),
  nameOf: (project) => project.name,
  list({ session }) {
    const favorited = favoritedBy(session.user.id);
    return {
      sorts: {
        name: 'projects.name',
        created_at: 'projects.created_at',
        updated_at: 'projects.updated_at',
        status: 'projects.status',
        // `sort=favorite` puts the user's favourites first (customerportal's `favorite,-created_at`).
        favorite: sql`(case when ${favorited} then 0 else 1 end)`,
      },
      defaultSort: '-created_at',
      search: ['projects.name', 'projects.description'],
      filters: {
        status: enumFilter(PROJECT_STATUSES, (eb, statuses) => eb('projects.status', 'in', statuses)),
        label: {
          type: 'integer',
          where: (eb, ids) =>
            eb.exists(
              eb
                .selectFrom('project_labels')
                .select('project_labels.project_id')
                .whereRef('project_labels.project_id', '=', 'projects.id')
                .where('project_labels.label_id', 'in', ids),
            ),
        },
        parent_id: { type: 'integer', where: (eb, ids) => eb('projects.parent_id', 'in', ids) },
        favorite: {
          type: 'boolean',
          where: (eb, values) =>
            eb.or(values.map((value) => (value ? favorited : sql<boolean>`not ${favorited}`))),
        },
      },
    };
  },
  async present({ request, session, db }, rows, fields) {
    const userId = session.user.id;
    const projectIds = rows.map((row) => row.id);
    // The page's labels, members and the user's favourites among it: one statement of three JSON arrays.
    const none = sql<boolean>`false`;
    const related = projectIds.length
      ? await db
          .selectNoFrom((eb) => [
            jsonArrayFrom(
              eb
                .selectFrom('project_labels')
                .innerJoin('labels', 'labels.id', 'project_labels.label_id')
                .select(['project_labels.project_id', 'labels.id', 'labels.name', 'labels.color'])
                .where('project_labels.project_id', 'in', projectIds)
                .$if(!fields.has('labels'), (query) => query.where(none))
                .orderBy('labels.name'),
            ).as('labels'),
            jsonArrayFrom(
              eb
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
                .$if(!fields.has('users'), (query) => query.where(none))
                .orderBy('users.name'),
            ).as('users'),
            jsonArrayFrom(
              eb
                .selectFrom('project_favorites')
                .select('project_id')
                .where('user_id', '=', userId)
                .where('project_id', 'in', projectIds)
                .$if(!fields.has('is_favorited'), (query) => query.where(none)),
            ).as('favorites'),
          ])
          .executeTakeFirstOrThrow()
      : { labels: [], users: [], favorites: [] };
    const { labels, users, favorites } = related;
    const labelsOf = groupBy(labels, (label) => label.project_id);
    const usersOf = groupBy(users, (user) => user.project_id);
    const favoriteIds = new Set(favorites.map((favorite) => favorite.project_id));
    return rows.map((row) => ({
      id: row.id,
      parent_id: row.parent_id,
      status: row.status,
      preview_image: fileUrl(request, row.preview_image),
      cover_image: fileUrl(request, row.cover_image),
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
  detail: presentDetail,
  async create(ctx, input) {
    const { db, session } = ctx;
    const body = input as ProjectInput & { name: string };
    const checked = await checkProjectInput(db, session, body, null);
    const { storage } = ctx.request.server.ctx;
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
    return { id };
  },
  async update({ db, session, request }, current, body) {
    const { storage } = request.server.ctx;
    const checked = await checkProjectInput(db, session, body, current.id);
    const preview =
      checked.previewImage === undefined
        ? current.preview_image
        : checked.previewImage && (await storePreviewImage(storage, checked.previewImage));
    await inTransaction(db, async (trx) => {
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
      const stale = current.preview_image;
      return () => storage.delete(stale);
    }
  },
  /** The project, its sub-projects and their models go to the recycling bin together. */
  async remove({ db, session, request }, project) {
    const models = await trashProjectTree(db, session.company.id, project.id);
    return () => publishProcessorRefresh(request, session.company.id, models);
  },
  /** Brings back what was deleted together with the project; models still to process are queued again. */
  async restore({ db, session, request }, project) {
    const models = await restoreProjectTree(db, session.company.id, project.id);
    return async () => {
      await publishProcessorRefresh(request, session.company.id, models);
      await resumeRestoredModels(request, session.company.id, models);
    };
  },
  bulk: {
    actions: { delete: 'delete' },
    edit: {
      fields: ['status', 'labels'],
      async current({ db }, row) {
        const labels = await db
          .selectFrom('project_labels')
          .select('label_id')
          .where('project_id', '=', row.id)
          .orderBy('label_id')
          .execute();
        return { status: row.status, labels: labels.map((label) => label.label_id) };
      },
    },
  },
  summaries: {
    show: 'One project with its sub-projects and models',
    create: 'Creates a project (a sub-project with parent_id); JSON or multipart with preview_image',
    update:
      'Updates a project: every field optional, preview_image null removes it (multipart: POST + _method=PATCH)',
    delete: 'Moves a project, its sub-projects and their models to the recycling bin (30 days)',
    restore: 'Brings a project back from the recycling bin with what was deleted together with it',
    bulk: 'Moves several projects (with everything below each) to the recycling bin, or sets their status or labels (`values`), each on its own',
  },
});

/** The project with its live sub-projects and models. */
async function presentDetail(ctx: CrudContext, row: ProjectRow): Promise<ProjectDetail> {
  const { db } = ctx;
  const [project, subProjects, models] = await Promise.all([
    projectEntity.itemOf(ctx, row),
    db
      .selectFrom('projects')
      .select(['id', 'name', 'status'])
      .where('parent_id', '=', row.id)
      .where('deleted_at', 'is', null)
      .orderBy('name')
      .orderBy('id')
      .execute(),
    // Every field of a model (its card shows them, spec 2 §2 Models), as the models' list presents them.
    modelEntity
      .rows(db, ctx.session.company.id)
      .where('project_models.project_id', '=', row.id)
      .where('project_models.deleted_at', 'is', null)
      .orderBy('project_models.created_at', 'desc')
      .orderBy('project_models.id', 'desc')
      .execute()
      .then((rows) => modelEntity.present(ctx, rows, MODEL_FIELDS)),
  ]);
  return { ...project, sub_projects: subProjects, models };
}

const MODEL_FIELDS = new Set(Object.keys(ModelSchema.properties));

const ProjectPageSchema = PaginatedSchema(ProjectSchema);
const ProjectListSchema = Type.Object({
  ...ProjectPageSchema.properties,
  meta_data: Type.Object({ filters: Type.Object({ labels: Type.Array(LabelSummarySchema) }) }),
});

const TeamOptionSchema = Type.Object({ id: Type.Integer(), name: Type.String() });
type TeamOption = Static<typeof TeamOptionSchema>;

/** The Team picker's list: names only, so it needs no ability to see the company's users. */
const TEAM_OPTIONS: ListSpec<'users' | 'company_user', TeamOption, TeamOption> = {
  resource: 'users',
  sorts: { name: 'users.name' },
  defaultSort: 'name',
  tiebreaker: 'users.id',
  search: ['users.name'],
  fields: ['id', 'name'],
  present: async (rows) => rows,
};

/** The standard endpoints from the declaration, and beside them the list, copy and favourite. */
export default async function projectRoutes(server: FastifyInstance): Promise<void> {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const { db, storage } = app.ctx;
  const { route } = projectEntity;

  app.get(
    '/projects',
    route(
      'view-projects',
      'Projects of the tenant (sorts name, created_at, updated_at, status, favorite; filters search, status, label, parent_id, favorite)',
      {
        querystring: Type.Object({ ...listQueryProperties, include_sub_projects: Type.Optional(Flag) }),
        response: { 200: ListResponseSchema(ProjectListSchema) },
      },
    ),
    async (request) => {
      const ctx = await contextOf(request);
      const companyId = ctx.session.company.id;
      let base = projectEntity.rows(db, companyId);
      const filters = request.query.filter ?? {};
      const filtersByParent = Object.hasOwn(filters, 'parent_id');
      // A search finds a project at every level (issue 42: a sub-project is found by its name).
      const searching = typeof filters.search === 'string' && filters.search.trim() !== '';
      const topLevelOnly = !toBoolean(request.query.include_sub_projects) && !filtersByParent && !searching;
      if (topLevelOnly) base = base.where('projects.parent_id', 'is', null);
      const spec = {
        ...projectEntity.listSpec(ctx),
        quickCount: () => liveRowCount(db, companyId, 'projects', topLevelOnly),
      };
      // The filter menu's labels come in the page's own statement.
      const filterLabels = sql<LabelSummary[]>`(select coalesce(json_agg(json_build_object(
          'id', labels.id, 'name', labels.name, 'color', labels.color) order by labels.name, labels.id), '[]')
        from labels where labels.company_id = ${companyId})`;
      const listed = await listEndpointWith(request, base, spec, request.query, { labels: filterLabels });
      if (isCount(listed)) return listed;
      const { alongside, ...body } = listed;
      const { labels } = alongside;
      return { ...body, meta_data: { filters: { labels } } };
    },
  );

  // Registered before the entity's `/projects/:id`.
  app.get(
    '/projects/team-options',
    route(
      anyOf('create-projects', 'update-projects'),
      "The company's users a project's team may hold, by name only (id, name; sort name; filter search): the Team picker of whoever may create or edit a project, without view-system-users",
      {
        querystring: Type.Object(listQueryProperties),
        response: { 200: ListResponseSchema(PaginatedSchema(TeamOptionSchema)) },
      },
    ),
    async (request) => {
      const ctx = await contextOf(request);
      const members = db
        .selectFrom('users')
        .innerJoin('company_user', (join) =>
          join
            .onRef('company_user.user_id', '=', 'users.id')
            .on('company_user.company_id', '=', ctx.session.company.id),
        )
        .select(['users.id', 'users.name'])
        .where('users.deleted_at', 'is', null)
        .where('users.admin', '=', false);
      return listEndpoint(request, members, TEAM_OPTIONS, request.query);
    },
  );

  await projectEntity.register(app);

  app.post(
    '/projects/:id/copy',
    route(
      'create-projects',
      'Duplicates a project: description, status, preview image, labels and members (not models or favourites), named "{name} (copy)" unless the body says otherwise',
      {
        consumes: FORM_CONTENT_TYPES,
        params: IdParams,
        body: Type.Partial(ProjectInputSchema),
        response: { 201: DataSchema(ProjectDetailSchema), 404: MessageSchema },
      },
    ),
    async (request, reply) => {
      const ctx = await contextOf(request);
      const { session } = ctx;
      const source = await projectEntity.find(db, session.company.id, request.params.id);
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
      const copy = await projectEntity.find(db, session.company.id, id);
      return reply.status(201).send({ data: await projectEntity.detailOf(ctx, copy) });
    },
  );

  app.patch(
    '/projects/:id/favorite',
    route('view-projects', "Sets or clears the user's favourite flag on a project (idempotent)", {
      params: IdParams,
      body: Type.Object({ is_favorited: Flag }),
      response: {
        200: DataSchema(Type.Object({ id: Type.Integer(), is_favorited: Type.Boolean() })),
        404: MessageSchema,
      },
    }),
    async (request) => {
      const session = await authenticate(request);
      const project = await projectEntity.find(db, session.company.id, request.params.id);
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
}
