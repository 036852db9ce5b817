/**
 * Bearer-token sessions. Tokens are opaque random strings stored only as SHA-256 hashes, with an expiry; a
 * token authenticates its user on the host of any company the user belongs to (admins: every company), so
 * the shared session cookie follows the tenant switcher, and never on a company the user is not part of.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { hasAbility } from '../../shared/abilities';
import type { SessionUser } from '../../shared/session';
import type { DB } from '../db/database';
import { forbidden, unauthenticated } from '../http/errors';
import { type Company, requestTenant } from '../http/tenancy';

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

/** The user's abilities in a company: those of their role plus the roles of their groups there. */
export async function abilitiesOf(db: DB, userId: number, companyId: number): Promise<string[]> {
  const viaRole = db
    .selectFrom('company_user')
    .innerJoin('role_abilities', 'role_abilities.role_id', 'company_user.role_id')
    .select('role_abilities.ability')
    .where('company_user.user_id', '=', userId)
    .where('company_user.company_id', '=', companyId);
  const viaGroups = db
    .selectFrom('group_user')
    .innerJoin('groups', 'groups.id', 'group_user.group_id')
    .innerJoin('role_abilities', 'role_abilities.role_id', 'groups.role_id')
    .select('role_abilities.ability')
    .where('group_user.user_id', '=', userId)
    .where('groups.company_id', '=', companyId)
    .where('groups.deleted_at', 'is', null);
  const rows = await viaRole.union(viaGroups).execute();
  return [...new Set(rows.map((row) => row.ability))].sort();
}

export async function licencesOf(db: DB, userId: number, companyId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('user_licences')
    .select('licence')
    .where('user_id', '=', userId)
    .where('company_id', '=', companyId)
    .orderBy('licence')
    .execute();
  return rows.map((row) => row.licence);
}

/** Whether the user's membership of the company waits for them to accept its invitation (invitation-acceptance.ts). */
export async function invitationPending(db: DB, userId: number, companyId: number): Promise<boolean> {
  const open = await db
    .selectFrom('invitations')
    .select('id')
    .where('user_id', '=', userId)
    .where('company_id', '=', companyId)
    .where('accepted_at', 'is', null)
    .executeTakeFirst();
  return !!open;
}

/** The session user of spec 1 §3 for a user in a company (a member whose invitation is open is not one yet). */
export async function sessionUser(db: DB, userId: number, company: Company): Promise<SessionUser | null> {
  const user = await db
    .selectFrom('users')
    .leftJoin('company_user', (join) =>
      join.onRef('company_user.user_id', '=', 'users.id').on('company_user.company_id', '=', company.id),
    )
    .select([
      'users.id',
      'users.name',
      'users.username',
      'users.email',
      'users.profile_image',
      'users.admin',
      'users.autodesk_connected',
      'users.autodesk_scope_outdated',
      'company_user.user_id as member',
    ])
    .where('users.id', '=', userId)
    .where('users.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!user || (!user.member && !user.admin)) return null;
  if (!user.admin && (await invitationPending(db, userId, company.id))) return null;
  const [abilities, licenses] = await Promise.all([
    abilitiesOf(db, userId, company.id),
    licencesOf(db, userId, company.id),
  ]);
  const { member: _member, ...fields } = user;
  return { ...fields, abilities, licenses };
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
  const company = await requestTenant(request);
  if (!token || !company) throw unauthenticated();
  const row = await db
    .selectFrom('access_tokens')
    .select(['id', 'user_id', 'expires_at'])
    .where('token_hash', '=', hashToken(token))
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  if (!row) throw unauthenticated();
  const user = await sessionUser(db, row.user_id, company);
  if (!user) throw unauthenticated();
  return { user, company, tokenId: row.id, token, expiresAt: new Date(row.expires_at) };
}

/** Rejects with 403 unless the session's user is admin or holds one of the pipe-separated abilities. */
export function authorize(session: Session, ability: string): void {
  if (!hasAbility(session.user, ability)) throw forbidden();
}

export function requireAdmin(session: Session): void {
  if (!session.user.admin) throw forbidden();
}

/**
 * Rejects with 403 unless the session's company has bought the licence (at least one seat): the authoring-only
 * areas (spec 1 §2.8, spec 2 'hatch-only') need `hatch`. An administrator passes, as they pass every permission
 * and licence check (spec 1 §6), and as the portal's guards let them in.
 */
export async function requireCompanyLicence(db: DB, session: Session, licence: string): Promise<void> {
  if (session.user.admin) return;
  const row = await db
    .selectFrom('company_licences')
    .select('bought')
    .where('company_id', '=', session.company.id)
    .where('licence', '=', licence)
    .executeTakeFirst();
  if (!row || row.bought < 1) throw forbidden();
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
