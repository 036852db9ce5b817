/**
 * Share links to materials (issue 46, server/api/share-links.ts): a new ability, `share-materials`, given to every
 * role that may edit materials, as `share-library-items` was given to those that may edit items (0190).
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    insert into role_abilities (role_id, ability)
      select role_id, 'share-materials' from role_abilities where ability = 'update-materials'
      on conflict do nothing;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from role_abilities where ability = 'share-materials'`.execute(db);
}
