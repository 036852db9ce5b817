/**
 * The server's mail (invitation and password reset links). The contract server has no mail transport: a mail is
 * kept in `mail_outbox` (and named in the log), where `GET /dev/mail` shows it to the demo and the tests.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../db/database';

export interface Mail {
  recipient: string;
  subject: string;
  body: string;
}

/** Sends a mail (inside the caller's transaction when given one, so a failed write sends nothing). */
export async function sendMail(db: DB, mail: Mail, log?: FastifyBaseLogger): Promise<void> {
  await db.insertInto('mail_outbox').values(mail).execute();
  log?.info({ recipient: mail.recipient, subject: mail.subject }, 'mail sent');
}

/** A link to a screen of the portal on the host the request came from (the tenant's, or the public one). */
export function portalLink(
  request: { headers: { origin?: string }; protocol: string; host: string },
  path: string,
  params: Record<string, string>,
): string {
  const origin = request.headers.origin ?? `${request.protocol}://${request.host}`;
  return `${origin}${path}?${new URLSearchParams(params).toString()}`;
}
