/**
 * `GET /dev/mail?to={address}`: the newest mails the server sent to an address (server/mail/outbox.ts), for the
 * demo and the tests, which have no mail server. Registered only with `mailOutbox` on (never by default in
 * production): the mails hold sign-in links.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { guard, guarded } from '../http/guarded-route';
import { Filled, iso } from '../http/schema-types';

const MailSchema = Type.Object({
  recipient: Type.String(),
  subject: Type.String(),
  body: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
});

export default async function mailOutboxRoutes(server: FastifyInstance): Promise<void> {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  if (!app.ctx.config.mailOutbox) return;
  app.get(
    '/dev/mail',
    guarded(
      guard.public(
        'the demo and the tests read the mails they caused; registered only with mailOutbox on, never by default in production',
      ),
      {
        tags: ['mail outbox'],
        summary: 'The newest mails sent to an address (demo and tests; off in production)',
        querystring: Type.Object({ to: Filled({ maxLength: 255 }) }),
        response: { 200: Type.Object({ data: Type.Array(MailSchema) }) },
      },
    ),
    async (request) => {
      const mails = await app.ctx.db
        .selectFrom('mail_outbox')
        .select(['recipient', 'subject', 'body', 'created_at'])
        .where(sql`lower(recipient)`, '=', request.query.to.trim().toLowerCase())
        .orderBy('id', 'desc')
        .limit(20)
        .execute();
      return { data: mails.map((mail) => ({ ...mail, created_at: iso(mail.created_at)! })) };
    },
  );
}
