/**
 * A user's preferences, kept on the server so they follow the user across devices (issue 31): a jsonb object of
 * shared/session.ts `UserPreferences` (the design-software warning the user dismissed), empty at first.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column preferences jsonb not null default '{}'::jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users drop column preferences`.execute(db);
}
