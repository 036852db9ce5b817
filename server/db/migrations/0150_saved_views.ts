/**
 * Saved views (issue 33): a user's named states of a list in a company. A name is unique among the user's views of
 * one list, and a user has at most one default per list (a partial unique index, so even two concurrent writes
 * cannot leave two).
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table saved_views (
      id serial primary key,
      company_id integer not null references companies(id) on delete cascade,
      user_id integer not null references users(id) on delete cascade,
      list varchar(100) not null,
      name varchar(100) not null,
      state jsonb not null,
      is_default boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create unique index saved_views_owner_list_name on saved_views (company_id, user_id, list, name);
    create unique index saved_views_owner_list_default on saved_views (company_id, user_id, list) where is_default;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table saved_views`.execute(db);
}
