/**
 * A share link pinned to a version (issue 46 with issue 45's versions, server/api/share-links.ts): `version` is the
 * number of the record's version the link shows whatever is uploaded after it; null, the link follows the latest.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table share_links add column version integer`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table share_links drop column version`.execute(db);
}
