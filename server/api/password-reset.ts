/**
 * 'Forgot password?' (spec 1 §2.2, issue 18): `POST /password/forgot` sends a one-time reset link (valid an hour)
 * by mail (the demo's outbox, `GET /dev/mail`) and as a notification of the user (the portal's bell shows it),
 * `POST /password/reset` sets the new password with it and signs the user out everywhere. Both are public and
 * answer alike whether or not the address is known, so they reveal no accounts. The account's 'Reset Password'
 * link sends the same notification (`sendResetLink`).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { message } from '../../shared/messages';
import { hashPassword } from '../auth/passwords';
import { revokeAllTokens } from '../auth/session';
import type { DB } from '../db/database';
import { type FieldErrors, ValidationError } from '../errors/http-errors';
import { guard, guarded } from '../http/guarded-route';
import { FORM_CONTENT_TYPES } from '../http/request-input';
import { Filled, MessageSchema } from '../http/schema-types';
import { requestSubdomain } from '../auth/tenancy';
import { portalLink, sendMail } from '../mail/outbox';
import { recordActivity } from '../domain/activity-recorder';
import { announceNotifications, deliverNotification } from '../realtime/notifications-delivery';

export const RESET_TOKEN_MINUTES = 60;
export const RESET_LINK_SENT = 'We have emailed your password reset link.';
const INVALID_TOKEN = 'This password reset token is invalid.';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** The company whose bell shows the link: the tenant of the host when the user belongs to it, else their first. */
export async function notifiedCompany(
  request: FastifyRequest,
  db: DB,
  userId: number,
): Promise<number | null> {
  const subdomain = requestSubdomain(request);
  const memberships = await db
    .selectFrom('company_user')
    .innerJoin('companies', 'companies.id', 'company_user.company_id')
    .select(['companies.id', 'companies.sub_domain'])
    .where('company_user.user_id', '=', userId)
    .where('companies.deleted_at', 'is', null)
    .orderBy('company_user.created_at')
    .orderBy('companies.id')
    .execute();
  return (memberships.find((company) => company.sub_domain === subdomain) ?? memberships[0])?.id ?? null;
}

/** Issues a reset token for the user and delivers the link as a notification. */
export async function sendResetLink(
  request: FastifyRequest,
  user: { id: number; email: string },
  companyId?: number,
): Promise<void> {
  const { db } = request.server.ctx;
  const token = randomBytes(32).toString('base64url');
  const url = portalLink(request, '/reset-password', { token, email: user.email });
  const company = companyId ?? (await notifiedCompany(request, db, user.id));
  const notice = await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('password_reset_tokens')
      .values({
        user_id: user.id,
        token_hash: hashOf(token),
        expires_at: new Date(Date.now() + RESET_TOKEN_MINUTES * 60 * 1000),
        used_at: null,
      })
      .execute();
    await sendMail(trx, {
      recipient: user.email,
      subject: 'Reset your password',
      body: `You asked to reset your password. Open this link within ${RESET_TOKEN_MINUTES} minutes to choose a new one: ${url}`,
    });
    if (company === null) return null;
    return deliverNotification(trx, {
      companyId: company,
      userId: user.id,
      type: 'passwordReset',
      // `path`: the bell shows it as a link that opens the reset page (issue 42: the URL was plain text).
      message: message('notifications:messages.passwordReset', {
        minutes: RESET_TOKEN_MINUTES,
        url,
        path: `${new URL(url).pathname}${new URL(url).search}`,
      }),
    });
  });
  await announceNotifications(request, [notice]);
  request.log.info({ userId: user.id, url }, 'password reset link sent');
}

const ResetBody = Type.Object({
  token: Filled(),
  email: Filled({ maxLength: 255 }),
  password: Filled({ maxLength: 255 }),
  password_confirmation: Filled({ maxLength: 255 }),
});

export default async function passwordResetRoutes(server: FastifyInstance): Promise<void> {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app.ctx;

  app.post(
    '/password/forgot',
    guarded(
      guard.public('a user who cannot sign in asks for a link; the same answer for any address'),
      {
        tags: ['password reset'],
        summary:
          'Sends a password reset link to the account of the address (public; the same answer for any address)',
        consumes: FORM_CONTENT_TYPES,
        body: Type.Object({ email: Filled({ maxLength: 255 }) }),
        response: { 200: MessageSchema },
      },
      { activity: false },
    ),
    async (request) => {
      const email = request.body.email.trim().toLowerCase();
      const user = await db
        .selectFrom('users')
        .select(['id', 'email'])
        .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (user) await sendResetLink(request, user);
      return { message: RESET_LINK_SENT };
    },
  );

  app.post(
    '/password/reset',
    guarded(
      guard.public('the reset token sent by mail is the credential'),
      {
        tags: ['password reset'],
        summary: 'Sets a new password with a reset token (public); every session of the user ends',
        consumes: FORM_CONTENT_TYPES,
        body: ResetBody,
        response: { 200: MessageSchema },
      },
      { activity: false },
    ),
    async (request) => {
      const { token, email, password, password_confirmation: confirmation } = request.body;
      const errors: FieldErrors = {};
      if (password.length < 8) errors.password = ['The password field must be at least 8 characters.'];
      if (password !== confirmation)
        errors.password_confirmation = ['The password field confirmation does not match.'];
      const found = await db
        .selectFrom('password_reset_tokens')
        .innerJoin('users', 'users.id', 'password_reset_tokens.user_id')
        .select(['password_reset_tokens.id', 'users.id as user_id'])
        .where('password_reset_tokens.token_hash', '=', hashOf(token))
        .where('password_reset_tokens.used_at', 'is', null)
        .where('password_reset_tokens.expires_at', '>', new Date())
        .where('users.deleted_at', 'is', null)
        .where((eb) => eb(eb.fn('lower', ['users.email']), '=', email.trim().toLowerCase()))
        .executeTakeFirst();
      if (!found) errors.email = [INVALID_TOKEN];
      if (Object.keys(errors).length || !found) throw new ValidationError(errors);
      const passwordHash = await hashPassword(password);
      const companyId = await notifiedCompany(request, db, found.user_id);
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({ password_hash: passwordHash, updated_at: new Date() })
          .where('id', '=', found.user_id)
          .execute();
        await trx
          .updateTable('password_reset_tokens')
          .set({ used_at: new Date() })
          .where('user_id', '=', found.user_id)
          .where('used_at', 'is', null)
          .execute();
        await revokeAllTokens(trx, found.user_id);
        if (companyId !== null)
          await recordActivity(trx, { companyId, userId: found.user_id, action: 'password_reset' });
      });
      return { message: 'Your password has been reset.' };
    },
  );
}
