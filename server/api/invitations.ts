/**
 * `POST /users/invite` (spec 2 §4, §5, §7; issue 14): invites an existing account (by username or email) or a new
 * email address into the company with a role. A new address gets a pending, unverified account. The user is listed
 * as a member with the role at once (licences and groups can be given), but signs in to the company only after
 * accepting: the invitation's one-time link (`/invitation?token=…`, invitation-acceptance.ts) goes out by mail and,
 * for an existing account, as a notification in a company they can see. The answer says 'User invite successful'.
 * Errors are per field (`email`, `role_id`).
 */
import { randomBytes } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { USER_ABILITIES } from '../../shared/entities/user-values';
import { InviteInputSchema, UserSchema } from '../../shared/entities/users';
import { message } from '../../shared/messages';
import { createAccount, joinCompany } from '../db/accounts';
import type { DB } from '../db/database';
import { contextOf } from '../http/crud/context';
import { ValidationError } from '../errors/http-errors';
import { FORM_CONTENT_TYPES } from '../http/request-input';
import { portalLink, sendMail } from '../mail/outbox';
import { allValid, companyRecordId, requiredField } from '../http/field-checks';
import { invitationTokenHash } from './invitation-acceptance';
import { announceNotifications, deliverNotification } from '../realtime/notifications-delivery';
import { notifiedCompany } from './password-reset';
import { unusablePassword, userEntity } from './users';

export const INVITE_SUCCESS = 'User invite successful';
export const ALREADY_MEMBER = 'This user is already a member of this company.';
export const NO_SUCH_ACCOUNT = 'No account has this username; invite a new user by their email address.';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A free username made of the address's local part (`jane.doe`, `jane.doe2`, …). */
async function freeUsername(db: DB, email: string): Promise<string> {
  const base =
    email
      .split('@')[0]
      .replace(/[^A-Za-z0-9._-]/g, '')
      .slice(0, 200) || 'user';
  for (let suffix = 1; ; suffix += 1) {
    const candidate = suffix === 1 ? base : `${base}${suffix}`;
    const taken = await db
      .selectFrom('users')
      .select('id')
      .where(sql`lower(username)`, '=', candidate.toLowerCase())
      .executeTakeFirst();
    if (!taken) return candidate;
  }
}

async function findAccount(db: DB, identity: string) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email'])
    .where((eb) =>
      eb.or([
        eb(sql`lower(username)`, '=', identity.toLowerCase()),
        eb(sql`lower(email)`, '=', identity.toLowerCase()),
      ]),
    )
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export default async function invitationRoutes(app: FastifyInstance): Promise<void> {
  app.post(
    '/users/invite',
    userEntity.route(
      USER_ABILITIES.create,
      'Invites a user (username or email) into the company with a role',
      {
        consumes: FORM_CONTENT_TYPES,
        body: InviteInputSchema,
        response: {
          201: Type.Object({ message: Type.String(), data: UserSchema }),
        },
      },
      { activity: { message: 'invited', param: 'email' } },
    ),
    async (request, reply) => {
      const ctx = await contextOf(request);
      const { db, session } = ctx;
      const companyId = session.company.id;
      const body = request.body as { email?: string | null; role_id?: number | null };
      const identity = body.email ?? '';
      await allValid([
        identity
          ? Promise.resolve()
          : Promise.reject(new ValidationError({ email: [requiredField('email')] })),
        body.role_id
          ? companyRecordId(db, 'roles', companyId, body.role_id, 'role_id')
          : Promise.reject(new ValidationError({ role_id: [requiredField('role_id')] })),
      ]);
      const existing = await findAccount(db, identity);
      if (!existing && !EMAIL.test(identity)) throw new ValidationError({ email: [NO_SUCH_ACCOUNT] });
      if (existing) {
        const member = await db
          .selectFrom('company_user')
          .select('user_id')
          .where('company_id', '=', companyId)
          .where('user_id', '=', existing.id)
          .executeTakeFirst();
        if (member) throw new ValidationError({ email: [ALREADY_MEMBER] });
      }
      const password = existing ? null : await unusablePassword();
      const token = randomBytes(32).toString('base64url');
      const link = portalLink(request, '/invitation', { token });
      const invitedBy = `${session.user.name} invited you to ${session.company.name}`;
      // An existing account sees the notification in a company it already signs in to; a new one has none yet.
      const notified = existing ? await notifiedCompany(request, db, existing.id) : companyId;
      const { id: userId, notice } = await db.transaction().execute(async (trx) => {
        const membership = { companyId, roleId: body.role_id! };
        if (existing) await joinCompany(trx, existing.id, membership);
        const id =
          existing?.id ??
          (await createAccount(
            trx,
            {
              name: identity.split('@')[0],
              username: await freeUsername(trx, identity),
              email: identity,
              password_hash: password!,
            },
            membership,
          ));
        await trx
          .insertInto('invitations')
          .values({
            company_id: companyId,
            user_id: id,
            role_id: body.role_id!,
            invited_by: session.user.id,
            token_hash: invitationTokenHash(token),
            accepted_at: null,
            new_account: !existing,
          })
          .execute();
        await sendMail(
          trx,
          {
            recipient: existing?.email ?? identity,
            subject: `Invitation to ${session.company.name}`,
            body: `${invitedBy}. Open this link to accept or decline the invitation: ${link}`,
          },
          request.log,
        );
        const notice =
          notified === null
            ? null
            : await deliverNotification(trx, {
                companyId: notified,
                userId: id,
                type: 'userInvited',
                message: message('notifications:messages.invitation', {
                  inviter: session.user.name,
                  company: session.company.name,
                  url: link,
                }),
              });
        return { id, notice };
      });
      const data = await userEntity.detailOf(ctx, await userEntity.find(db, companyId, userId));
      await announceNotifications(request, [notice]);
      return reply.status(201).send({ message: INVITE_SUCCESS, data });
    },
  );
}
