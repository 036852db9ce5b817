/**
 * Tools (issue 15): downloads (a company's files for its users: name, extension and the stored file, served by
 * `GET /downloads/{id}/download`) and property maps (hatch: named maps). Both are deleted for good (no recycling
 * bin); their lists sort by name, created_at and updated_at and search the name.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table downloads (
      id serial primary key,
      company_id integer not null references companies(id) on delete cascade,
      name text not null,
      extension text not null,
      file_key text not null,
      file_size bigint not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index downloads_company_name on downloads (company_id, name, id);
    create index downloads_company_created on downloads (company_id, created_at desc, id desc);
    create index downloads_company_updated on downloads (company_id, updated_at desc, id desc);
    create index downloads_name_trgm on downloads using gin (name gin_trgm_ops);

    create table property_maps (
      id serial primary key,
      company_id integer not null references companies(id) on delete cascade,
      name text not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index property_maps_company_name on property_maps (company_id, name, id);
    create index property_maps_company_created on property_maps (company_id, created_at desc, id desc);
    create index property_maps_company_updated on property_maps (company_id, updated_at desc, id desc);
    create index property_maps_name_trgm on property_maps using gin (name gin_trgm_ops);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table property_maps;
    drop table downloads;
  `.execute(db);
}
