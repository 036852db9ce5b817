/**
 * A material import's result as a stored message (issue 12): `message_key` under `materials:import.result` and
 * `message_params`, so it reads in the reader's language; `message` keeps the English text. Imports finished
 * before this keep their English text only.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table material_imports add column message_key text;
    alter table material_imports add column message_params jsonb not null default '{}';
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table material_imports drop column message_params;
    alter table material_imports drop column message_key;
  `.execute(db);
}
