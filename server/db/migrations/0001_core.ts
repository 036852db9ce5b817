/** Core schema: companies (tenants) and their licences, users and memberships, roles, groups, tokens,
 * notifications, changelog items and application settings. */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table companies (
      id serial primary key,
      name text not null,
      sub_domain text not null unique,
      domain text,
      fqdn text,
      database text,
      logo text,
      background_image text,
      address text,
      postal_code text,
      country text,
      city text,
      phone_number text,
      website text,
      description text,
      primary_color text,
      primary_accent text,
      colors_is_default boolean not null default true,
      autodesk_integration text not null default 'no',
      demo_model_id integer,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      deleted_at timestamptz
    );
    create index companies_name_trgm on companies using gin (name gin_trgm_ops);

    create table company_licences (
      company_id integer not null references companies(id) on delete cascade,
      licence text not null,
      bought integer not null default 0,
      primary key (company_id, licence)
    );

    create table users (
      id serial primary key,
      name text not null,
      username text not null unique,
      email text not null unique,
      password_hash text not null,
      admin boolean not null default false,
      phone_number text,
      function text,
      profile_image text,
      email_verified_at timestamptz,
      autodesk_connected boolean not null default false,
      autodesk_scope_outdated boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      deleted_at timestamptz
    );
    create index users_search_trgm on users using gin ((name || ' ' || username || ' ' || email) gin_trgm_ops);

    create table roles (
      id serial primary key,
      company_id integer not null references companies(id) on delete cascade,
      title text not null,
      description text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      deleted_at timestamptz
    );
    create index roles_company on roles (company_id, created_at);

    create table role_abilities (
      role_id integer not null references roles(id) on delete cascade,
      ability text not null,
      primary key (role_id, ability)
    );

    create table company_user (
      company_id integer not null references companies(id) on delete cascade,
      user_id integer not null references users(id) on delete cascade,
      role_id integer references roles(id) on delete set null,
      created_at timestamptz not null default now(),
      primary key (company_id, user_id)
    );
    create index company_user_user on company_user (user_id);

    create table user_licences (
      company_id integer not null references companies(id) on delete cascade,
      user_id integer not null references users(id) on delete cascade,
      licence text not null,
      primary key (company_id, user_id, licence)
    );

    create table groups (
      id serial primary key,
      company_id integer not null references companies(id) on delete cascade,
      name text not null,
      description text,
      role_id integer references roles(id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      deleted_at timestamptz
    );
    create index groups_company on groups (company_id, created_at);

    create table group_user (
      group_id integer not null references groups(id) on delete cascade,
      user_id integer not null references users(id) on delete cascade,
      primary key (group_id, user_id)
    );

    create table access_tokens (
      id serial primary key,
      user_id integer not null references users(id) on delete cascade,
      company_id integer references companies(id) on delete cascade,
      token_hash text not null unique,
      expires_at timestamptz not null,
      last_used_at timestamptz,
      revoked_at timestamptz,
      created_at timestamptz not null default now()
    );
    create index access_tokens_user on access_tokens (user_id);

    create table notifications (
      id serial primary key,
      company_id integer not null references companies(id) on delete cascade,
      user_id integer not null references users(id) on delete cascade,
      title text not null,
      text text not null,
      read_at timestamptz,
      date timestamptz not null default now()
    );
    create index notifications_user on notifications (company_id, user_id, date desc);

    create table changelog_items (
      id serial primary key,
      type text not null,
      description text not null,
      screenshot text,
      date_on_development timestamptz,
      date_on_test timestamptz,
      date_on_acceptance timestamptz,
      date_on_production timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );

    create table app_settings (
      key text primary key,
      value jsonb not null
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table app_settings, changelog_items, notifications, access_tokens, group_user, groups, user_licences,
      company_user, role_abilities, roles, users, company_licences, companies cascade;
  `.execute(db);
}
