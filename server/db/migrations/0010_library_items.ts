/**
 * Library items (spec 2 §3, §4): an item is processed after upload like a model (status with its colour, start
 * and finish, a stored file, processing attempts, geometry events) and sits in any number of libraries
 * (`library_item_libraries`); an item connected to a model is not deletable. Archiving keeps the status it had
 * (`status_before_archive`) so activating brings it back. Libraries carry labels (`library_labels`).
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table library_items (
      id serial primary key,
      company_id integer not null references companies(id) on delete cascade,
      name text not null,
      description text,
      status text not null default 'QUEUED'
        check (status in ('FINISHED', 'PROCESSING', 'QUEUED', 'UPLOADING', 'FAILED', 'CANCELLED', 'ARCHIVED')),
      status_color text not null default '#8c8c8c',
      status_before_archive text,
      preview_image_url text,
      file_key text,
      file_name text,
      file_size bigint,
      uploader_id integer references users(id) on delete set null,
      model_id integer references project_models(id) on delete set null,
      processing_attempt integer not null default 0,
      started_at timestamptz,
      finished_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      deleted_at timestamptz
    );
    create index library_items_live_updated on library_items (company_id, updated_at desc, id desc)
      where deleted_at is null;
    create index library_items_live_created on library_items (company_id, created_at desc, id desc)
      where deleted_at is null;
    create index library_items_trashed on library_items (company_id, deleted_at) where deleted_at is not null;
    create index library_items_name_trgm on library_items using gin (name gin_trgm_ops);

    create table library_item_libraries (
      item_id integer not null references library_items(id) on delete cascade,
      library_id integer not null references libraries(id) on delete cascade,
      primary key (item_id, library_id)
    );
    create index library_item_libraries_library on library_item_libraries (library_id, item_id);

    create table library_item_geometry_events (
      id serial primary key,
      item_id integer not null references library_items(id) on delete cascade,
      message text not null,
      created_at timestamptz not null default now()
    );
    create index library_item_geometry_events_item on library_item_geometry_events (item_id, created_at desc, id desc);

    create table library_labels (
      library_id integer not null references libraries(id) on delete cascade,
      label_id integer not null references labels(id) on delete cascade,
      primary key (library_id, label_id)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table library_labels, library_item_geometry_events, library_item_libraries, library_items cascade;
  `.execute(db);
}
