/**
 * Exports of long lists as jobs (issue 46, server/api/list-exports.ts): who asked, on which host, for which list
 * (its endpoint and query) with which columns and format, how far the job is, and the stored file once written.
 * A user's exports go with the user and the company.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table list_exports (
      id serial primary key,
      company_id integer not null references companies(id) on delete cascade,
      user_id integer not null references users(id) on delete cascade,
      host varchar(255) not null,
      list varchar(255) not null,
      query text not null,
      columns jsonb not null,
      format varchar(8) not null,
      name varchar(255) not null,
      language varchar(8) not null,
      time_zone varchar(64) not null,
      status varchar(16) not null default 'QUEUED',
      rows_done integer not null default 0,
      rows_total integer not null default 0,
      file_key text,
      processing_attempt integer not null default 1,
      created_at timestamptz not null default now(),
      finished_at timestamptz
    );
    create index list_exports_user on list_exports (company_id, user_id, created_at desc);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table list_exports`.execute(db);
}
