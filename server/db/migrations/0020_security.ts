/**
 * Security (issue 14): invitations into a company, the notification settings of roles, and the indexes of the
 * users, roles and groups lists (company scoping and the unique names the forms check).
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table invitations (
      id serial primary key,
      company_id integer not null references companies(id) on delete cascade,
      user_id integer not null references users(id) on delete cascade,
      role_id integer references roles(id) on delete set null,
      invited_by integer references users(id) on delete set null,
      token_hash text not null unique,
      created_at timestamptz not null default now(),
      accepted_at timestamptz
    );
    create index invitations_company_user on invitations (company_id, user_id);

    create table role_notification_settings (
      role_id integer not null references roles(id) on delete cascade,
      notification_type_id integer not null,
      email boolean not null default false,
      browser boolean not null default false,
      primary key (role_id, notification_type_id)
    );

    create index company_user_role on company_user (role_id);
    create index group_user_user on group_user (user_id);
    create index groups_role on groups (role_id);
    create index roles_company_title on roles (company_id, title) where deleted_at is null;
    create index groups_company_name on groups (company_id, name) where deleted_at is null;
    create index user_licences_company_licence on user_licences (company_id, licence);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index user_licences_company_licence;
    drop index groups_company_name;
    drop index roles_company_title;
    drop index groups_role;
    drop index group_user_user;
    drop index company_user_role;
    drop table role_notification_settings;
    drop table invitations;
  `.execute(db);
}
