/**
 * Exact live-row counts per company, kept by triggers, so the dashboard's count calls answer in constant time
 * however many rows a tenant has. A row counts while its `deleted_at` is null; `top_level` counts those without
 * a parent (tables without parent_id: every live row). Triggers see every write path (API, seed, scripts), except
 * TRUNCATE. No foreign key: a company's hard delete cascades to its rows, whose triggers still run.
 */
import { type Kysely, sql } from 'kysely';

/** The tables whose live rows are counted (server/db/live-row-counts.ts reads them). */
export const COUNTED_TABLES = ['projects', 'project_models', 'libraries'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table live_row_counts (
      company_id integer not null,
      table_name text not null,
      total bigint not null default 0,
      top_level bigint not null default 0,
      primary key (company_id, table_name)
    );

    create function count_live_rows() returns trigger language plpgsql as $$
    declare
      old_row jsonb := case when tg_op in ('UPDATE', 'DELETE') then to_jsonb(old) end;
      new_row jsonb := case when tg_op in ('INSERT', 'UPDATE') then to_jsonb(new) end;
      change record;
    begin
      for change in
        select (row_value ->> 'company_id')::integer as company_id, step,
               case when row_value ->> 'parent_id' is null then step else 0 end as top_step
        from (values (old_row, -1), (new_row, 1)) as sides (row_value, step)
        where row_value is not null and row_value ->> 'deleted_at' is null
      loop
        insert into live_row_counts as counts (company_id, table_name, total, top_level)
        values (change.company_id, tg_table_name, change.step, change.top_step)
        on conflict (company_id, table_name)
        do update set total = counts.total + excluded.total, top_level = counts.top_level + excluded.top_level;
      end loop;
      return null;
    end
    $$;
  `.execute(db);
  for (const table of COUNTED_TABLES) {
    const hasParent = table !== 'project_models';
    const watched = hasParent ? sql`company_id, parent_id, deleted_at` : sql`company_id, deleted_at`;
    await sql`
      create trigger ${sql.id(`${table}_live_row_counts`)}
      after insert or update of ${watched} or delete on ${sql.table(table)}
      for each row execute function count_live_rows()
    `.execute(db);
    await sql`
      insert into live_row_counts (company_id, table_name, total, top_level)
      select company_id, ${table}, count(*), count(*) filter (where ${hasParent ? sql`parent_id is null` : sql`true`})
      from ${sql.table(table)} where deleted_at is null group by company_id
    `.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of COUNTED_TABLES) {
    await sql`drop trigger if exists ${sql.id(`${table}_live_row_counts`)} on ${sql.table(table)}`.execute(
      db,
    );
  }
  await sql`drop function if exists count_live_rows(); drop table if exists live_row_counts;`.execute(db);
}
