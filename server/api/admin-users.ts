/**
 * Users across companies for platform administrators (spec 2 Admin, §7; issue 19's /admin/users): the list (search
 * name, username, email; sorts as the company's list; `filter[admin]`, `filter[company]`), one user, create (the
 * account joins the company the administrator works in, without a role), update with the admin flag (only here;
 * both take the profile image as a finished image upload, profile-images.ts), and delete, which removes the user
 * from the companies they belong to (the account stays; nobody removes themselves). Admin only.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import {
  type AdminUser,
  AdminUserInputSchema,
  AdminUserSchema,
  type AdminUserInput,
} from '../../shared/entities/users';
import { adminOnly } from '../auth/guards';
import { hashPassword } from '../auth/passwords';
import { authenticate, type Session } from '../auth/session';
import type { DB } from '../db/database';
import type { UsersTable } from '../db/schema';
import type { Submitted } from '../http/crud/declaration';
import { foundOr404, IdParams } from '../http/crud/ids';
import { HttpError } from '../http/errors';
import { listQueryProperties } from '../http/list-query';
import { type ListSpec, listEndpoint } from '../http/listing';
import { FORM_CONTENT_TYPES } from '../http/request-input';
import {
  DataSchema,
  DeletedSchema,
  deletedResponse,
  ListResponseSchema,
  PaginatedSchema,
} from '../http/responses';
import { iso, MessageSchema, toBoolean } from '../http/schema-types';
import { allValid, notEmptied } from './field-checks';
import { fileUrl } from './files';
import { nextProfileImage, submittedProfileImage, writeProfileImage } from './profile-images';
import {
  accountColumns,
  CANNOT_REMOVE_YOURSELF,
  checkAccountUnique,
  insertAccount,
  REQUIRED_ACCOUNT_FIELDS,
  removeMembership,
  unusablePassword,
  USER_SEARCH,
  USER_SORTS,
} from './users';
import { publishPermissionsUpdated } from './users-permissions';

type UserRow = Selectable<UsersTable>;

const ADMIN = { tags: ['admin'], security: [{ bearer: [] }] };

const accounts = (db: DB) => db.selectFrom('users').selectAll('users').where('users.deleted_at', 'is', null);

const find = (db: DB, id: number) =>
  foundOr404(accounts(db).where('users.id', '=', id).executeTakeFirst(), 'User', id);

async function present(request: FastifyRequest, rows: UserRow[]): Promise<AdminUser[]> {
  const ids = rows.map((row) => row.id);
  const companies = ids.length
    ? await request.server.ctx.db
        .selectFrom('company_user')
        .innerJoin('companies', 'companies.id', 'company_user.company_id')
        .select(['company_user.user_id', 'companies.id', 'companies.name'])
        .where('company_user.user_id', 'in', ids)
        .where('companies.deleted_at', 'is', null)
        .orderBy('companies.name')
        .execute()
    : [];
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    username: row.username,
    email: row.email,
    phone_number: row.phone_number,
    function: row.function,
    admin: row.admin,
    profile_image: fileUrl(request, row.profile_image),
    companies: companies
      .filter((company) => company.user_id === row.id)
      .map((company) => ({ id: company.id, name: company.name })),
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
    email_verified: row.email_verified_at !== null,
    email_verified_at: iso(row.email_verified_at),
  }));
}

const adminUserList = (request: FastifyRequest): ListSpec<'users', UserRow, AdminUser> => ({
  resource: 'users',
  sorts: USER_SORTS,
  defaultSort: '-created_at',
  tiebreaker: 'users.id',
  search: [...USER_SEARCH],
  filters: {
    admin: (eb, values) =>
      eb(
        'users.admin',
        'in',
        values.map((value) => toBoolean(value)),
      ),
    company: (eb, values) =>
      eb.exists(
        eb
          .selectFrom('company_user')
          .select('company_user.user_id')
          .whereRef('company_user.user_id', '=', 'users.id')
          .where('company_user.company_id', 'in', values.map(Number).filter(Number.isInteger).concat(0)),
      ),
  },
  fields: Object.keys(AdminUserSchema.properties) as Array<keyof AdminUser>,
  present: (rows) => present(request, rows),
});

/** Checks the account's fields; answers its checked profile image (one 422 naming every problem). */
async function checkAccount(
  request: FastifyRequest,
  session: Session,
  body: Submitted<AdminUserInput>,
  userId: number | null,
) {
  const [, , image] = await allValid([
    notEmptied(body, [...REQUIRED_ACCOUNT_FIELDS, 'admin']),
    checkAccountUnique(request.server.ctx.db, body, userId),
    submittedProfileImage(request.server.ctx, session, body),
  ] as const);
  return image;
}

export async function adminUserRoutes(server: FastifyInstance): Promise<void> {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const single = { 200: DataSchema(AdminUserSchema), 404: MessageSchema };

  app.get(
    '/admin/users',
    {
      preValidation: adminOnly,
      schema: {
        ...ADMIN,
        summary: 'Users across companies (sorts as /users; filters search, admin, company)',
        querystring: Type.Object(listQueryProperties),
        response: { 200: ListResponseSchema(PaginatedSchema(AdminUserSchema)) },
      },
    },
    (request) => listEndpoint(request, accounts(app.ctx.db), adminUserList(request), request.query),
  );

  app.get(
    '/admin/users/:id',
    {
      preValidation: adminOnly,
      schema: { ...ADMIN, summary: 'One user', params: IdParams, response: single },
    },
    async (request) => ({ data: (await present(request, [await find(app.ctx.db, request.params.id)]))[0] }),
  );

  app.post(
    '/admin/users',
    {
      preValidation: adminOnly,
      schema: {
        ...ADMIN,
        summary:
          "Creates an account in the administrator's current company (without a role), with an optional initial password",
        consumes: FORM_CONTENT_TYPES,
        body: AdminUserInputSchema,
        response: { 201: DataSchema(AdminUserSchema) },
      },
    },
    async (request, reply) => {
      const session = await authenticate(request);
      const { db } = app.ctx;
      const body = request.body as Submitted<AdminUserInput>;
      const image = await checkAccount(request, session, body, null);
      const password = body.password ? await hashPassword(body.password) : await unusablePassword();
      const next = await nextProfileImage(app.ctx, image, body);
      const id = await writeProfileImage(app.ctx, next, null, (picture) =>
        db.transaction().execute(async (trx) => {
          const userId = await insertAccount(trx, {
            name: body.name!,
            username: body.username!,
            email: body.email!,
            password_hash: password,
            admin: body.admin ?? false,
            phone_number: body.phone_number ?? null,
            function: body.function ?? null,
            ...picture,
          });
          await trx
            .insertInto('company_user')
            .values({ company_id: session.company.id, user_id: userId, role_id: null })
            .execute();
          return userId;
        }),
      );
      const [data] = await present(request, [await find(db, id)]);
      return reply.status(201).send({ data });
    },
  );

  app.patch(
    '/admin/users/:id',
    {
      preValidation: adminOnly,
      schema: {
        ...ADMIN,
        summary: 'Updates a user, with the admin flag (multipart: POST + _method=PATCH)',
        consumes: FORM_CONTENT_TYPES,
        params: IdParams,
        body: Type.Partial(Type.Omit(AdminUserInputSchema, ['password'])),
        response: single,
      },
    },
    async (request) => {
      const session = await authenticate(request);
      const { db } = app.ctx;
      const row = await find(db, request.params.id);
      const body = request.body as Submitted<AdminUserInput>;
      const image = await checkAccount(request, session, body, row.id);
      if (row.id === session.user.id && body.admin === false) {
        throw new HttpError(422, 'You cannot take away your own admin flag.');
      }
      const next = await nextProfileImage(app.ctx, image, body);
      await writeProfileImage(app.ctx, next, row.profile_image, (picture) =>
        db
          .updateTable('users')
          .set({
            ...accountColumns(body),
            ...(typeof body.admin === 'boolean' ? { admin: body.admin } : {}),
            ...picture,
            updated_at: new Date(),
          })
          .where('id', '=', row.id)
          .execute(),
      );
      const [data] = await present(request, [await find(db, row.id)]);
      if (typeof body.admin === 'boolean' && body.admin !== row.admin) {
        await publishPermissionsUpdated(request, session.company.id, [row.id]);
      }
      return { data };
    },
  );

  app.delete(
    '/admin/users/:id',
    {
      preValidation: adminOnly,
      schema: {
        ...ADMIN,
        summary: 'Removes a user from the companies they belong to (the account stays)',
        params: IdParams,
        response: { 200: DeletedSchema('user'), 404: MessageSchema },
      },
    },
    async (request) => {
      const session = await authenticate(request);
      const { db } = app.ctx;
      const row = await find(db, request.params.id);
      if (row.id === session.user.id) throw new HttpError(422, CANNOT_REMOVE_YOURSELF);
      const memberships = await db
        .selectFrom('company_user')
        .select('company_id')
        .where('user_id', '=', row.id)
        .execute();
      await db.transaction().execute(async (trx) => {
        for (const { company_id } of memberships) await removeMembership(trx, company_id, row.id);
      });
      for (const { company_id } of memberships)
        await publishPermissionsUpdated(request, company_id, [row.id]);
      return deletedResponse('user', row.name);
    },
  );
}
