/**
 * The company's users (spec 2 §3, §9): the list the project form's member picker reads, with the list conventions
 * (search on name, username and email; sorts name, username, email, created_at, updated_at, email_verified_at;
 * default -created_at). `filter[admin]` defaults to false (spec 2 §9), so platform administrators are left out
 * unless asked for (`filter[admin]=true`, or `true,false` for everyone). The security screens come with their own
 * issue and add their endpoints here.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import { can } from '../auth/guards';
import { authenticate } from '../auth/session';
import type { UsersTable } from '../db/schema';
import { listQueryProperties } from '../http/list-query';
import { type ListSpec, listEndpoint } from '../http/listing';
import { ListResponseSchema, PaginatedSchema } from '../http/responses';
import { DateTime, iso, Nullable, toBoolean } from '../http/schema-types';
import { fileUrl } from './files';

export const UserListItemSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  username: Type.String(),
  email: Type.String(),
  function: Nullable(Type.String()),
  profile_image: Nullable(Type.String()),
  role: Nullable(Type.Object({ id: Type.Integer(), title: Type.String() })),
  created_at: DateTime,
  updated_at: DateTime,
  email_verified_at: Nullable(DateTime),
});

type UserRow = Selectable<UsersTable> & { role_id: number | null; role_title: string | null };

function presentUser(request: FastifyRequest, row: UserRow) {
  return {
    id: row.id,
    name: row.name,
    username: row.username,
    email: row.email,
    function: row.function,
    profile_image: fileUrl(request, row.profile_image),
    role: row.role_id !== null && row.role_title !== null ? { id: row.role_id, title: row.role_title } : null,
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
    email_verified_at: iso(row.email_verified_at),
  };
}

type UserListItem = ReturnType<typeof presentUser>;

const userList = (
  request: FastifyRequest,
): ListSpec<'users' | 'company_user' | 'roles', UserRow, UserListItem> => ({
  resource: 'users',
  sorts: {
    name: 'users.name',
    username: 'users.username',
    email: 'users.email',
    created_at: 'users.created_at',
    updated_at: 'users.updated_at',
    email_verified_at: 'users.email_verified_at',
  },
  defaultSort: '-created_at',
  tiebreaker: 'users.id',
  search: ['users.name', 'users.username', 'users.email'],
  filters: {
    admin: (eb, values) =>
      eb(
        'users.admin',
        'in',
        values.map((value) => toBoolean(value)),
      ),
  },
  fields: Object.keys(UserListItemSchema.properties) as Array<keyof UserListItem>,
  present: async (rows) => rows.map((row) => presentUser(request, row)),
});

export async function userRoutes(server: FastifyInstance): Promise<void> {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/users',
    {
      preValidation: can('view-system-users'),
      schema: {
        tags: ['users'],
        summary:
          "The company's users (sorts name, username, email, created_at, updated_at, email_verified_at; filters search, admin (default false))",
        security: [{ bearer: [] }],
        querystring: Type.Object(listQueryProperties),
        response: { 200: ListResponseSchema(PaginatedSchema(UserListItemSchema)) },
      },
    },
    async (request) => {
      const { company } = await authenticate(request);
      const base = app.ctx.db
        .selectFrom('users')
        .innerJoin('company_user', 'company_user.user_id', 'users.id')
        .leftJoin('roles', (join) =>
          join.onRef('roles.id', '=', 'company_user.role_id').on('roles.deleted_at', 'is', null),
        )
        .selectAll('users')
        .select(['roles.id as role_id', 'roles.title as role_title'])
        .where('company_user.company_id', '=', company.id)
        .where('users.deleted_at', 'is', null);
      const query = { ...request.query, filter: { admin: 'false', ...request.query.filter } };
      return listEndpoint(request, base, userList(request), query);
    },
  );
}
