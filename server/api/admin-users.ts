/**
 * Users across companies for platform administrators (spec 2 Admin, §7; issue 19's /admin/users): the list (search
 * name, username, email; sorts as the company's list; `filter[admin]`, `filter[company]`), one user, create (the
 * account joins the company the administrator works in, without a role), update with the admin flag (only here),
 * and delete, which removes the user from this company: the company of the host the administrator works on (the
 * request's tenant), as the confirmation 'Are you sure you want to remove this user from this company?' says. It
 * takes the membership with what belongs to it there (role, groups, licence seats, open invitation); the account
 * and its other memberships stay, nobody removes themselves, and a user who is no member of this company is a 422
 * (`in_current_company` tells the list which rows can be removed). Admin only.
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
import { authenticate } from '../auth/session';
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

export const NOT_A_MEMBER = 'This user is not a member of this company.';

async function present(request: FastifyRequest, rows: UserRow[]): Promise<AdminUser[]> {
  const { company: current } = await authenticate(request);
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
  const members = new Set(
    companies.filter((company) => company.id === current.id).map((company) => company.user_id),
  );
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
    in_current_company: members.has(row.id),
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

async function checkAccount(db: DB, body: Submitted<AdminUserInput>, userId: number | null) {
  await allValid([
    notEmptied(body, [...REQUIRED_ACCOUNT_FIELDS, 'admin']),
    checkAccountUnique(db, body, userId),
  ]);
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
      const { company } = await authenticate(request);
      const { db } = app.ctx;
      const body = request.body as Submitted<AdminUserInput>;
      await checkAccount(db, body, null);
      const password = body.password ? await hashPassword(body.password) : await unusablePassword();
      const id = await db.transaction().execute(async (trx) => {
        const userId = await insertAccount(trx, {
          name: body.name!,
          username: body.username!,
          email: body.email!,
          password_hash: password,
          admin: body.admin ?? false,
          phone_number: body.phone_number ?? null,
          function: body.function ?? null,
        });
        await trx
          .insertInto('company_user')
          .values({ company_id: company.id, user_id: userId, role_id: null })
          .execute();
        return userId;
      });
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
      await checkAccount(db, body, row.id);
      if (row.id === session.user.id && body.admin === false) {
        throw new HttpError(422, 'You cannot take away your own admin flag.');
      }
      await db
        .updateTable('users')
        .set({
          ...accountColumns(body),
          ...(typeof body.admin === 'boolean' ? { admin: body.admin } : {}),
          updated_at: new Date(),
        })
        .where('id', '=', row.id)
        .execute();
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
        summary:
          "Removes a user from this company (the host's): membership, role, groups, licence seats; the account and its other memberships stay",
        params: IdParams,
        response: { 200: DeletedSchema('user'), 404: MessageSchema },
      },
    },
    async (request) => {
      const session = await authenticate(request);
      const { db } = app.ctx;
      const row = await find(db, request.params.id);
      if (row.id === session.user.id) throw new HttpError(422, CANNOT_REMOVE_YOURSELF);
      const companyId = session.company.id;
      const removed = await db.transaction().execute(async (trx) => {
        const membership = await trx
          .selectFrom('company_user')
          .select('user_id')
          .where('company_id', '=', companyId)
          .where('user_id', '=', row.id)
          .executeTakeFirst();
        if (!membership) return false;
        await removeMembership(trx, companyId, row.id);
        return true;
      });
      if (!removed) throw new HttpError(422, NOT_A_MEMBER);
      await publishPermissionsUpdated(request, companyId, [row.id]);
      return deletedResponse('user', row.name);
    },
  );
}
