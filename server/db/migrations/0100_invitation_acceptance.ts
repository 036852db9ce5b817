/**
 * Invitation acceptance (issue 14):
 * - invitations.new_account: the invitation made the account (a new address), so accepting it sets the name,
 *   username and password; a membership whose invitation is not accepted does not sign in to the company yet.
 *   Invitations made before this step existed were memberships at once: they count as accepted.
 * - mail_outbox: the mails the server sends (invitation and password reset links), kept for the demo and the
 *   tests, which have no mail server (`GET /dev/mail`, server/api/mail-outbox.ts).
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table invitations add column new_account boolean not null default false;
    update invitations set accepted_at = created_at where accepted_at is null;
    create index invitations_pending on invitations (user_id, company_id) where accepted_at is null;

    create table mail_outbox (
      id serial primary key,
      recipient text not null,
      subject text not null,
      body text not null,
      created_at timestamptz not null default now()
    );
    create index mail_outbox_recipient on mail_outbox (lower(recipient), id desc);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table mail_outbox;
    drop index invitations_pending;
    alter table invitations drop column new_account;
  `.execute(db);
}
