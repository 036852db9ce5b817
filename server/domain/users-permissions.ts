/**
 * `UserPermissionsUpdated` on a user's private channel (issue 14): published after a role, a group or a
 * membership changed, so the signed-in portals of the affected users re-validate their session at once.
 */
import type { DB } from '../db/database';
import { type BroadcastSource, broadcast } from '../realtime/broadcast';
import { channels } from '../realtime/broadcaster';
import { PERMISSIONS_EVENT } from '../../shared/events';

/** Members of the company who hold the role directly or through one of the company's groups. */
export async function holdersOfRole(db: DB, companyId: number, roleId: number): Promise<number[]> {
  const direct = db
    .selectFrom('company_user')
    .select('user_id')
    .where('company_id', '=', companyId)
    .where('role_id', '=', roleId);
  const viaGroups = db
    .selectFrom('group_user')
    .innerJoin('groups', 'groups.id', 'group_user.group_id')
    .select('group_user.user_id')
    .where('groups.company_id', '=', companyId)
    .where('groups.role_id', '=', roleId);
  const rows = await direct.union(viaGroups).execute();
  return rows.map((row) => row.user_id);
}

export async function membersOfGroup(db: DB, groupId: number): Promise<number[]> {
  const rows = await db.selectFrom('group_user').select('user_id').where('group_id', '=', groupId).execute();
  return rows.map((row) => row.user_id);
}

/** Publishes the event to each user once (after the commit; a push failure never fails the request). */
export async function publishPermissionsUpdated(
  source: BroadcastSource,
  companyId: number,
  userIds: Iterable<number>,
): Promise<void> {
  const unique = [...new Set(userIds)];
  if (!unique.length) return;
  await broadcast(
    source,
    unique.map((userId) => channels.user(companyId, userId)),
    PERMISSIONS_EVENT,
    { company_id: companyId },
  );
}
