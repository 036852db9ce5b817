/**
 * Planned maintenance (spec 2 Admin, §3): windows an administrator announces for the whole platform (name,
 * description, start and end), listed at /admin/maintenance and announced to signed-in users a day ahead. Kept
 * apart from the 503 maintenance switch (app_settings), which an administrator may turn on for a window.
 * Also indexes for the admin companies list (sorted by name, created and updated; searched by name and
 * subdomain).
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table planned_maintenance (
      id serial primary key,
      name text not null,
      description text,
      start_datetime timestamptz not null,
      end_datetime timestamptz not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check (end_datetime > start_datetime)
    );
    create index planned_maintenance_created on planned_maintenance (created_at desc, id desc);
    create index planned_maintenance_window on planned_maintenance (start_datetime, end_datetime);
    create index planned_maintenance_search_trgm on planned_maintenance
      using gin ((coalesce(name, '') || ' ' || coalesce(description, '')) gin_trgm_ops);

    create index companies_live_created on companies (created_at desc, id desc) where deleted_at is null;
    create index companies_live_name on companies (name, id) where deleted_at is null;
    create index companies_search_trgm on companies
      using gin ((coalesce(name, '') || ' ' || coalesce(sub_domain, '') || ' ' || coalesce(fqdn, '')) gin_trgm_ops);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index companies_search_trgm;
    drop index companies_live_name;
    drop index companies_live_created;
    drop table planned_maintenance;
  `.execute(db);
}
