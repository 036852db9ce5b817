/** The request's session and database that every endpoint and hook of a declared entity works with. */
import type { FastifyRequest } from 'fastify';
import { authenticate } from '../../auth/session';
import type { CrudContext } from './declaration';

/** The request's session and database, for hooks. */
export async function contextOf(request: FastifyRequest): Promise<CrudContext> {
  return { request, session: await authenticate(request), db: request.server.ctx.db };
}
