/** Every /api/v2 endpoint group, one module per entity. */
import type { FastifyInstance } from 'fastify';
import { companyRoutes } from './companies';

export async function registerApi(app: FastifyInstance): Promise<void> {
  await app.register(companyRoutes);
}
