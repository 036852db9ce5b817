/**
 * Roles (spec 2 Security, §3, §6, §7): the company's roles with their abilities and notification settings per
 * type. Abilities are read per request (server/auth/session.ts), so a change applies to the role's users on their
 * next call; `UserPermissionsUpdated` tells their portals to re-validate at once. A deleted role leaves its users
 * and groups without it (`on delete set null`).
 */
import { ROLE_ABILITIES } from '../../shared/entities/role-values';
import type { Selectable } from 'kysely';
import { CONFIGURABLE_NOTIFICATION_TYPES } from '../../shared/notification-types';
import { RoleInputSchema, RoleSchema, type RoleInput } from '../../shared/entities/roles';
import type { DB } from '../db/database';
import type { RolesTable } from '../db/schema';
import type { CrudContext, Submitted } from '../http/crud/declaration';
import { defineEntity } from '../http/crud/entity';
import { checkUnique } from '../http/crud/writes';
import { ValidationError } from '../errors/http-errors';
import { iso } from '../http/schema-types';
import { allValid, notEmptied } from '../http/field-checks';
import { holdersOfRole, publishPermissionsUpdated } from '../domain/users-permissions';
import { inTransaction } from '../db/in-transaction';

type RoleRow = Selectable<RolesTable>;

const KNOWN_TYPES = new Set<number>(CONFIGURABLE_NOTIFICATION_TYPES.map((type) => type.id));

async function checkRole(db: DB, companyId: number, body: Submitted<RoleInput>, roleId: number | null) {
  const settings = body.notification_settings ?? [];
  const unknownType = settings.findIndex((setting) => !KNOWN_TYPES.has(setting.notification_type_id));
  await allValid([
    notEmptied(body, ['title']),
    checkUnique(db, 'roles', companyId, ['title'], body, roleId, true),
    unknownType >= 0
      ? Promise.reject(
          new ValidationError({
            [`notification_settings.${unknownType}.notification_type_id`]: [
              'The selected notification type is invalid.',
            ],
          }),
        )
      : Promise.resolve(),
  ]);
}

/** Replaces the role's abilities and notification settings with the submitted ones (those sent). */
async function saveRelations(trx: DB, roleId: number, body: Submitted<RoleInput>) {
  if (body.abilities !== undefined) {
    await trx.deleteFrom('role_abilities').where('role_id', '=', roleId).execute();
    const abilities = [...new Set(body.abilities ?? [])];
    if (abilities.length) {
      await trx
        .insertInto('role_abilities')
        .values(abilities.map((ability) => ({ role_id: roleId, ability })))
        .execute();
    }
  }
  if (body.notification_settings !== undefined) {
    await trx.deleteFrom('role_notification_settings').where('role_id', '=', roleId).execute();
    const byType = new Map((body.notification_settings ?? []).map((s) => [s.notification_type_id, s]));
    if (byType.size) {
      await trx
        .insertInto('role_notification_settings')
        .values(
          [...byType.values()].map((setting) => ({
            role_id: roleId,
            notification_type_id: setting.notification_type_id,
            email: setting.email,
            browser: setting.browser,
          })),
        )
        .execute();
    }
  }
}

async function present({ db }: CrudContext, rows: RoleRow[], fields: Set<string>) {
  const ids = rows.map((row) => row.id);
  const none = Promise.resolve([]);
  const [abilities, settings, counts] = await Promise.all([
    fields.has('abilities') && ids.length
      ? db
          .selectFrom('role_abilities')
          .select(['role_id', 'ability'])
          .where('role_id', 'in', ids)
          .orderBy('ability')
          .execute()
      : none,
    fields.has('notification_settings') && ids.length
      ? db.selectFrom('role_notification_settings').selectAll().where('role_id', 'in', ids).execute()
      : none,
    fields.has('users_count') && ids.length
      ? db
          .selectFrom('company_user')
          .select(['role_id', (eb) => eb.fn.countAll<number>().as('count')])
          .where('role_id', 'in', ids)
          .groupBy('role_id')
          .execute()
      : none,
  ]);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    description: row.description,
    abilities: abilities.filter((item) => item.role_id === row.id).map((item) => item.ability),
    // Every type of the catalogue is listed; one the role has no setting for is on
    // (server/realtime/notifications-delivery.ts).
    notification_settings: CONFIGURABLE_NOTIFICATION_TYPES.map((type) => {
      const own = settings.find((item) => item.role_id === row.id && item.notification_type_id === type.id);
      return {
        notification_type_id: type.id,
        notification_type_title: type.title,
        category: type.category,
        email: own?.email ?? true,
        browser: own?.browser ?? true,
      };
    }),
    users_count: Number(counts.find((item) => item.role_id === row.id)?.count ?? 0),
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
  }));
}

export default defineEntity({
  collection: 'roles',
  tag: 'roles',
  model: 'Role',
  entity: 'role',
  table: 'roles',
  abilities: ROLE_ABILITIES,
  schemas: { input: RoleInputSchema, item: RoleSchema },
  unique: ['title'],
  answerNameKey: 'role_title',
  rows: (db, companyId) =>
    db
      .selectFrom('roles')
      .selectAll('roles')
      .where('roles.company_id', '=', companyId)
      .where('roles.deleted_at', 'is', null),
  nameOf: (role) => role.title,
  list: () => ({
    sorts: { title: 'roles.title', created_at: 'roles.created_at', updated_at: 'roles.updated_at' },
    defaultSort: '-created_at',
    search: ['roles.title'],
  }),
  present,
  async create({ db, session }, body) {
    const companyId = session.company.id;
    await checkRole(db, companyId, body, null);
    const id = await inTransaction(db, async (trx) => {
      const role = await trx
        .insertInto('roles')
        .values({
          company_id: companyId,
          title: body.title!,
          description: body.description ?? null,
          deleted_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await saveRelations(trx, role.id, body);
      return role.id;
    });
    return { id };
  },
  async update({ db, session, request }, row, body) {
    const companyId = session.company.id;
    await checkRole(db, companyId, body, row.id);
    await inTransaction(db, async (trx) => {
      await trx
        .updateTable('roles')
        .set({
          ...(body.title ? { title: body.title } : {}),
          ...('description' in body ? { description: body.description ?? null } : {}),
          updated_at: new Date(),
        })
        .where('id', '=', row.id)
        .execute();
      await saveRelations(trx, row.id, body);
    });
    if (body.abilities === undefined) return;
    const holders = await holdersOfRole(db, companyId, row.id);
    return () => publishPermissionsUpdated(request, companyId, holders);
  },
  async remove({ db, session, request }, row) {
    const companyId = session.company.id;
    const holders = await holdersOfRole(db, companyId, row.id);
    await db.deleteFrom('roles').where('id', '=', row.id).where('company_id', '=', companyId).execute();
    return () => publishPermissionsUpdated(request, companyId, holders);
  },
});
