/**
 * Which rows of a soft-deletable table a single-row call may address: live rows, and with `trashed` (a restore)
 * also those still in the recycling bin, i.e. deleted less than TRASH_RETENTION_DAYS ago.
 */
import { sql, type SqlBool } from 'kysely';
import { TRASH_RETENTION_DAYS } from '../db/retention';

export function addressable(deletedAt: string, trashed: boolean) {
  const column = sql.ref(deletedAt);
  return trashed
    ? sql<SqlBool>`(${column} is null or ${column} > now() - make_interval(days => ${TRASH_RETENTION_DAYS}))`
    : sql<SqlBool>`${column} is null`;
}
