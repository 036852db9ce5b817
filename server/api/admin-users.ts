/**
 * Users across companies for platform administrators (spec 2 Admin, §7; issue 19's /admin/users), a platform
 * entity of the CRUD helper (`server/http/crud/`, `scope: 'platform'`, every route admin only): the list (search
 * name, username, email; sorts as the company's list; `filter[admin]`, `filter[company]`), one user, create (the
 * account joins the company the administrator works in, without a role), update with the admin flag (only here;
 * both take the profile image as a finished image upload, server/domain/profile-images.ts),
 * and delete, which removes the user from this company: the company of the host the administrator works on (the
 * request's tenant), as the confirmation 'Are you sure you want to remove this user from this company?' says. It
 * takes the membership with what belongs to it there (role, groups, licence seats, open invitation); the account
 * and its other memberships stay, nobody removes themselves, and a user who is no member of this company is a 422
 * (`in_current_company` tells the list which rows can be removed).
 */
import { ADMIN_USER_ABILITIES } from '../../shared/entities/user-values';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import {
  type AdminUser,
  AdminUserInputSchema,
  AdminUserSchema,
  type AdminUserInput,
} from '../../shared/entities/users';
import { authenticate } from '../auth/session';
import type { DB } from '../db/database';
import type { UsersTable } from '../db/schema';
import type { CrudContext, Submitted } from '../http/crud/declaration';
import { defineEntity } from '../http/crud/entity';
import { HttpError } from '../errors/http-errors';
import { iso } from '../http/schema-types';
import { allValid, notEmptied } from '../http/field-checks';
import { fileUrl } from '../http/stored-files';
import { nextProfileImage, submittedProfileImage, writeProfileImage } from '../domain/profile-images';
import {
  accountColumns,
  CANNOT_REMOVE_YOURSELF,
  checkAccountUnique,
  createAccountFromForm,
  REQUIRED_ACCOUNT_FIELDS,
  removeMembership,
  USER_SEARCH,
  USER_SORTS,
} from './users';
import { publishPermissionsUpdated } from '../domain/users-permissions';
import { adminFlag, NO_COMPANY_FIELDS, userCompanyFields } from '../auth/user-fields';

type UserRow = Selectable<UsersTable>;

const accounts = (db: DB) => db.selectFrom('users').selectAll('users').where('users.deleted_at', 'is', null);

export const NOT_A_MEMBER = 'This user is not a member of this company.';

async function present(request: FastifyRequest, rows: UserRow[], fields: Set<string>): Promise<AdminUser[]> {
  const { company: current } = await authenticate(request);
  const ids = rows.map((row) => row.id);
  // Project count and abilities in the company of the host asked.
  const companyFields = await userCompanyFields(request.server.ctx.db, current.id, ids, fields);
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
    admin: adminFlag(row.admin),
    profile_image: fileUrl(request, row.profile_image),
    ...(companyFields.get(row.id) ?? NO_COMPANY_FIELDS),
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

/** Checks the account's fields; answers its checked profile image (one 422 naming every problem). */
async function checkAccount(ctx: CrudContext, body: Submitted<AdminUserInput>, userId: number | null) {
  const [, , image] = await allValid([
    notEmptied(body, [...REQUIRED_ACCOUNT_FIELDS, 'admin']),
    checkAccountUnique(ctx.db, body, userId),
    submittedProfileImage(ctx.request.server.ctx, ctx.session, body),
  ] as const);
  return image;
}

export const adminUsers = defineEntity({
  collection: 'admin/users',
  tag: 'admin',
  model: 'User',
  entity: 'user',
  table: 'users',
  fileColumns: ['profile_image'],
  scope: 'platform',
  abilities: ADMIN_USER_ABILITIES,
  schemas: {
    input: AdminUserInputSchema,
    // The password is set only on create; afterwards the user changes their own.
    update: Type.Partial(Type.Omit(AdminUserInputSchema, ['password'])),
    item: AdminUserSchema,
  },
  rows: (db) => accounts(db),
  nameOf: (user) => user.name,
  list: () => ({
    sorts: USER_SORTS,
    defaultSort: '-created_at',
    search: [...USER_SEARCH],
    filters: {
      admin: { type: 'boolean', where: (eb, values) => eb('users.admin', 'in', values) },
      company: {
        type: 'integer',
        where: (eb, ids) =>
          eb.exists(
            eb
              .selectFrom('company_user')
              .select('company_user.user_id')
              .whereRef('company_user.user_id', '=', 'users.id')
              .where('company_user.company_id', 'in', ids),
          ),
      },
    },
  }),
  present: ({ request }, rows, fields) => present(request, rows, fields),
  /** The account, a member of the administrator's current company without a role. */
  async create(ctx, body) {
    const image = await checkAccount(ctx, body, null);
    const id = await createAccountFromForm(ctx, body, image, {
      roleId: null,
      admin: body.admin ?? false,
      password: body.password,
    });
    return { id };
  },
  /** The account's fields and the admin flag, which nobody takes from themselves. */
  async update(ctx, row, body) {
    const { db, session, request } = ctx;
    const image = await checkAccount(ctx, body, row.id);
    if (row.id === session.user.id && body.admin === false) {
      throw new HttpError(422, 'You cannot take away your own admin flag.');
    }
    const services = request.server.ctx;
    const next = await nextProfileImage(services, image, body);
    await writeProfileImage(services, next, row.profile_image, (picture) =>
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
    if (typeof body.admin === 'boolean' && body.admin !== row.admin) {
      return () => publishPermissionsUpdated(request, session.company.id, [row.id]);
    }
  },
  /** Removes the user from this company (the host's); runs in the delete's transaction. */
  async remove({ db, session, request }, row) {
    if (row.id === session.user.id) throw new HttpError(422, CANNOT_REMOVE_YOURSELF);
    const companyId = session.company.id;
    const membership = await db
      .selectFrom('company_user')
      .select('user_id')
      .where('company_id', '=', companyId)
      .where('user_id', '=', row.id)
      .executeTakeFirst();
    if (!membership) throw new HttpError(422, NOT_A_MEMBER);
    await removeMembership(db, companyId, row.id);
    return () => publishPermissionsUpdated(request, companyId, [row.id]);
  },
  summaries: {
    list: 'Users across companies (sorts as /users; filters search, admin, company)',
    show: 'One user',
    create:
      "Creates an account in the administrator's current company (without a role), with an optional initial password",
    update: 'Updates a user, with the admin flag (multipart: POST + _method=PATCH)',
    delete:
      "Removes a user from this company (the host's): membership, role, groups, licence seats; the account and its other memberships stay",
  },
});

export default async function adminUserRoutes(app: FastifyInstance): Promise<void> {
  await adminUsers.register(app);
}
