/**
 * My account and company profile (issue 18):
 * - user_activities: what a user did in a company (sign-ins, creates, updates, deletes), newest first;
 * - notification_types: the kinds of notification a user can receive, by category (reference data);
 * - user_notification_settings: per user, company and type, whether it arrives by email and in the portal
 *   (a missing row means both on);
 * - password_reset_tokens: the one-time tokens of 'Forgot password?' (stored hashed, with an expiry);
 * - autodesk_oauth_states: an Autodesk connection under way (the state and code of the OAuth round trip).
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table user_activities (
      id serial primary key,
      company_id integer not null references companies(id) on delete cascade,
      user_id integer not null references users(id) on delete cascade,
      action text not null,
      subject text,
      created_at timestamptz not null default now()
    );
    create index user_activities_user on user_activities (company_id, user_id, created_at desc, id desc);

    create table notification_types (
      id serial primary key,
      key text not null unique,
      category text not null,
      title text not null,
      position integer not null
    );
    insert into notification_types (key, category, title, position) values
      ('project_created', 'projects', 'A project was created', 1),
      ('project_shared', 'projects', 'You were added to a project', 2),
      ('project_deleted', 'projects', 'A project was deleted', 3),
      ('model_processed', 'models', 'A model finished processing', 4),
      ('model_failed', 'models', 'A model failed to process', 5),
      ('library_item_processed', 'libraries', 'A library item finished processing', 6),
      ('password_reset', 'account', 'Password reset requested', 7),
      ('password_changed', 'account', 'Your password was changed', 8);

    create table user_notification_settings (
      company_id integer not null references companies(id) on delete cascade,
      user_id integer not null references users(id) on delete cascade,
      notification_type_id integer not null references notification_types(id) on delete cascade,
      email boolean not null default true,
      browser boolean not null default true,
      primary key (company_id, user_id, notification_type_id)
    );

    create table password_reset_tokens (
      id serial primary key,
      user_id integer not null references users(id) on delete cascade,
      token_hash text not null unique,
      expires_at timestamptz not null,
      used_at timestamptz,
      created_at timestamptz not null default now()
    );
    create index password_reset_tokens_user on password_reset_tokens (user_id);

    create table autodesk_oauth_states (
      state_hash text primary key,
      user_id integer not null references users(id) on delete cascade,
      company_id integer not null references companies(id) on delete cascade,
      redirect_url text not null,
      code text,
      expires_at timestamptz not null,
      created_at timestamptz not null default now()
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table autodesk_oauth_states, password_reset_tokens, user_notification_settings, notification_types,
      user_activities;
  `.execute(db);
}
