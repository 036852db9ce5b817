/**
 * Share links (issue 46, server/api/share-links.entity.ts): a company's read-only links to one of its models, each
 * with a random token, an optional expiry and password, whether the original file may be downloaded, and how
 * often and when last it was opened; a revoked link keeps its row (its page says it was revoked). Roles that may
 * edit models may share them from now on.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table share_links (
      id serial primary key,
      company_id integer not null references companies(id) on delete cascade,
      token varchar(64) not null unique,
      record_type varchar(32) not null,
      record_id integer not null,
      created_by integer references users(id) on delete set null,
      expires_at timestamptz,
      password_hash text,
      allow_download boolean not null default false,
      views integer not null default 0,
      last_opened_at timestamptz,
      revoked_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index share_links_record on share_links (company_id, record_type, record_id);
    insert into role_abilities (role_id, ability)
      select role_id, 'share-project-models' from role_abilities where ability = 'update-project-models'
      on conflict do nothing;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table share_links;
    delete from role_abilities where ability = 'share-project-models';
  `.execute(db);
}
