/**
 * Changelog items (spec 1 §2.4 Updates box, spec 2 admin changelog). Reading the list is open to every signed-in
 * user (the dashboard); everything else is admin-only: one item, create and update (multipart with an optional
 * screenshot; update also as POST + `_method=PATCH`), delete, and sync (dates the undated items for an
 * environment, development by default).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Selectable, Updateable } from 'kysely';
import { adminOnly, signedIn } from '../auth/guards';
import {
  CHANGELOG_TYPES,
  ChangelogItemSchema,
  ENVIRONMENTS,
  type Environment,
} from '../../shared/entities/changelog-items';
import type { ChangelogItemsTable, ChangelogType } from '../db/schema';
import { foundOr404, IdParams } from '../http/crud/ids';
import { invalidField } from '../http/errors';
import { listQueryProperties } from '../http/list-query';
import { enumFilter, isCount, type ListSpec, listEndpoint } from '../http/listing';
import { CountSchema, DataSchema, DeletedSchema, deletedResponse, PaginatedSchema } from '../http/responses';
import { FORM_CONTENT_TYPES } from '../http/request-input';
import {
  FileField,
  Filled,
  Flag,
  iso,
  MessageSchema,
  Nullable,
  StringEnum,
  toBoolean,
} from '../http/schema-types';
import { acceptUpload, storeUpload, type UploadRule } from '../storage/uploads';
import { fileUrl } from './files';

const SCREENSHOT: UploadRule = { types: ['jpeg', 'png', 'bmp'], maxKilobytes: 5120 };

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

type ChangelogItem = ReturnType<typeof present>;

const changelogList = (
  request: FastifyRequest,
): ListSpec<'changelog_items', ChangelogRow, ChangelogItem> => ({
  resource: 'changelog_items',
  sorts: {
    type: 'changelog_items.type',
    description: 'changelog_items.description',
    created_at: 'changelog_items.created_at',
    updated_at: 'changelog_items.updated_at',
    ...Object.fromEntries(
      ENVIRONMENTS.map((environment) => [`date_on_${environment}`, `changelog_items.date_on_${environment}`]),
    ),
  },
  defaultSort: '-created_at',
  tiebreaker: 'changelog_items.id',
  search: ['changelog_items.description'],
  filters: { type: enumFilter(CHANGELOG_TYPES, (eb, types) => eb('changelog_items.type', 'in', types)) },
  fields: Object.keys(ChangelogItemSchema.properties) as Array<keyof ChangelogItem>,
  present: async (rows) => rows.map((row) => present(request, row)),
});

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

type ChangelogInput = {
  type?: ChangelogType;
  description?: string;
  description_nl?: string | null;
  environments?: Partial<Record<Environment, boolean | number | string | null>>;
  screenshot?: unknown;
};

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
  return acceptUpload(body.screenshot, 'screenshot', SCREENSHOT);
}

export async function changelogRoutes(server: FastifyInstance): Promise<void> {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const { db, storage } = app.ctx;

  const findItem = (id: number) =>
    foundOr404(
      db.selectFrom('changelog_items').selectAll().where('id', '=', id).executeTakeFirst(),
      'ChangelogItem',
      id,
    );

  app.get(
    '/admin/changelog-items',
    {
      preValidation: signedIn,
      schema: {
        tags: ['changelog'],
        summary:
          'Changelog items: every signed-in user (dashboard). Without page/per_page all items, else a page',
        security: [{ bearer: [] }],
        querystring: Type.Object(listQueryProperties),
        response: {
          200: Type.Union([
            PaginatedSchema(ChangelogItemSchema),
            DataSchema(Type.Array(Type.Partial(ChangelogItemSchema))),
            CountSchema,
          ]),
        },
      },
    },
    async (request) => {
      const paged = request.query.page !== undefined || request.query.per_page !== undefined;
      const query = paged ? request.query : { ...request.query, page: 1, per_page: 1000 };
      const body = await listEndpoint(
        request,
        db.selectFrom('changelog_items').selectAll(),
        changelogList(request),
        query,
      );
      return paged || isCount(body) ? body : { data: body.data };
    },
  );

  app.get(
    '/admin/changelog-items/:id',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['changelog'],
        summary: 'One changelog item (admin)',
        security: [{ bearer: [] }],
        params: IdParams,
        response: { 200: DataSchema(ChangelogItemSchema), 404: MessageSchema },
      },
    },
    async (request) => ({ data: present(request, await findItem(request.params.id)) }),
  );

  app.post(
    '/admin/changelog-items',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['changelog'],
        summary: 'Creates a changelog item (admin; multipart with an optional screenshot jpeg/png/bmp)',
        consumes: FORM_CONTENT_TYPES,
        security: [{ bearer: [] }],
        body: CreateBody,
        response: { 201: DataSchema(ChangelogItemSchema) },
      },
    },
    async (request, reply) => {
      const body = request.body as ChangelogInput & Required<Pick<ChangelogInput, 'type' | 'description'>>;
      const screenshot = await validated(body);
      const key = screenshot ? await storeUpload(storage, 'changelog', screenshot) : null;
      const row = await db
        .insertInto('changelog_items')
        .values({
          type: body.type,
          description: body.description,
          description_nl: body.description_nl?.trim() || null,
          screenshot: key,
          ...environmentDates(body.environments, null),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return reply.status(201).send({ data: present(request, row) });
    },
  );

  app.patch(
    '/admin/changelog-items/sync',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['changelog'],
        summary: 'Dates every item not yet dated for the environment (default development) with now (admin)',
        security: [{ bearer: [] }],
        body: Type.Object({ environment: Type.Optional(Nullable(StringEnum(ENVIRONMENTS))) }),
        response: { 200: Type.Object({ message: Type.String(), updated: Type.Integer() }) },
      },
    },
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

  app.patch(
    '/admin/changelog-items/:id',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['changelog'],
        summary:
          'Updates a changelog item (admin; also POST multipart with _method=PATCH); a screenshot sent empty removes it',
        consumes: FORM_CONTENT_TYPES,
        security: [{ bearer: [] }],
        params: IdParams,
        body: UpdateBody,
        response: { 200: DataSchema(ChangelogItemSchema), 404: MessageSchema },
      },
    },
    async (request) => {
      const current = await findItem(request.params.id);
      const body = request.body as ChangelogInput;
      const screenshot = await validated(body);
      // A screenshot sent empty removes it (as the company logo); an absent one keeps it.
      const removed = 'screenshot' in body && body.screenshot === null;
      const key = screenshot
        ? await storeUpload(storage, 'changelog', screenshot)
        : removed
          ? null
          : current.screenshot;
      const row = await db
        .updateTable('changelog_items')
        .set({
          ...(body.type ? { type: body.type } : {}),
          ...(body.description ? { description: body.description } : {}),
          ...('description_nl' in body ? { description_nl: body.description_nl?.trim() || null } : {}),
          ...environmentDates(body.environments, current),
          screenshot: key,
          updated_at: new Date(),
        })
        .where('id', '=', current.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      if (current.screenshot && current.screenshot !== key) await storage.delete(current.screenshot);
      return { data: present(request, row) };
    },
  );

  app.delete(
    '/admin/changelog-items/:id',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['changelog'],
        summary: 'Deletes a changelog item and its screenshot (admin)',
        security: [{ bearer: [] }],
        params: IdParams,
        response: { 200: DeletedSchema('changelog_item'), 404: MessageSchema },
      },
    },
    async (request) => {
      const current = await findItem(request.params.id);
      await db.deleteFrom('changelog_items').where('id', '=', current.id).execute();
      if (current.screenshot) await storage.delete(current.screenshot);
      return deletedResponse('changelog_item', current.description);
    },
  );
}
