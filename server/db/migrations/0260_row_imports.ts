/**
 * Jobs that check or import a large file's rows (issue 46, server/db/row-imports.ts): a file of more than 1,000
 * rows is checked and imported by the processing queue, still every row or none.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table row_imports (
      id serial primary key,
      company_id integer not null references companies(id) on delete cascade,
      user_id integer not null references users(id) on delete cascade,
      host varchar(255) not null,
      collection varchar(255) not null,
      write boolean not null,
      rows jsonb not null,
      language varchar(8) not null,
      status varchar(16) not null default 'QUEUED',
      rows_done integer not null default 0,
      rows_total integer not null,
      outcome jsonb,
      processing_attempt integer not null default 1,
      created_at timestamptz not null default now(),
      finished_at timestamptz
    );
    create index row_imports_user on row_imports (company_id, user_id, created_at desc);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table row_imports`.execute(db);
}
