/**
 * The security part of ../shared/demo-fixture.md: the accounts seed brings the roles Manager, Viewer and a third
 * (Designer); this adds two groups per company (with members only in acme) and the roles' notification settings.
 */
import { CONFIGURABLE_NOTIFICATION_TYPES } from '../../../shared/notification-types';
import type { DB } from '../../db/database';
import { defineSeedArea } from '../seed-area';

interface GroupSeed {
  name: string;
  description: string;
  role: string;
  members: string[];
}

const GROUPS: GroupSeed[] = [
  {
    name: 'Sales team',
    description: 'Shows projects to clients',
    role: 'Viewer',
    members: ['bob'],
  },
  {
    name: 'Design studio',
    description: 'Prepares projects, models and materials',
    role: 'Designer',
    members: ['alice'],
  },
];

/** Managers get every notification by email and in the browser; the other roles only in the browser. */
const settingsOf = (role: string) =>
  CONFIGURABLE_NOTIFICATION_TYPES.map((type) => ({
    notification_type_id: type.id,
    email: role === 'Manager',
    browser: true,
  }));

export async function seedSecurity(db: DB): Promise<void> {
  const companies = await db.selectFrom('companies').select(['id', 'sub_domain']).execute();
  for (const company of companies) {
    const roles = await db
      .selectFrom('roles')
      .select(['id', 'title'])
      .where('company_id', '=', company.id)
      .execute();
    for (const role of roles) {
      await db
        .insertInto('role_notification_settings')
        .values(settingsOf(role.title).map((setting) => ({ role_id: role.id, ...setting })))
        .execute();
    }
    for (const group of GROUPS) {
      const { id } = await db
        .insertInto('groups')
        .values({
          company_id: company.id,
          name: group.name,
          description: group.description,
          role_id: roles.find((role) => role.title === group.role)?.id ?? null,
          deleted_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const members = await db
        .selectFrom('users')
        .innerJoin('company_user', 'company_user.user_id', 'users.id')
        .select('users.id')
        .where('company_user.company_id', '=', company.id)
        .where('users.username', 'in', group.members)
        .execute();
      if (members.length) {
        await db
          .insertInto('group_user')
          .values(members.map((member) => ({ group_id: id, user_id: member.id })))
          .execute();
      }
    }
  }
}

export default defineSeedArea({ order: 60, run: seedSecurity });
