/**
 * Activity entries as stored messages (issue 31): `message_key` (under `account:activity.messages`) and
 * `message_params` (what was changed and its name, e.g. `{entity: 'user', name: 'Bob Brown'}`), so the activity
 * log reads 'Updated user Bob Brown' in the reader's language instead of an API path. Entries recorded before keep
 * their path in `subject` and are worded from it when read (server/domain/activity-messages.ts).
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table user_activities add column message_key text;
    alter table user_activities add column message_params jsonb not null default '{}';
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table user_activities drop column message_params;
    alter table user_activities drop column message_key;
  `.execute(db);
}
