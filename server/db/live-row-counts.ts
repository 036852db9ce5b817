/** Reads the trigger-kept live-row counts (migration 0003): constant-time counts for the dashboard tiles. */
import type { DB } from './database';
import type { COUNTED_TABLES } from './migrations/0003_live_row_counts';

/** A table whose live rows the triggers count: one the migration put them on. */
export type CountedTable = (typeof COUNTED_TABLES)[number];

/** Live rows of the table in the company; `topLevelOnly` leaves out rows that have a parent. */
export async function liveRowCount(
  db: DB,
  companyId: number,
  table: CountedTable,
  topLevelOnly = false,
): Promise<number> {
  const row = await db
    .selectFrom('live_row_counts')
    .select(['total', 'top_level'])
    .where('company_id', '=', companyId)
    .where('table_name', '=', table)
    .executeTakeFirst();
  return Number((topLevelOnly ? row?.top_level : row?.total) ?? 0);
}
