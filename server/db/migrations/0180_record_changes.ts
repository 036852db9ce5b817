/**
 * A record's field history (issue 46, server/db/record-changes.ts): each update of a declared entity's record
 * (its form, a bulk edit, an import) keeps who changed which of its fields from what to what, as the record's
 * answer shows them; the record's History lists them, newest first. A company's rows go with it; a platform
 * entity's (companies, planned maintenance) have no company.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table record_changes (
      id serial primary key,
      company_id integer references companies(id) on delete cascade,
      user_id integer references users(id) on delete set null,
      collection varchar(64) not null,
      record_id integer not null,
      changes jsonb not null,
      created_at timestamptz not null default now()
    );
    create index record_changes_record on record_changes (collection, record_id, created_at desc, id desc);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table record_changes`.execute(db);
}
