/** Projects (with labels, members and favourites), project models with their geometry events, and libraries.
 * Lists filter by tenant and sort by created_at/updated_at/name, so each list has partial indexes on
 * (company_id, sort column, id) for live rows, and a trigram index on exactly the expression `filter[search]`
 * matches (server/http/listing.ts `searchExpression`). */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table labels (
      id serial primary key,
      company_id integer not null references companies(id) on delete cascade,
      name text not null,
      color text not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index labels_company_name on labels (company_id, name);
    create index labels_name_trgm on labels using gin (name gin_trgm_ops);

    create table projects (
      id serial primary key,
      company_id integer not null references companies(id) on delete cascade,
      parent_id integer references projects(id) on delete cascade,
      name text not null,
      description text,
      status text not null default 'active' check (status in ('active', 'inactive')),
      preview_image text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      deleted_at timestamptz
    );
    create index projects_live_created on projects (company_id, created_at desc, id desc) where deleted_at is null;
    create index projects_live_updated on projects (company_id, updated_at desc, id desc) where deleted_at is null;
    create index projects_live_name on projects (company_id, name, id) where deleted_at is null;
    create index projects_trashed on projects (company_id, deleted_at) where deleted_at is not null;
    create index projects_parent on projects (parent_id);
    create index projects_search_trgm on projects
      using gin ((coalesce(name, '') || ' ' || coalesce(description, '')) gin_trgm_ops);

    create table project_labels (
      project_id integer not null references projects(id) on delete cascade,
      label_id integer not null references labels(id) on delete cascade,
      primary key (project_id, label_id)
    );
    create index project_labels_label on project_labels (label_id);

    create table project_user (
      project_id integer not null references projects(id) on delete cascade,
      user_id integer not null references users(id) on delete cascade,
      primary key (project_id, user_id)
    );
    create index project_user_user on project_user (user_id);

    create table project_favorites (
      user_id integer not null references users(id) on delete cascade,
      project_id integer not null references projects(id) on delete cascade,
      created_at timestamptz not null default now(),
      primary key (user_id, project_id)
    );
    create index project_favorites_project on project_favorites (project_id);

    create table project_models (
      id serial primary key,
      company_id integer not null references companies(id) on delete cascade,
      project_id integer references projects(id) on delete cascade,
      name text not null,
      description text,
      status text not null default 'QUEUED'
        check (status in ('FINISHED', 'PROCESSING', 'QUEUED', 'UPLOADING', 'FAILED')),
      status_color text not null default '#1677ff',
      preview_image_url text,
      started_at timestamptz,
      finished_at timestamptz,
      uploader_id integer references users(id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      deleted_at timestamptz
    );
    create index project_models_live_created on project_models (company_id, created_at desc, id desc) where deleted_at is null;
    create index project_models_live_updated on project_models (company_id, updated_at desc, id desc) where deleted_at is null;
    create index project_models_trashed on project_models (company_id, deleted_at) where deleted_at is not null;
    create index project_models_project on project_models (project_id);
    create index project_models_name_trgm on project_models using gin (name gin_trgm_ops);

    create table model_geometry_events (
      id serial primary key,
      model_id integer not null references project_models(id) on delete cascade,
      message text not null,
      created_at timestamptz not null default now()
    );
    create index model_geometry_events_model on model_geometry_events (model_id, created_at desc, id desc);

    create table libraries (
      id serial primary key,
      company_id integer not null references companies(id) on delete cascade,
      parent_id integer references libraries(id) on delete cascade,
      name text not null,
      description text,
      status text not null default 'ACTIVE' check (status in ('ACTIVE', 'ARCHIVED')),
      preview_image text,
      model_id integer references project_models(id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      deleted_at timestamptz
    );
    create index libraries_live_parent on libraries (company_id, parent_id) where deleted_at is null;
    create index libraries_live_created on libraries (company_id, created_at desc, id desc) where deleted_at is null;
    create index libraries_live_updated on libraries (company_id, updated_at desc, id desc) where deleted_at is null;
    create index libraries_trashed on libraries (company_id, deleted_at) where deleted_at is not null;
    create index libraries_name_trgm on libraries using gin (name gin_trgm_ops);

    alter table companies
      add constraint companies_demo_model foreign key (demo_model_id) references project_models(id) on delete set null;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table companies drop constraint companies_demo_model;
    drop table libraries, model_geometry_events, project_models, project_favorites, project_user, project_labels,
      projects, labels cascade;
  `.execute(db);
}
