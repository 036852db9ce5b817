/**
 * The request's session and database that every endpoint and hook of a declared entity works with, and the checks
 * of an action's ability inside a handler that serves several actions (bulk, import).
 */
import type { FastifyRequest } from 'fastify';
import { anyOfRequired, type RequiredAbilities } from '../../../shared/abilities';
import { authenticate, authorize, requireAdmin, type Session } from '../../auth/session';
import { type AbilityRequirement, ADMIN_ONLY, type CrudContext, SIGNED_IN } from './declaration';

/** The request's session and database, for hooks. */
export async function contextOf(request: FastifyRequest): Promise<CrudContext> {
  return { request, session: await authenticate(request), db: request.server.ctx.db };
}

/**
 * The guard of a route serving several actions: what lets in anyone who may run one of them (the handler then
 * checks the chosen one's, `requireAbility`). A valid token when an action is SIGNED_IN; the admin flag when every
 * action is ADMIN_ONLY; else any one of the actions' abilities (administrators pass those too, so ADMIN_ONLY adds
 * nothing).
 */
export function eitherOf(requirements: readonly AbilityRequirement[]): AbilityRequirement {
  const abilities: RequiredAbilities[] = [];
  for (const requirement of requirements) {
    if (requirement === SIGNED_IN) return SIGNED_IN;
    if (requirement !== ADMIN_ONLY) abilities.push(requirement);
  }
  const [first, ...rest] = abilities;
  return first === undefined ? ADMIN_ONLY : anyOfRequired(first, ...rest);
}

/** 403 unless the session may: the admin flag for ADMIN_ONLY, the token alone for SIGNED_IN, else the ability. */
export function requireAbility(session: Session, requirement: AbilityRequirement): void {
  if (requirement === ADMIN_ONLY) requireAdmin(session);
  else if (requirement !== SIGNED_IN) authorize(session, requirement);
}
