/**
 * Share links to library items (issue 46, server/api/share-links.ts): a new ability, `share-library-items`, given
 * to every role that may edit items, as `share-project-models` was given to those that may edit models (0170).
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    insert into role_abilities (role_id, ability)
      select role_id, 'share-library-items' from role_abilities where ability = 'update-library-items'
      on conflict do nothing;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from role_abilities where ability = 'share-library-items'`.execute(db);
}
