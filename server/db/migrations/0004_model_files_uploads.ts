/**
 * Model files and their processing, resumable uploads, and the user picker's search:
 * - project_models gets the stored source file (`file_key` in the FileStorage, the client's `file_name`, `file_size`)
 *   and `processing_attempt`, raised each time the model is (re)queued, so a processor run that was overtaken
 *   (reprocessed, file replaced, deleted) recognises itself as stale and stops;
 * - model_uploads records who started each tus upload (the tus files live under STORAGE_DIR/uploads), so only its
 *   owner in its company can resume, finish, delete or use it;
 * - a trigram index on exactly the expression `GET /users` searches (listing.ts `searchExpression` of name, username
 *   and email; the core's users_search_trgm indexes the same columns without coalesce, which that search does not use).
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table project_models
      add column file_key text,
      add column file_name text,
      add column file_size bigint,
      add column processing_attempt integer not null default 0;
    create index project_models_unfinished on project_models (created_at, id)
      where deleted_at is null and status in ('QUEUED', 'PROCESSING');

    create table model_uploads (
      id text primary key,
      company_id integer not null references companies(id) on delete cascade,
      user_id integer not null references users(id) on delete cascade,
      file_name text not null,
      size bigint not null,
      created_at timestamptz not null default now()
    );
    create index model_uploads_created on model_uploads (created_at);

    create index users_list_search_trgm on users
      using gin ((coalesce(name, '') || ' ' || coalesce(username, '') || ' ' || coalesce(email, '')) gin_trgm_ops);
    create index labels_company_created on labels (company_id, created_at desc, id desc);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index labels_company_created;
    drop index users_list_search_trgm;
    drop table model_uploads;
    drop index project_models_unfinished;
    alter table project_models
      drop column processing_attempt,
      drop column file_size,
      drop column file_name,
      drop column file_key;
  `.execute(db);
}
