/**
 * Bearer-token sessions. Tokens are opaque random strings stored only as SHA-256 hashes, with an expiry; a
 * token authenticates its user on the host of any company the user belongs to (admins: every company), so
 * the shared session cookie follows the tenant switcher, and never on a company the user is not part of.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { hasAbility, type RequiredAbilities, type RequiredLicences } from '../../shared/abilities';
import type { SavedViewStateValue } from '../../shared/entities/saved-view-values';
import type { SessionUser } from '../../shared/session';
import { memberAbilities } from './user-fields';
import type { DB } from '../db/database';
import type { Database } from '../db/schema';
import { forbidden, unauthenticated } from '../errors/http-errors';
import {
  type Company,
  type CompanyJson,
  companyFromJson,
  rememberTenant,
  requestSubdomain,
} from './tenancy';

export type { SessionUser };

export interface Session {
  user: SessionUser;
  company: Company;
  tokenId: number;
  /** The bearer token of the request and when it expires. */
  token: string;
  expiresAt: Date;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const newToken = () => randomBytes(40).toString('base64url');

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match ? match[1] : null;
}

/**
 * The session user of spec 1 §3 in a company, as one query's select over `users`: the user's fields, whether they
 * are a member, whether that membership waits for its invitation to be accepted (invitation-acceptance.ts), their
 * abilities there (those of their role plus the roles of their groups) and their licences there. One statement
 * instead of five: every authenticated request runs it, and on the embedded database each statement queues for
 * the one connection. The company is joined, by id or by the request's subdomain (then it comes in the same
 * statement as `tenant`, so an authenticated request does not read its tenant on its own).
 */
function sessionUserQuery(db: DB, company: { id: number } | { subDomain: string }) {
  const companyId = sql.ref<number>('companies.id');
  return db
    .selectFrom('users')
    .innerJoin('companies', (join) =>
      'id' in company
        ? join.on('companies.id', '=', company.id)
        : join.on('companies.sub_domain', '=', company.subDomain).on('companies.deleted_at', 'is', null),
    )
    .leftJoin('company_user', (join) =>
      join
        .onRef('company_user.user_id', '=', 'users.id')
        .onRef('company_user.company_id', '=', 'companies.id'),
    )
    .select(({ exists, selectFrom }) => [
      'users.id',
      'users.name',
      'users.username',
      'users.email',
      'users.profile_image',
      'users.admin',
      'users.autodesk_connected',
      'users.autodesk_scope_outdated',
      sql<boolean>`companies.autodesk_integration <> 'no'`.as('autodesk_integration'),
      'users.preferences',
      'company_user.user_id as member',
      exists(
        selectFrom('invitations')
          .select('invitations.id')
          .whereRef('invitations.user_id', '=', 'users.id')
          .whereRef('invitations.company_id', '=', 'companies.id')
          .where('invitations.accepted_at', 'is', null),
      ).as('invitation_pending'),
      memberAbilities(sql.ref('company_user.role_id'), sql.ref('users.id'), companyId).as('abilities'),
      sql<string[]>`array(
        select user_licences.licence from user_licences
          where user_licences.user_id = users.id and user_licences.company_id = ${companyId}
          order by user_licences.licence
      )`.as('licenses'),
      // The user's default saved view per list (issue 33): a list opens with it without asking for it.
      sql<Record<string, SavedViewStateValue>>`coalesce((
        select jsonb_object_agg(saved_views.list, saved_views.state) from saved_views
          where saved_views.company_id = ${companyId} and saved_views.user_id = users.id and saved_views.is_default
      ), '{}'::jsonb)`.as('default_views'),
      sql<CompanyJson>`row_to_json(companies.*)`.as('tenant'),
    ])
    .where('users.deleted_at', 'is', null);
}

type SessionUserRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof sessionUserQuery>['executeTakeFirst']>>
>;

/** The row's session user; null for someone who is not (yet) a member and not an administrator. */
function toSessionUser(row: SessionUserRow | undefined): SessionUser | null {
  if (!row || (!row.member && !row.admin)) return null;
  if (!row.admin && row.invitation_pending) return null;
  const { member: _member, invitation_pending: _pending, tenant: _tenant, ...user } = row;
  return user;
}

/** Matches the user a login's identity names: their username or email, whatever the case. */
export const namedByIdentity =
  (identity: string) =>
  (eb: ExpressionBuilder<Database, 'users'>): Expression<SqlBool> => {
    const needle = identity.trim().toLowerCase();
    return eb.or([
      eb(eb.fn('lower', ['users.username']), '=', needle),
      eb(eb.fn('lower', ['users.email']), '=', needle),
    ]);
  };

/** What a login reads before checking the password: the user, and on a tenant host their session there. */
export interface LoginCandidate {
  id: number;
  password_hash: string | null;
  admin: boolean;
  /** On a tenant host: the tenant and the user's session there (null: not a member, or invited and not yet in). */
  onTenant?: { company: Company; user: SessionUser | null };
}

/**
 * A login on a tenant host reads the user the identity names, their password hash, the tenant and the user's
 * session there in one statement (each round trip costs a sign-in a turn of the event loop under load).
 * Undefined when there is no such user, or no such tenant.
 */
export async function loginCandidateOnTenant(
  db: DB,
  subDomain: string,
  identity: string,
): Promise<LoginCandidate | undefined> {
  const row = await sessionUserQuery(db, { subDomain })
    .select('users.password_hash')
    .where(namedByIdentity(identity))
    .executeTakeFirst();
  if (!row) return undefined;
  const { password_hash: passwordHash, ...fields } = row;
  return {
    id: row.id,
    password_hash: passwordHash,
    admin: row.admin,
    onTenant: { company: companyFromJson(fields.tenant), user: toSessionUser(fields) },
  };
}

/** The session user of spec 1 §3 for a user in a company (a member whose invitation is open is not one yet). */
export async function sessionUser(db: DB, userId: number, company: Company): Promise<SessionUser | null> {
  return toSessionUser(
    await sessionUserQuery(db, { id: company.id }).where('users.id', '=', userId).executeTakeFirst(),
  );
}

const sessions = new WeakMap<FastifyRequest, Promise<Session>>();

/** The session of a request on a tenant host; rejects with 401 'Unauthenticated.' otherwise. */
export function authenticate(request: FastifyRequest): Promise<Session> {
  let session = sessions.get(request);
  if (!session) {
    session = resolveSession(request);
    sessions.set(request, session);
  }
  return session;
}

/** The session a request already authenticated with (its guard ran), without authenticating it. */
export const sessionOfRequest = (request: FastifyRequest): Promise<Session> | undefined =>
  sessions.get(request);

async function resolveSession(request: FastifyRequest): Promise<Session> {
  const { db } = request.server.ctx;
  const token = bearerToken(request);
  const subDomain = requestSubdomain(request);
  if (!token || !subDomain) throw unauthenticated();
  // The tenant, the token and its user's session in one statement.
  const row = await sessionUserQuery(db, { subDomain })
    .innerJoin('access_tokens', 'access_tokens.user_id', 'users.id')
    .select(['access_tokens.id as token_id', 'access_tokens.expires_at as token_expires_at'])
    .where('access_tokens.token_hash', '=', hashToken(token))
    .where('access_tokens.revoked_at', 'is', null)
    .where('access_tokens.expires_at', '>', new Date())
    .executeTakeFirst();
  if (!row) throw unauthenticated();
  const { token_id: tokenId, token_expires_at: expiresAt, ...fields } = row;
  const company = rememberTenant(request, companyFromJson(fields.tenant));
  const user = toSessionUser(fields);
  if (!user) throw unauthenticated();
  return { user, company, tokenId, token, expiresAt: new Date(expiresAt) };
}

/** Rejects with 403 unless the session's user is admin or holds the ability (`anyOf(a, b)`: one of them). */
export function authorize(session: Session, ability: RequiredAbilities): void {
  if (!hasAbility(session.user, ability)) throw forbidden();
}

export function requireAdmin(session: Session): void {
  if (!session.user.admin) throw forbidden();
}

/**
 * Rejects with 403 unless the session's company has bought the licence (at least one seat; `anyLicenceOf(a, b)`:
 * one of them): the authoring-only areas (spec 1 §2.8, spec 2 'hatch-only') need `hatch`. An administrator passes,
 * as they pass every permission and licence check (spec 1 §6), and as the portal's guards let them in.
 */
export async function requireCompanyLicence(
  db: DB,
  session: Session,
  licence: RequiredLicences,
): Promise<void> {
  if (session.user.admin) return;
  const row = await db
    .selectFrom('company_licences')
    .select('bought')
    .where('company_id', '=', session.company.id)
    .where('licence', 'in', licence.split('|'))
    .where('bought', '>=', 1)
    .limit(1)
    .executeTakeFirst();
  if (!row) throw forbidden();
}

/** Issues a new opaque token (only its hash is stored) for a user, recording the company it was issued on. */
export async function issueToken(
  db: DB,
  userId: number,
  companyId: number | null,
  expiresAt: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  await db
    .insertInto('access_tokens')
    .values({
      user_id: userId,
      company_id: companyId,
      token_hash: hashToken(token),
      expires_at: expiresAt,
      last_used_at: null,
      revoked_at: null,
    })
    .execute();
  return { token, expiresAt };
}

/** Removes a token that served one job (a list export's reading, its run's length) once the job is done. */
export async function discardToken(db: DB, token: string): Promise<void> {
  await db.deleteFrom('access_tokens').where('token_hash', '=', hashToken(token)).execute();
}

export async function revokeToken(db: DB, tokenId: number): Promise<void> {
  await db.updateTable('access_tokens').set({ revoked_at: new Date() }).where('id', '=', tokenId).execute();
}

/** Revokes every live token of the user (logout on all devices). */
export async function revokeAllTokens(db: DB, userId: number): Promise<void> {
  await db
    .updateTable('access_tokens')
    .set({ revoked_at: new Date() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}
