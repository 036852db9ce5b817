/**
 * Changelog items (spec 1 §2.4 Updates box, spec 2 admin changelog), declared with `defineEntity` (platform
 * rows, no company): one item, create and update (multipart with an optional screenshot; update also as POST +
 * `_method=PATCH`) and delete are the administrators' standard endpoints. Two special routes: the list, open to
 * every signed-in user (the dashboard) and without page/per_page every item, and sync (dates the undated items
 * for an environment, development by default; admin).
 */
import { CHANGELOG_ITEM_ABILITIES } from '../../shared/entities/changelog-item-values';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { type Static, Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Selectable, Updateable } from 'kysely';
import {
  CHANGELOG_TYPES,
  ChangelogItemSchema,
  ENVIRONMENTS,
  type Environment,
} from '../../shared/entities/changelog-items';
import type { ChangelogItemsTable } from '../db/schema';
import { contextOf } from '../http/crud/context';
import { ADMIN_ONLY, type CrudContext, SIGNED_IN, type Submitted } from '../http/crud/declaration';
import { defineEntity } from '../http/crud/entity';
import { invalidField } from '../errors/http-errors';
import { listQueryProperties } from '../http/list-query';
import { enumFilter, isCount, listEndpoint } from '../http/listing';
import { CountSchema, DataSchema, PaginatedSchema } from '../http/responses';
import { FileField, Filled, Flag, iso, Nullable, StringEnum, toBoolean } from '../http/schema-types';
import { acceptUpload, storeUpload } from '../http/multipart-files';
import { IMAGE_RULES } from '../uploads/image-uploads';
import { fileUrl } from '../http/stored-files';
import { STORAGE_FOLDERS } from '../storage/storage-folders';

type ChangelogRow = Selectable<ChangelogItemsTable>;

function present(request: FastifyRequest, row: ChangelogRow) {
  return {
    id: row.id,
    type: row.type,
    description: row.description,
    description_nl: row.description_nl,
    screenshot: row.screenshot !== null,
    screenshot_url: fileUrl(request, row.screenshot),
    date_on_development: iso(row.date_on_development),
    date_on_test: iso(row.date_on_test),
    date_on_acceptance: iso(row.date_on_acceptance),
    date_on_production: iso(row.date_on_production),
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
  };
}

const EnvironmentFlags = Type.Partial(
  Type.Object(Object.fromEntries(ENVIRONMENTS.map((environment) => [environment, Nullable(Flag)]))),
  { description: 'environments[development|test|acceptance|production] = 1 or 0; at least one 1' },
);

const CreateBody = Type.Object({
  type: StringEnum(CHANGELOG_TYPES),
  description: Filled({ maxLength: 5000 }),
  description_nl: Type.Optional(Nullable(Type.String({ maxLength: 5000 }))),
  environments: EnvironmentFlags,
  screenshot: Type.Optional(FileField),
});

const UpdateBody = Type.Partial(
  Type.Object({
    type: StringEnum(CHANGELOG_TYPES),
    description: Filled({ maxLength: 5000 }),
    description_nl: Nullable(Type.String({ maxLength: 5000 })),
    environments: EnvironmentFlags,
    screenshot: FileField,
  }),
);

type ChangelogInput = Submitted<Static<typeof UpdateBody>>;

/** Date columns for the ticked environments: a newly ticked one is dated now, an unticked one cleared. */
function environmentDates(environments: ChangelogInput['environments'], current: ChangelogRow | null) {
  const dates: Updateable<ChangelogItemsTable> = {};
  for (const environment of ENVIRONMENTS) {
    if (!environments || !(environment in environments)) continue;
    const column = `date_on_${environment}` as const;
    dates[column] = toBoolean(environments[environment]) ? (current?.[column] ?? new Date()) : null;
  }
  return dates;
}

/** What the schema cannot say: at least one environment ticked; then the screenshot's type and size. */
async function validated(body: ChangelogInput) {
  const ticked = ENVIRONMENTS.filter((environment) => toBoolean(body.environments?.[environment]));
  if (body.environments !== undefined && !ticked.length) {
    throw invalidField('environments', 'The environments field is required.');
  }
  return acceptUpload(body.screenshot, 'screenshot', IMAGE_RULES.screenshot);
}

/** The screenshot's storage key after a write: a new one, none (sent empty: removed) or the current one. */
async function screenshotKey(
  ctx: CrudContext,
  body: ChangelogInput,
  current: ChangelogRow | null,
): Promise<string | null> {
  const screenshot = await validated(body);
  if (screenshot)
    return storeUpload(ctx.request.server.ctx.storage, STORAGE_FOLDERS.changelogScreenshots, screenshot);
  // A screenshot sent empty removes it (as the company logo); an absent one keeps it.
  return 'screenshot' in body && body.screenshot === null ? null : (current?.screenshot ?? null);
}

/** The stored screenshot a write or a delete left behind, removed once it has committed. */
const removeScreenshot = (ctx: CrudContext, previous: string | null, kept: string | null) => async () => {
  if (previous && previous !== kept) await ctx.request.server.ctx.storage.delete(previous);
};

export const changelogItems = defineEntity({
  collection: 'admin/changelog-items',
  resource: 'changelog_items',
  tag: 'changelog',
  model: 'ChangelogItem',
  entity: 'changelog_item',
  table: 'changelog_items',
  fileColumns: ['screenshot'],
  scope: 'platform',
  abilities: CHANGELOG_ITEM_ABILITIES,
  schemas: { input: CreateBody, item: ChangelogItemSchema, update: UpdateBody },
  rows: (db) => db.selectFrom('changelog_items').selectAll(),
  nameOf: (item) => item.description,
  list: () => ({
    sorts: {
      type: 'changelog_items.type',
      description: 'changelog_items.description',
      created_at: 'changelog_items.created_at',
      updated_at: 'changelog_items.updated_at',
      ...Object.fromEntries(
        ENVIRONMENTS.map((environment) => [
          `date_on_${environment}`,
          `changelog_items.date_on_${environment}`,
        ]),
      ),
    },
    defaultSort: '-created_at',
    search: ['changelog_items.description'],
    filters: {
      type: enumFilter(CHANGELOG_TYPES, (eb, types) => eb('changelog_items.type', 'in', types)),
    },
  }),
  present: async (ctx, rows: ChangelogRow[]) => rows.map((row) => present(ctx.request, row)),
  async create(ctx, body) {
    const screenshot = await screenshotKey(ctx, body, null);
    const { id } = await ctx.db
      .insertInto('changelog_items')
      .values({
        type: body.type!,
        description: body.description!,
        description_nl: body.description_nl?.trim() || null,
        screenshot,
        ...environmentDates(body.environments, null),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id };
  },
  async update(ctx, current, body) {
    const screenshot = await screenshotKey(ctx, body, current);
    await ctx.db
      .updateTable('changelog_items')
      .set({
        ...(body.type ? { type: body.type } : {}),
        ...(body.description ? { description: body.description } : {}),
        ...('description_nl' in body ? { description_nl: body.description_nl?.trim() || null } : {}),
        ...environmentDates(body.environments, current),
        screenshot,
        updated_at: new Date(),
      })
      .where('id', '=', current.id)
      .execute();
    return removeScreenshot(ctx, current.screenshot, screenshot);
  },
  async remove(ctx, item) {
    await ctx.db.deleteFrom('changelog_items').where('id', '=', item.id).execute();
    return removeScreenshot(ctx, item.screenshot, null);
  },
  summaries: {
    show: 'One changelog item (admin)',
    create: 'Creates a changelog item (admin; multipart with an optional screenshot jpeg/png/bmp)',
    update:
      'Updates a changelog item (admin; also POST multipart with _method=PATCH); a screenshot sent empty removes it',
    delete: 'Deletes a changelog item and its screenshot (admin)',
  },
});

export default async function changelogRoutes(server: FastifyInstance): Promise<void> {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app.ctx;

  app.get(
    '/admin/changelog-items',
    changelogItems.route(
      SIGNED_IN,
      'Changelog items: every signed-in user (dashboard). Without page/per_page all items, else a page',
      {
        querystring: Type.Object(listQueryProperties),
        response: {
          200: Type.Union([
            PaginatedSchema(ChangelogItemSchema),
            DataSchema(Type.Array(Type.Partial(ChangelogItemSchema))),
            CountSchema,
          ]),
        },
      },
    ),
    async (request) => {
      const ctx = await contextOf(request);
      const paged = request.query.page !== undefined || request.query.per_page !== undefined;
      const query = paged ? request.query : { ...request.query, page: 1, per_page: 1000 };
      const body = await listEndpoint(
        request,
        changelogItems.rows(db, 0),
        changelogItems.listSpec(ctx),
        query,
      );
      return paged || isCount(body) ? body : { data: body.data };
    },
  );

  await changelogItems.register(app);

  app.patch(
    '/admin/changelog-items/sync',
    changelogItems.route(
      ADMIN_ONLY,
      'Dates every item not yet dated for the environment (default development) with now (admin)',
      {
        body: Type.Object({ environment: Type.Optional(Nullable(StringEnum(ENVIRONMENTS))) }),
        response: { 200: Type.Object({ message: Type.String(), updated: Type.Integer() }) },
      },
      { activity: { message: 'changelogSynced' } },
    ),
    async (request) => {
      const environment: Environment = request.body?.environment ?? 'development';
      const column = `date_on_${environment}` as const;
      const result = await db
        .updateTable('changelog_items')
        .set({ [column]: new Date(), updated_at: new Date() })
        .where(column, 'is', null)
        .executeTakeFirst();
      const updated = Number(result.numUpdatedRows);
      return { message: `${updated} changelog items synced.`, updated };
    },
  );
}
