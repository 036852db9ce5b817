/**
 * Materials and material categories (spec 2 §Materials and categories, §3):
 * - material_categories: a company's category tree (parent_id), archived or not, soft-deleted into the bin;
 * - materials: keyed by name in the company (unique among live rows), a variant names its base (`parent_name`),
 *   archived or not, optionally connected to a model (then not deletable), soft-deleted into the bin;
 * - material_category: which categories a material is in;
 * - material_imports: an uploaded .zip/.matz archive processed by the worker into materials (status, progress).
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table material_categories (
      id serial primary key,
      company_id integer not null references companies(id) on delete cascade,
      parent_id integer references material_categories(id) on delete cascade,
      name text not null,
      description text,
      status text not null default 'ACTIVE',
      preview_image text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      deleted_at timestamptz
    );
    create index material_categories_parent on material_categories (company_id, parent_id, updated_at, id)
      where deleted_at is null;
    create index material_categories_trashed on material_categories (company_id, deleted_at)
      where deleted_at is not null;

    create table materials (
      id serial primary key,
      company_id integer not null references companies(id) on delete cascade,
      name text not null,
      description text,
      parent_name text,
      status text not null default 'ACTIVE',
      preview_image_url text,
      model_id integer references project_models(id) on delete set null,
      creator_id integer references users(id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      deleted_at timestamptz
    );
    create unique index materials_live_name on materials (company_id, name) where deleted_at is null;
    create index materials_updated on materials (company_id, updated_at, id) where deleted_at is null;
    create index materials_created on materials (company_id, created_at, id) where deleted_at is null;
    create index materials_parent_name on materials (company_id, parent_name) where parent_name is not null;
    create index materials_trashed on materials (company_id, deleted_at) where deleted_at is not null;

    create table material_category (
      material_id integer not null references materials(id) on delete cascade,
      category_id integer not null references material_categories(id) on delete cascade,
      primary key (material_id, category_id)
    );
    create index material_category_category on material_category (category_id, material_id);

    create table material_imports (
      id serial primary key,
      company_id integer not null references companies(id) on delete cascade,
      user_id integer references users(id) on delete set null,
      category_id integer references material_categories(id) on delete set null,
      file_key text not null,
      file_name text not null,
      file_size bigint not null,
      status text not null default 'QUEUED',
      progress integer not null default 0,
      message text,
      imported jsonb not null default '[]',
      processing_attempt integer not null default 1,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index material_imports_unfinished on material_imports (created_at, id)
      where status in ('QUEUED', 'PROCESSING');
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table material_imports;
    drop table material_category;
    drop table materials;
    drop table material_categories;
  `.execute(db);
}
