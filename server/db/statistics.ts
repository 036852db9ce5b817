/**
 * Table statistics for the query planner. Without them it guesses row counts and picks plans for empty tables: the
 * load benchmark's database served 30 % fewer requests per second before its first ANALYZE. PostgreSQL's
 * autovacuum gathers them once a table has changed enough, but not before the first requests of a freshly seeded
 * database; the embedded database has no autovacuum at all. So the server analyzes the tables nobody analyzed yet
 * when it starts, and on the embedded database every table again each hour.
 */
import { sql } from 'kysely';
import type { DB } from './database';

const HOUR_MS = 60 * 60 * 1000;

/** ANALYZE the tables of the current schema: all of them, or those never analyzed. Returns how many. */
export async function analyzeTables(db: DB, which: 'all' | 'never-analyzed'): Promise<number> {
  const tables = await sql<{ name: string }>`
    select relname as name from pg_stat_user_tables
    where schemaname = current_schema()
      and (${which === 'all'} or (last_analyze is null and last_autoanalyze is null))
    order by relname
  `.execute(db);
  for (const { name } of tables.rows) await sql`analyze ${sql.id(name)}`.execute(db);
  return tables.rows.length;
}

/** Analyzes every table each hour (the embedded database, which has no autovacuum); returns the stop function. */
export function scheduleAnalyze(db: DB, onError: (error: unknown) => void): () => void {
  const timer = setInterval(() => analyzeTables(db, 'all').catch(onError), HOUR_MS);
  timer.unref();
  return () => clearInterval(timer);
}
