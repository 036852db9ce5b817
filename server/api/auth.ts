/**
 * Sign-in (spec 1 §7): `POST /login` (public or tenant host; identity = username or email), `GET /auth/validate`,
 * `GET /logout`, `GET /logout-all`. Tokens are opaque, stored hashed, with an expiry; logins are rate limited
 * per identity and per address.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { loginThrottle } from '../auth/login-throttle';
import { hashPassword, unknownUserHash, verifyPassword } from '../auth/passwords';
import {
  authenticate,
  issueToken,
  type LoginCandidate,
  loginCandidateOnTenant,
  namedByIdentity,
  revokeAllTokens,
  revokeToken,
  type Session,
  type SessionUser,
  sessionUser,
} from '../auth/session';
import { REMEMBER_TOKEN_DAYS } from '../config';
import type { DB } from '../db/database';
import { HttpError } from '../errors/http-errors';
import { guard, guarded } from '../http/guarded-route';
import { FORM_CONTENT_TYPES } from '../http/request-input';
import { Filled, Flag, MessageSchema, Nullable, toBoolean } from '../http/schema-types';
import { type Company, requestSubdomain } from '../auth/tenancy';
import { recordActivity } from '../domain/activity-recorder';
import { fileUrl } from '../http/stored-files';
import { AuthResponseSchema } from '../domain/schemas';

const invalidCredentials = () => new HttpError(401, 'Invalid credentials.');

const LoginBody = Type.Object({
  identity: Filled({ description: 'Username or email' }),
  password: Filled(),
  remember: Type.Optional(Nullable(Flag)),
});

/** The user a login's identity names, on the public host (a tenant host reads more: loginCandidateOnTenant). */
async function findUser(db: DB, identity: string): Promise<LoginCandidate | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'password_hash', 'admin'])
    .where('deleted_at', 'is', null)
    .where(namedByIdentity(identity))
    .executeTakeFirst();
}

/** Stores a hash of the current scheme after a login with one of an older scheme (scrypt, bcrypt) or cost. */
async function rehash(db: DB, userId: number, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
}

/**
 * The company a login is for and the user's session there. On a tenant host: the tenant, read with the user (the
 * user must belong to it, or be admin). On the public host: the user's first company (admins without one: the
 * first company). Null when there is none.
 */
async function loginSession(
  db: DB,
  user: LoginCandidate,
): Promise<{ company: Company; profile: SessionUser } | null> {
  if (user.onTenant) {
    const { company, user: profile } = user.onTenant;
    return profile ? { company, profile } : null;
  }
  const company = await publicHostCompany(db, user);
  const profile = company ? await sessionUser(db, user.id, company) : null;
  return company && profile ? { company, profile } : null;
}

async function publicHostCompany(db: DB, user: LoginCandidate): Promise<Company | null> {
  const membership = await db
    .selectFrom('company_user')
    .innerJoin('companies', 'companies.id', 'company_user.company_id')
    .selectAll('companies')
    .where('company_user.user_id', '=', user.id)
    .where('companies.deleted_at', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('invitations')
            .select('invitations.id')
            .whereRef('invitations.company_id', '=', 'company_user.company_id')
            .whereRef('invitations.user_id', '=', 'company_user.user_id')
            .where('invitations.accepted_at', 'is', null),
        ),
      ),
    )
    .orderBy('company_user.created_at')
    .orderBy('companies.id')
    .executeTakeFirst();
  if (membership || !user.admin) return membership ?? null;
  return (
    (await db
      .selectFrom('companies')
      .selectAll()
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .executeTakeFirst()) ?? null
  );
}

/** The session as the portal gets it; the user's profile image as a URL (the session holds its storage key). */
function authResponse(request: FastifyRequest, session: Pick<Session, 'token' | 'expiresAt' | 'user'>) {
  return {
    access_token: session.token,
    token_type: 'Bearer' as const,
    expires_at: session.expiresAt.toISOString(),
    user: { ...session.user, profile_image: fileUrl(request, session.user.profile_image) },
  };
}

export default async function authRoutes(server: FastifyInstance): Promise<void> {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const throttle = loginThrottle(app.ctx.db, app.ctx.config.loginRateLimit);

  app.post(
    '/login',
    guarded(
      guard.public('signing in: identity and password are the credentials'),
      {
        tags: ['auth'],
        summary: 'Sign in with username or email; on a tenant host the user must belong to that company',
        consumes: FORM_CONTENT_TYPES,
        body: LoginBody,
        response: { 200: AuthResponseSchema, 401: MessageSchema, 429: MessageSchema },
      },
      { activity: false },
    ),
    async (request) => {
      const { identity, password } = request.body;
      const { db, config } = app.ctx;
      const subDomain = requestSubdomain(request);
      // The database's work of a login in two round trips (each costs a turn of the event loop under load): the
      // throttle and the user (with the tenant and their session there) at once, and after the password every write.
      const [user] = await Promise.all([
        subDomain ? loginCandidateOnTenant(db, subDomain, identity) : findUser(db, identity),
        throttle.attempt(identity, request.ip),
      ]);
      const check = await verifyPassword(password, user?.password_hash ?? (await unknownUserHash()));
      const session = user && check.matches ? await loginSession(db, user) : null;
      if (!user || !session) {
        await throttle.failed(identity);
        throw invalidCredentials();
      }
      const { company, profile } = session;
      const lifetimeMs = toBoolean(request.body.remember)
        ? REMEMBER_TOKEN_DAYS * 24 * 60 * 60 * 1000
        : config.tokenLifetimeMinutes * 60 * 1000;
      const [issued] = await Promise.all([
        issueToken(db, user.id, subDomain ? company.id : null, new Date(Date.now() + lifetimeMs)),
        throttle.succeeded(identity),
        recordActivity(db, { companyId: company.id, userId: user.id, action: 'signed_in' }),
        check.needsRehash ? rehash(db, user.id, password) : undefined,
      ]);
      return authResponse(request, { ...issued, user: profile });
    },
  );

  app.get(
    '/auth/validate',
    guarded(guard.signedIn, {
      tags: ['auth'],
      summary: 'The session of the bearer token on this tenant',
      response: { 200: AuthResponseSchema, 401: MessageSchema },
    }),
    async (request) => authResponse(request, await authenticate(request)),
  );

  app.get(
    '/logout',
    guarded(guard.signedIn, {
      tags: ['auth'],
      summary: 'Revokes this token',
      response: { 200: MessageSchema },
    }),
    async (request) => {
      await revokeToken(app.ctx.db, (await authenticate(request)).tokenId);
      return { message: 'Logged out.' };
    },
  );

  app.get(
    '/logout-all',
    guarded(guard.signedIn, {
      tags: ['auth'],
      summary: 'Revokes every token of the user (all devices)',
      response: { 200: MessageSchema },
    }),
    async (request) => {
      await revokeAllTokens(app.ctx.db, (await authenticate(request)).user.id);
      return { message: 'Logged out of all devices.' };
    },
  );
}
