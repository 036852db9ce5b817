/**
 * State several server processes share through the database, and uploads of declared kinds:
 * - login_attempts: the login throttle's fixed-window counters (per identity, per client address), so every API
 *   process on one PostgreSQL counts the same attempts;
 * - model_uploads becomes uploads with the `kind` of each tus upload (server/uploads/upload-kinds.ts): 'model-file'
 *   for the uploads started before kinds existed.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table login_attempts (
      key text primary key,
      hits integer not null,
      reset_at timestamptz not null
    );
    create index login_attempts_reset on login_attempts (reset_at);

    alter table model_uploads rename to uploads;
    alter index model_uploads_created rename to uploads_created;
    alter table uploads add column kind text not null default 'model-file';
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table uploads drop column kind;
    alter index uploads_created rename to model_uploads_created;
    alter table uploads rename to model_uploads;
    drop table login_attempts;
  `.execute(db);
}
