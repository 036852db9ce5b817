/**
 * Saved viewpoints of a model (issue 45, server/api/model-viewpoints.ts): a company's named cameras (where the camera
 * was and what it looked at, jsonb) on one of its models or library items (exactly one of `model_id` and `item_id`),
 * shared with the team. A name is unique among the record's viewpoints whatever its case (the unique indexes, which
 * also find a record's viewpoints). A record's viewpoints go with it (the recycling bin's purge, a company's
 * deletion); one whose maker's account is gone stays, by nobody.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table model_viewpoints (
      id serial primary key,
      company_id integer not null references companies(id) on delete cascade,
      model_id integer references project_models(id) on delete cascade,
      item_id integer references library_items(id) on delete cascade,
      name varchar(100) not null,
      camera jsonb not null,
      created_by integer references users(id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint model_viewpoints_one_record check ((model_id is null) <> (item_id is null))
    );
    create unique index model_viewpoints_model_name on model_viewpoints (model_id, lower(name));
    create unique index model_viewpoints_item_name on model_viewpoints (item_id, lower(name));
    create index model_viewpoints_company on model_viewpoints (company_id);
    create index model_viewpoints_created_by on model_viewpoints (created_by);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table model_viewpoints`.execute(db);
}
