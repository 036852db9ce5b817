/**
 * Idempotent writes (issue 42, server/http/idempotency.ts): the first answer to each user's `Idempotency-Key`,
 * kept a day, so a write sent twice (a double click, a retry after a busy 503 or a lost answer) is applied once.
 * A row without a status is a write still under way.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table idempotency_keys (
      user_id integer not null references users(id) on delete cascade,
      key varchar(255) not null,
      fingerprint char(64) not null,
      status_code integer,
      content_type varchar(255),
      body text,
      created_at timestamptz not null default now(),
      primary key (user_id, key)
    );
    create index idempotency_keys_created_at on idempotency_keys (created_at);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table idempotency_keys`.execute(db);
}
