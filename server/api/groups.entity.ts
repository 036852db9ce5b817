/**
 * Groups (spec 2 Security, §3, §7): users who receive the abilities of the group's role (the session derives them
 * through `groups.role_id`, server/auth/session.ts). Changing a group's role or members, or deleting it, publishes
 * `UserPermissionsUpdated` to the users whose abilities may have changed.
 */
import { GROUP_ABILITIES } from '../../shared/entities/group-values';
import type { Selectable } from 'kysely';
import { GroupInputSchema, GroupSchema, type GroupInput } from '../../shared/entities/groups';
import type { DB } from '../db/database';
import type { GroupsTable } from '../db/schema';
import type { CrudContext, Submitted } from '../http/crud/declaration';
import { defineEntity } from '../http/crud/entity';
import { checkUnique } from '../http/crud/writes';
import { iso } from '../http/schema-types';
import { allValid, companyMemberIds, companyRecordId, notEmptied } from '../http/field-checks';
import { fileUrl } from '../http/stored-files';
import { membersOfGroup, publishPermissionsUpdated } from '../domain/users-permissions';
import { inTransaction } from '../db/in-transaction';

type GroupRow = Selectable<GroupsTable> & { role_title: string | null };

async function checkGroup(db: DB, companyId: number, body: Submitted<GroupInput>, groupId: number | null) {
  const [, , , users] = await allValid([
    notEmptied(body, ['name']),
    checkUnique(db, 'groups', companyId, ['name'], body, groupId, true),
    companyRecordId(db, 'roles', companyId, body.role_id, 'role_id'),
    body.users ? companyMemberIds(db, companyId, body.users) : Promise.resolve(undefined),
  ] as const);
  return users;
}

async function saveMembers(trx: DB, groupId: number, users: number[] | undefined) {
  if (users === undefined) return;
  await trx.deleteFrom('group_user').where('group_id', '=', groupId).execute();
  if (users.length) {
    await trx
      .insertInto('group_user')
      .values(users.map((userId) => ({ group_id: groupId, user_id: userId })))
      .execute();
  }
}

async function present({ db, request }: CrudContext, rows: GroupRow[], fields: Set<string>) {
  const ids = rows.map((row) => row.id);
  const members =
    (fields.has('users') || fields.has('users_count')) && ids.length
      ? await db
          .selectFrom('group_user')
          .innerJoin('users', 'users.id', 'group_user.user_id')
          .select(['group_user.group_id', 'users.id', 'users.name', 'users.email', 'users.profile_image'])
          .where('group_user.group_id', 'in', ids)
          .where('users.deleted_at', 'is', null)
          .orderBy('users.name')
          .execute()
      : [];
  return rows.map((row) => {
    const own = members.filter((member) => member.group_id === row.id);
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      role:
        row.role_id !== null && row.role_title !== null ? { id: row.role_id, title: row.role_title } : null,
      role_id: row.role_id,
      users: own.map((member) => ({
        id: member.id,
        name: member.name,
        email: member.email,
        profile_image: fileUrl(request, member.profile_image),
      })),
      users_count: own.length,
      created_at: iso(row.created_at)!,
      updated_at: iso(row.updated_at)!,
    };
  });
}

export default defineEntity({
  collection: 'groups',
  tag: 'groups',
  model: 'Group',
  entity: 'group',
  table: 'groups',
  abilities: GROUP_ABILITIES,
  schemas: { input: GroupInputSchema, item: GroupSchema },
  unique: ['name'],
  rows: (db, companyId) =>
    db
      .selectFrom('groups')
      .leftJoin('roles', 'roles.id', 'groups.role_id')
      .selectAll('groups')
      .select('roles.title as role_title')
      .where('groups.company_id', '=', companyId)
      .where('groups.deleted_at', 'is', null),
  nameOf: (group) => group.name,
  list: () => ({
    sorts: { name: 'groups.name', created_at: 'groups.created_at', updated_at: 'groups.updated_at' },
    defaultSort: '-created_at',
    search: ['groups.name'],
    filters: {
      role: { type: 'integer', where: (eb, ids) => eb('groups.role_id', 'in', ids) },
    },
  }),
  present,
  async create({ db, session, request }, body) {
    const companyId = session.company.id;
    const users = await checkGroup(db, companyId, body, null);
    const id = await inTransaction(db, async (trx) => {
      const group = await trx
        .insertInto('groups')
        .values({
          company_id: companyId,
          name: body.name!,
          description: body.description ?? null,
          role_id: body.role_id ?? null,
          deleted_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await saveMembers(trx, group.id, users);
      return group.id;
    });
    return { id, followup: () => publishPermissionsUpdated(request, companyId, users ?? []) };
  },
  async update({ db, session, request }, row, body) {
    const companyId = session.company.id;
    const users = await checkGroup(db, companyId, body, row.id);
    const before = await membersOfGroup(db, row.id);
    await inTransaction(db, async (trx) => {
      await trx
        .updateTable('groups')
        .set({
          ...(body.name ? { name: body.name } : {}),
          ...('description' in body ? { description: body.description ?? null } : {}),
          ...('role_id' in body ? { role_id: body.role_id ?? null } : {}),
          updated_at: new Date(),
        })
        .where('id', '=', row.id)
        .execute();
      await saveMembers(trx, row.id, users);
    });
    return () => publishPermissionsUpdated(request, companyId, [...before, ...(users ?? [])]);
  },
  async remove({ db, session, request }, row) {
    const companyId = session.company.id;
    const members = await membersOfGroup(db, row.id);
    await db.deleteFrom('groups').where('id', '=', row.id).where('company_id', '=', companyId).execute();
    return () => publishPermissionsUpdated(request, companyId, members);
  },
});
