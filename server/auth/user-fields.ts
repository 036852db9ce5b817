/**
 * The fields of spec 2 §3's User that come from more than the account's row, shared by the company's users
 * (`/users`) and the administrators' (`/admin/users`): `admin` as 0/1, `project_count` (the company's live
 * projects the user is a member of) and `abilities` (in the company: their role's and their groups' roles', the
 * rule the session applies). Both are read only when the answer carries them, one statement for a page, so a
 * list that drops them (`excluded_fields[]=users.abilities`, spec 2 §7) does not pay for them.
 */
import { type Expression, sql } from 'kysely';
import type { AdminFlag } from '../../shared/entities/users';
import type { DB } from '../db/database';

/** Spec 2 §3: a user's `admin` is 0 or 1. */
export const adminFlag = (admin: boolean): AdminFlag => (admin ? 1 : 0);

/**
 * The abilities a member holds in a company, sorted: their role's (`roleId`) and those of the roles of their
 * groups there. The session (server/auth/session.ts) and the user answers read them with this one rule.
 */
export function memberAbilities(
  roleId: Expression<number | null>,
  userId: Expression<number>,
  companyId: Expression<number> | number,
) {
  return sql<string[]>`array(
    select role_abilities.ability from role_abilities
      where role_abilities.role_id = ${roleId}
    union
    select role_abilities.ability from group_user
      join groups on groups.id = group_user.group_id
      join role_abilities on role_abilities.role_id = groups.role_id
      where group_user.user_id = ${userId} and groups.company_id = ${companyId} and groups.deleted_at is null
    order by 1
  )`;
}

export interface UserCompanyFields {
  project_count: number;
  abilities: string[];
}

/**
 * `project_count` and `abilities` in the company of the users `ids`, by user id, when `fields` holds either (else
 * an empty map and no statement). A user who is not a member has none of either.
 */
export async function userCompanyFields(
  db: DB,
  companyId: number,
  ids: number[],
  fields: Set<string>,
): Promise<Map<number, UserCompanyFields>> {
  if (!ids.length || !(fields.has('project_count') || fields.has('abilities'))) return new Map();
  const rows = await db
    .selectFrom('company_user')
    .select([
      'company_user.user_id',
      memberAbilities(sql.ref('company_user.role_id'), sql.ref('company_user.user_id'), companyId).as(
        'abilities',
      ),
      sql<number>`(select count(*) from project_user
        join projects on projects.id = project_user.project_id
        where project_user.user_id = company_user.user_id and projects.company_id = ${companyId}
          and projects.deleted_at is null)`.as('project_count'),
    ])
    .where('company_user.company_id', '=', companyId)
    .where('company_user.user_id', 'in', ids)
    .execute();
  return new Map(
    rows.map((row) => [row.user_id, { project_count: Number(row.project_count), abilities: row.abilities }]),
  );
}

export const NO_COMPANY_FIELDS: UserCompanyFields = { project_count: 0, abilities: [] };
