/**
 * Versions of processed files (issue 45, server/processing/file-versions.ts): a model's or library item's row is
 * its current version (its number, note, uploader and time beside its file); replacing the file or restoring an
 * older version keeps the version it replaces, immutably, with its files, figures and geometry events. A record's
 * versions go with it. Existing records are version 1, uploaded by their uploader when they were created.
 */
import { type Kysely, sql } from 'kysely';

const RECORDS = [
  { table: 'project_models', versions: 'model_versions', owner: 'model_id' },
  { table: 'library_items', versions: 'library_item_versions', owner: 'item_id' },
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const { table, versions, owner } of RECORDS) {
    await sql`
      alter table ${sql.table(table)}
        add column version integer not null default 1,
        add column version_note text,
        add column version_restored_from integer,
        add column version_uploader_id integer references users(id) on delete set null,
        add column version_created_at timestamptz not null default now();
      update ${sql.table(table)} set version_created_at = created_at, version_uploader_id = uploader_id;
      create table ${sql.table(versions)} (
        id serial primary key,
        company_id integer not null references companies(id) on delete cascade,
        ${sql.ref(owner)} integer not null references ${sql.table(table)}(id) on delete cascade,
        number integer not null,
        status varchar(32) not null,
        file_key text,
        file_name text,
        file_size bigint,
        viewer_model_key text,
        preview_image_url text,
        geometry_statistics jsonb,
        geometry_events jsonb not null default '[]',
        note text,
        restored_from integer,
        uploader_id integer references users(id) on delete set null,
        created_at timestamptz not null,
        replaced_at timestamptz not null default now(),
        unique (${sql.ref(owner)}, number)
      );
    `.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const { table, versions } of RECORDS) {
    await sql`
      drop table ${sql.table(versions)};
      alter table ${sql.table(table)}
        drop column version, drop column version_note, drop column version_restored_from,
        drop column version_uploader_id, drop column version_created_at;
    `.execute(db);
  }
}
