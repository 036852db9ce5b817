/**
 * Answering an invitation (issue 14; the link of `POST /users/invite`, invitations.ts). Public, the one-time
 * token is the proof:
 * - `GET /invitations/{token}`: who invited whom (name and address, to ask for a licence) to which company with
 *   which role, whether the account is new and which licences it already holds there (issue 31: without one the
 *   invitee has no platform access after signing in);
 * - `POST /invitations/{token}/accept`: a new account first sets its name, username and password (its address is
 *   then verified); the membership then signs in to the company, and the inviter is notified (`invitationAccepted`,
 *   with a link to the user's edit page, where licences are given);
 * - `POST /invitations/{token}/decline`: the membership is removed (seats and groups freed) and an account the
 *   invitation made, with no other company, is removed too.
 * An unknown, accepted or declined token answers 404. A membership with an open invitation does not sign in
 * (server/auth/session.ts, `invitationPending`).
 */
import { createHash } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../auth/passwords';
import type { DB } from '../db/database';
import { HttpError, ValidationError, type FieldErrors } from '../errors/http-errors';
import { guard, guarded } from '../http/guarded-route';
import { FORM_CONTENT_TYPES } from '../http/request-input';
import { MessageSchema, Nullable } from '../http/schema-types';
import { message } from '../../shared/messages';
import { recordActivity } from '../domain/activity-recorder';
import { announceNotifications, deliverNotification } from '../realtime/notifications-delivery';
import { checkAccountUnique, removeMembership } from './users';

export const INVITATION_ACCEPTED = 'Invitation accepted';
export const INVITATION_DECLINED = 'Invitation declined';
export const INVITATION_GONE = 'This invitation is invalid or has already been answered.';
export const MIN_PASSWORD_LENGTH = 8;

export const invitationTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

const InvitationSchema = Type.Object({
  email: Type.String(),
  name: Type.String(),
  username: Type.String(),
  new_account: Type.Boolean(),
  company: Type.Object({ name: Type.String(), sub_domain: Type.String() }),
  role: Nullable(Type.String()),
  invited_by: Nullable(Type.String()),
  /** The inviter's address: whom to ask for a licence. */
  invited_by_email: Nullable(Type.String()),
  /** Licence keys the invitee already holds in the company (none: no platform access until one is given). */
  licenses: Type.Array(Type.String()),
});

const AnsweredSchema = Type.Object({
  message: Type.String(),
  data: Type.Object({ company: Type.Object({ name: Type.String(), sub_domain: Type.String() }) }),
});

const AcceptBody = Type.Object({
  name: Type.Optional(Nullable(Type.String({ maxLength: 255 }))),
  username: Type.Optional(Nullable(Type.String({ maxLength: 255 }))),
  password: Type.Optional(Nullable(Type.String({ maxLength: 255 }))),
  password_confirmation: Type.Optional(Nullable(Type.String({ maxLength: 255 }))),
});

const TokenParams = Type.Object({ token: Type.String({ maxLength: 200 }) });

/** The open invitation of a token, or 404. */
async function openInvitation(db: DB, token: string) {
  const invitation = await db
    .selectFrom('invitations')
    .innerJoin('users', 'users.id', 'invitations.user_id')
    .innerJoin('companies', 'companies.id', 'invitations.company_id')
    .leftJoin('roles', 'roles.id', 'invitations.role_id')
    .leftJoin('users as inviter', 'inviter.id', 'invitations.invited_by')
    .select([
      'invitations.id',
      'invitations.company_id',
      'invitations.user_id',
      'invitations.new_account',
      'invitations.invited_by as inviter_id',
      'users.email',
      'users.name',
      'users.username',
      'companies.name as company_name',
      'companies.sub_domain',
      'roles.title as role',
      'inviter.name as invited_by',
      'inviter.email as invited_by_email',
    ])
    .where('invitations.token_hash', '=', invitationTokenHash(token))
    .where('invitations.accepted_at', 'is', null)
    .where('users.deleted_at', 'is', null)
    .where('companies.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!invitation) throw new HttpError(404, INVITATION_GONE);
  return invitation;
}

/** The new account's name, username and password, checked as the profile form checks them. */
async function accountOfAcceptance(
  db: DB,
  userId: number,
  body: {
    name?: string | null;
    username?: string | null;
    password?: string | null;
    password_confirmation?: string | null;
  },
) {
  const errors: FieldErrors = {};
  const name = body.name?.trim() ?? '';
  const username = body.username?.trim() ?? '';
  const password = body.password ?? '';
  if (!name) errors.name = ['The name field is required.'];
  if (!username) errors.username = ['The username field is required.'];
  if (!password) errors.password = ['The password field is required.'];
  else if (password.length < MIN_PASSWORD_LENGTH)
    errors.password = [`The password field must be at least ${MIN_PASSWORD_LENGTH} characters.`];
  else if (password !== body.password_confirmation)
    errors.password_confirmation = ['The password field confirmation does not match.'];
  try {
    await checkAccountUnique(db, { username }, userId);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    Object.assign(errors, error.errors);
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return { name, username, password_hash: await hashPassword(password) };
}

/**
 * Tells the inviter, in the bell, that the invitation was accepted, with the path of the user's edit page (where
 * licences are given, spec 2 §6), and that the user can use no platform until given a licence when they hold none:
 * a stored message, so each reader sees it in their own language. Nobody is told when the inviter is gone or no
 * longer a member of the company.
 */
async function notifyInviter(
  trx: DB,
  invitation: {
    company_id: number;
    user_id: number;
    inviter_id: number | null;
    email: string;
    company_name: string;
  },
  name: string,
) {
  if (invitation.inviter_id === null) return null;
  const member = await trx
    .selectFrom('company_user')
    .innerJoin('users', 'users.id', 'company_user.user_id')
    .select('company_user.user_id')
    .where('company_user.company_id', '=', invitation.company_id)
    .where('company_user.user_id', '=', invitation.inviter_id)
    .where('users.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!member) return null;
  const licensed = await trx
    .selectFrom('user_licences')
    .select('licence')
    .where('company_id', '=', invitation.company_id)
    .where('user_id', '=', invitation.user_id)
    .executeTakeFirst();
  const key = licensed ? 'invitationAcceptedLicensed' : 'invitationAccepted';
  return deliverNotification(trx, {
    companyId: invitation.company_id,
    userId: invitation.inviter_id,
    type: 'invitationAccepted',
    message: message(`notifications:messages.${key}`, {
      user: name,
      email: invitation.email,
      company: invitation.company_name,
      path: `/security/users/edit/${invitation.user_id}`,
    }),
  });
}

export default async function invitationAcceptanceRoutes(server: FastifyInstance): Promise<void> {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app.ctx;
  const answered = (message: string, invitation: { company_name: string; sub_domain: string }) => ({
    message,
    data: { company: { name: invitation.company_name, sub_domain: invitation.sub_domain } },
  });

  app.get(
    '/invitations/:token',
    guarded(guard.public('the invitation token sent by mail is the credential'), {
      tags: ['invitations'],
      summary:
        'An open invitation by its token (public): company, role, inviter, and whether the account is new',
      params: TokenParams,
      response: { 200: Type.Object({ data: InvitationSchema }), 404: MessageSchema },
    }),
    async (request) => {
      const invitation = await openInvitation(db, request.params.token);
      const licences = await db
        .selectFrom('user_licences')
        .select('licence')
        .where('company_id', '=', invitation.company_id)
        .where('user_id', '=', invitation.user_id)
        .orderBy('licence')
        .execute();
      return {
        data: {
          email: invitation.email,
          name: invitation.name,
          username: invitation.username,
          new_account: invitation.new_account,
          company: { name: invitation.company_name, sub_domain: invitation.sub_domain },
          role: invitation.role,
          invited_by: invitation.invited_by,
          invited_by_email: invitation.invited_by_email,
          licenses: licences.map((row) => row.licence),
        },
      };
    },
  );

  app.post(
    '/invitations/:token/accept',
    guarded(
      guard.public('the invitation token sent by mail is the credential'),
      {
        tags: ['invitations'],
        summary:
          'Accepts an invitation (public, by its token); a new account sets name, username and password first',
        consumes: FORM_CONTENT_TYPES,
        params: TokenParams,
        body: AcceptBody,
        response: { 200: AnsweredSchema, 404: MessageSchema },
      },
      { activity: false },
    ),
    async (request) => {
      const invitation = await openInvitation(db, request.params.token);
      const account = invitation.new_account
        ? await accountOfAcceptance(db, invitation.user_id, request.body)
        : null;
      const notice = await db.transaction().execute(async (trx) => {
        const taken = await trx
          .updateTable('invitations')
          .set({ accepted_at: new Date() })
          .where('id', '=', invitation.id)
          .where('accepted_at', 'is', null)
          .returning('id')
          .executeTakeFirst();
        if (!taken) throw new HttpError(404, INVITATION_GONE);
        if (account) {
          await trx
            .updateTable('users')
            .set({ ...account, email_verified_at: new Date(), updated_at: new Date() })
            .where('id', '=', invitation.user_id)
            .execute();
        }
        await recordActivity(trx, {
          companyId: invitation.company_id,
          userId: invitation.user_id,
          action: 'invitation_accepted',
        });
        return notifyInviter(trx, invitation, account?.name ?? invitation.name);
      });
      await announceNotifications(request, [notice]);
      return answered(INVITATION_ACCEPTED, invitation);
    },
  );

  app.post(
    '/invitations/:token/decline',
    guarded(
      guard.public('the invitation token sent by mail is the credential'),
      {
        tags: ['invitations'],
        summary:
          'Declines an invitation (public, by its token): the membership, and an unused new account, go',
        params: TokenParams,
        response: { 200: AnsweredSchema, 404: MessageSchema },
      },
      { activity: false },
    ),
    async (request) => {
      const invitation = await openInvitation(db, request.params.token);
      await db.transaction().execute(async (trx) => {
        const taken = await trx
          .deleteFrom('invitations')
          .where('id', '=', invitation.id)
          .where('accepted_at', 'is', null)
          .returning('id')
          .executeTakeFirst();
        if (!taken) throw new HttpError(404, INVITATION_GONE);
        await removeMembership(trx, invitation.company_id, invitation.user_id);
        if (!invitation.new_account) return;
        const elsewhere = await trx
          .selectFrom('company_user')
          .select('company_id')
          .where('user_id', '=', invitation.user_id)
          .executeTakeFirst();
        if (!elsewhere) await trx.deleteFrom('users').where('id', '=', invitation.user_id).execute();
      });
      return answered(INVITATION_DECLINED, invitation);
    },
  );
}
