/**
 * Route guards, used as a route's `preValidation` so that 401 and 403 come before any 422, as in Laravel
 * (middleware runs before validation). Handlers read the session with `authenticate(request)` (cached).
 */
import type { FastifyRequest } from 'fastify';
import { authenticate, authorize, requireAdmin, requireCompanyLicence } from './session';

/** Any member of the tenant (or an admin) with a valid token. */
export async function signedIn(request: FastifyRequest): Promise<void> {
  await authenticate(request);
}

/** Signed in and holding the ability (pipe-separated: any one of them); admins always pass. */
export function can(ability: string) {
  return async (request: FastifyRequest): Promise<void> => authorize(await authenticate(request), ability);
}

/** Signed in with the admin flag. */
export async function adminOnly(request: FastifyRequest): Promise<void> {
  requireAdmin(await authenticate(request));
}

/**
 * Another guard, then the company's licence (a hatch-only area's routes: `licensed('hatch', can('list-materials'))`):
 * 403 in Laravel's shape when the company has bought none.
 */
export function licensed(licence: string, guard: (request: FastifyRequest) => Promise<void>) {
  return async (request: FastifyRequest): Promise<void> => {
    await guard(request);
    await requireCompanyLicence(request.server.ctx.db, await authenticate(request), licence);
  };
}
