/**
 * The company's users (spec 2 Security, §3, §5, §6, §7, §9): the list (search on name, username and email; sorts
 * name, username, email, created_at, updated_at, email_verified_at; `filter[admin]` defaults to false, so platform
 * administrators are left out unless asked for: `filter[admin]=true`, or `true,false` for everyone;
 * `filter[role]`), one user, create, update (role, groups and licence seats, server/domain/users-licences.ts;
 * the profile image as a finished image upload, server/domain/profile-images.ts) and delete, which removes the
 * user from the company (their account stays; nobody removes themselves). Changes to a member publish
 * `UserPermissionsUpdated` to them. The invitation is in invitations.ts.
 */
import { USER_ABILITIES, USER_IMPORT } from '../../shared/entities/user-values';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { type Selectable, sql } from 'kysely';
import type { LicenceKey } from '../../shared/platforms';
import { UserInputSchema, UserSchema, type UserInput } from '../../shared/entities/users';
import { hashPassword } from '../auth/passwords';
import { createAccount } from '../db/accounts';
import type { DB } from '../db/database';
import type { UsersTable } from '../db/schema';
import { contextOf } from '../http/crud/context';
import type { CrudContext, Submitted } from '../http/crud/declaration';
import { defineEntity } from '../http/crud/entity';
import { HttpError, type FieldErrors, ValidationError } from '../errors/http-errors';
import { listQueryProperties, type ListQueryInput } from '../http/list-query';
import { listEndpoint } from '../http/listing';
import { ListResponseSchema, PaginatedSchema } from '../http/responses';
import { iso } from '../http/schema-types';
import { Type } from '@sinclair/typebox';
import { allValid, companyRecordId, companyRecordIds, notEmptied } from '../http/field-checks';
import { fileUrl } from '../http/stored-files';
import { nextProfileImage, submittedProfileImage, writeProfileImage } from '../domain/profile-images';
import { assignLicences } from '../domain/users-licences';
import { publishPermissionsUpdated } from '../domain/users-permissions';
import { adminFlag, NO_COMPANY_FIELDS, userCompanyFields } from '../auth/user-fields';
import { inTransaction } from '../db/in-transaction';

export type MemberRow = Selectable<UsersTable> & { role_id: number | null; role_title: string | null };

export const CANNOT_REMOVE_YOURSELF = 'You cannot remove yourself from this company.';

/** An account password nobody knows: the user sets their own through 'Forgot password?'. */
export const unusablePassword = () => hashPassword(randomBytes(32).toString('base64url'));

/** 422 "The {field} has already been taken." for a username or email another account has (any case). */
export async function checkAccountUnique(
  db: DB,
  body: { username?: string | null; email?: string | null },
  exceptId: number | null,
): Promise<void> {
  const errors: FieldErrors = {};
  for (const field of ['username', 'email'] as const) {
    const value = body[field];
    if (!value) continue;
    const taken = await db
      .selectFrom('users')
      .select('id')
      .where(sql`lower(${sql.ref(`users.${field}`)})`, '=', value.toLowerCase())
      .$if(exceptId !== null, (query) => query.where('id', '<>', exceptId!))
      .executeTakeFirst();
    if (taken) errors[field] = [`The ${field} has already been taken.`];
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
}

/** The user's own columns of a create or an update (absent fields left out). */
export function accountColumns(
  body: Submitted<Pick<UserInput, 'name' | 'username' | 'email' | 'phone_number' | 'function'>>,
) {
  return {
    ...(body.name ? { name: body.name } : {}),
    ...(body.username ? { username: body.username } : {}),
    ...(body.email ? { email: body.email } : {}),
    ...('phone_number' in body ? { phone_number: body.phone_number ?? null } : {}),
    ...('function' in body ? { function: body.function ?? null } : {}),
  };
}

export const REQUIRED_ACCOUNT_FIELDS = ['name', 'username', 'email'];

/**
 * The account a create form asks for (`POST /users`, `POST /admin/users`), a member of the host's company: its
 * fields, the checked profile image, and a password (the given one, or one nobody knows); `also` writes what else
 * comes with it in the same transaction (groups, licences). Answers its id.
 */
export async function createAccountFromForm(
  { db, session, request }: CrudContext,
  body: Submitted<Pick<UserInput, 'name' | 'username' | 'email' | 'phone_number' | 'function'>> & {
    profile_image_upload_id?: string | null;
  },
  image: Parameters<typeof nextProfileImage>[1],
  options: {
    roleId: number | null;
    admin?: boolean;
    password?: string | null;
    also?: (trx: DB, userId: number) => Promise<void>;
  },
): Promise<number> {
  const password = options.password ? await hashPassword(options.password) : await unusablePassword();
  const services = request.server.ctx;
  const next = await nextProfileImage(services, image, body);
  return writeProfileImage(services, next, null, (picture) =>
    inTransaction(db, async (trx) => {
      const userId = await createAccount(
        trx,
        {
          name: body.name!,
          username: body.username!,
          email: body.email!,
          password_hash: password,
          ...(options.admin !== undefined ? { admin: options.admin } : {}),
          phone_number: body.phone_number ?? null,
          function: body.function ?? null,
          ...picture,
        },
        { companyId: session.company.id, roleId: options.roleId },
      );
      await options.also?.(trx, userId);
      return userId;
    }),
  );
}

/** The member's checked groups and profile image (one 422 naming every problem). */
async function checkMember(ctx: CrudContext, body: Submitted<UserInput>, userId: number | null) {
  const companyId = ctx.session.company.id;
  const [, , , groups, image] = await allValid([
    notEmptied(body, REQUIRED_ACCOUNT_FIELDS),
    checkAccountUnique(ctx.db, body, userId),
    companyRecordId(ctx.db, 'roles', companyId, body.role_id, 'role_id'),
    body.groups ? companyRecordIds(ctx.db, 'groups', companyId, body.groups) : Promise.resolve(undefined),
    submittedProfileImage(ctx.request.server.ctx, ctx.session, body),
  ] as const);
  return { groups, image };
}

/** Sets the member's groups in the company to `groups` (groups of other companies are left alone). */
async function saveGroups(trx: DB, companyId: number, userId: number, groups: number[] | undefined) {
  if (groups === undefined) return;
  await trx
    .deleteFrom('group_user')
    .where('user_id', '=', userId)
    .where('group_id', 'in', trx.selectFrom('groups').select('id').where('company_id', '=', companyId))
    .execute();
  if (groups.length) {
    await trx
      .insertInto('group_user')
      .values(groups.map((groupId) => ({ group_id: groupId, user_id: userId })))
      .execute();
  }
}

async function present({ db, request, session }: CrudContext, rows: MemberRow[], fields: Set<string>) {
  const ids = rows.map((row) => row.id);
  const companyId = session.company.id;
  const none = Promise.resolve([]);
  const [groups, licences, invited, companyFields] = await Promise.all([
    (fields.has('groups') || fields.has('group_count')) && ids.length
      ? db
          .selectFrom('group_user')
          .innerJoin('groups', 'groups.id', 'group_user.group_id')
          .select(['group_user.user_id', 'groups.id', 'groups.name'])
          .where('group_user.user_id', 'in', ids)
          .where('groups.company_id', '=', companyId)
          .where('groups.deleted_at', 'is', null)
          .orderBy('groups.name')
          .execute()
      : none,
    fields.has('licenses') && ids.length
      ? db
          .selectFrom('user_licences')
          .select(['user_id', 'licence'])
          .where('company_id', '=', companyId)
          .where('user_id', 'in', ids)
          .orderBy('licence')
          .execute()
      : none,
    fields.has('invitation_pending') && ids.length
      ? db
          .selectFrom('invitations')
          .select('user_id')
          .where('company_id', '=', companyId)
          .where('user_id', 'in', ids)
          .where('accepted_at', 'is', null)
          .execute()
      : none,
    userCompanyFields(db, companyId, ids, fields),
  ]);
  const pending = new Set(invited.map((invitation) => invitation.user_id));
  return rows.map((row) => {
    const own = groups.filter((group) => group.user_id === row.id);
    return {
      id: row.id,
      name: row.name,
      username: row.username,
      email: row.email,
      phone_number: row.phone_number,
      function: row.function,
      admin: adminFlag(row.admin),
      profile_image: fileUrl(request, row.profile_image),
      role:
        row.role_id !== null && row.role_title !== null ? { id: row.role_id, title: row.role_title } : null,
      role_id: row.role_id,
      groups: own.map((group) => ({ id: group.id, name: group.name })),
      group_count: own.length,
      licenses: licences.filter((licence) => licence.user_id === row.id).map((licence) => licence.licence),
      ...(companyFields.get(row.id) ?? NO_COMPANY_FIELDS),
      created_at: iso(row.created_at)!,
      updated_at: iso(row.updated_at)!,
      email_verified: row.email_verified_at !== null,
      email_verified_at: iso(row.email_verified_at),
      invitation_pending: pending.has(row.id),
    };
  });
}

/** Removes a user from a company: membership, licences (the seats come free), groups and open invitations. */
export async function removeMembership(trx: DB, companyId: number, userId: number): Promise<void> {
  await trx
    .deleteFrom('group_user')
    .where('user_id', '=', userId)
    .where('group_id', 'in', trx.selectFrom('groups').select('id').where('company_id', '=', companyId))
    .execute();
  await trx
    .deleteFrom('user_licences')
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .execute();
  await trx
    .deleteFrom('invitations')
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .execute();
  await trx
    .deleteFrom('company_user')
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .execute();
}

/** The sorts and search of a user list, the company's (`/users`) and the platform's (`/admin/users`) alike. */
export const USER_SORTS = {
  name: 'users.name',
  username: 'users.username',
  email: 'users.email',
  created_at: 'users.created_at',
  updated_at: 'users.updated_at',
  email_verified_at: 'users.email_verified_at',
} as const;
export const USER_SEARCH = ['users.name', 'users.username', 'users.email'] as const;

export const userEntity = defineEntity({
  collection: 'users',
  tag: 'users',
  model: 'User',
  entity: 'user',
  table: 'users',
  fileColumns: ['profile_image'],
  abilities: USER_ABILITIES,
  import: USER_IMPORT,
  schemas: { input: UserInputSchema, item: UserSchema },
  rows: (db, companyId) =>
    db
      .selectFrom('users')
      .innerJoin('company_user', (join) =>
        join.onRef('company_user.user_id', '=', 'users.id').on('company_user.company_id', '=', companyId),
      )
      .leftJoin('roles', (join) =>
        join.onRef('roles.id', '=', 'company_user.role_id').on('roles.deleted_at', 'is', null),
      )
      .selectAll('users')
      .select(['company_user.role_id', 'roles.title as role_title'])
      .where('users.deleted_at', 'is', null),
  nameOf: (user) => user.name,
  list: () => ({
    sorts: USER_SORTS,
    defaultSort: '-created_at',
    search: USER_SEARCH,
    filters: {
      admin: { type: 'boolean', where: (eb, values) => eb('users.admin', 'in', values) },
      role: { type: 'integer', where: (eb, ids) => eb('company_user.role_id', 'in', ids) },
    },
  }),
  present,
  async create(ctx, body) {
    const companyId = ctx.session.company.id;
    const { groups, image } = await checkMember(ctx, body, null);
    const id = await createAccountFromForm(ctx, body, image, {
      roleId: body.role_id ?? null,
      also: async (trx, userId) => {
        await saveGroups(trx, companyId, userId, groups);
        if (body.licenses) await assignLicences(trx, companyId, userId, body.licenses as LicenceKey[]);
      },
    });
    return { id, followup: () => publishPermissionsUpdated(ctx.request, companyId, [id]) };
  },
  async update(ctx, row, body) {
    const { db, session, request } = ctx;
    const companyId = session.company.id;
    const { groups, image } = await checkMember(ctx, body, row.id);
    const services = request.server.ctx;
    const next = await nextProfileImage(services, image, body);
    await writeProfileImage(services, next, row.profile_image, (picture) =>
      inTransaction(db, async (trx) => {
        await trx
          .updateTable('users')
          .set({ ...accountColumns(body), ...picture, updated_at: new Date() })
          .where('id', '=', row.id)
          .execute();
        if ('role_id' in body) {
          await trx
            .updateTable('company_user')
            .set({ role_id: body.role_id ?? null })
            .where('company_id', '=', companyId)
            .where('user_id', '=', row.id)
            .execute();
        }
        await saveGroups(trx, companyId, row.id, groups);
        if (body.licenses !== undefined) {
          await assignLicences(trx, companyId, row.id, (body.licenses ?? []) as LicenceKey[]);
        }
      }),
    );
    return () => publishPermissionsUpdated(request, companyId, [row.id]);
  },
  async remove({ db, session, request }, row) {
    if (row.id === session.user.id) throw new HttpError(422, CANNOT_REMOVE_YOURSELF);
    const companyId = session.company.id;
    await removeMembership(db, companyId, row.id);
    return () => publishPermissionsUpdated(request, companyId, [row.id]);
  },
  bulk: { actions: {}, edit: { fields: ['role_id'] } },
  summaries: {
    delete: 'Removes a user from the company (the account stays; nobody removes themselves)',
    bulk: "Sets several users' role (`values[role_id]`), each on its own",
  },
});

export default async function userRoutes(app: FastifyInstance): Promise<void> {
  await userEntity.register(app);
  app.get<{ Querystring: ListQueryInput }>(
    '/users',
    userEntity.route(
      'view-system-users',
      "The company's users (sorts name, username, email, created_at, updated_at, email_verified_at; filters search, admin (default false), role)",
      {
        querystring: Type.Object(listQueryProperties),
        response: { 200: ListResponseSchema(PaginatedSchema(UserSchema)) },
      },
    ),
    async (request) => {
      const ctx = await contextOf(request);
      const query = { ...request.query, filter: { admin: 'false', ...request.query.filter } };
      return listEndpoint(
        request,
        userEntity.rows(ctx.db, ctx.session.company.id),
        userEntity.listSpec(ctx),
        query,
      );
    },
  );
}
