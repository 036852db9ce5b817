/**
 * What the 3D pipeline makes of a processed file (issue 28): models and library items keep the optimized glb the
 * viewer shows (`viewer_model_key`, a FileStorage key under `converted/`) and the figures of their last processing
 * (`geometry_statistics`, shared/geometry-statistics.ts); a material keeps its base-colour map
 * (`viewer_texture_key`) for the sphere the viewer shows. All stay null until a run has made them.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table project_models add column viewer_model_key text;
    alter table project_models add column geometry_statistics jsonb;
    alter table library_items add column viewer_model_key text;
    alter table library_items add column geometry_statistics jsonb;
    alter table materials add column viewer_texture_key text;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table materials drop column viewer_texture_key;
    alter table library_items drop column geometry_statistics;
    alter table library_items drop column viewer_model_key;
    alter table project_models drop column geometry_statistics;
    alter table project_models drop column viewer_model_key;
  `.execute(db);
}
