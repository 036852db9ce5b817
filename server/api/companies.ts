/** Company endpoints: the public tenant lookup used by the login page and the theme. */
import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../http/errors';
import { presentTenant } from '../http/tenancy';
import { TenantSchema } from './schemas';

export async function companyRoutes(server: FastifyInstance): Promise<void> {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/companies/:subdomain',
    {
      schema: {
        tags: ['companies'],
        summary: 'The tenant of a subdomain (public)',
        params: Type.Object({ subdomain: Type.String() }),
        response: { 200: Type.Object({ data: TenantSchema }) },
      },
    },
    async (request) => {
      const { subdomain } = request.params;
      const company = await app.ctx.db
        .selectFrom('companies')
        .selectAll()
        .where('sub_domain', '=', subdomain.toLowerCase())
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (!company) throw notFound(`No query results for model [App\\Models\\Company] ${subdomain}`);
      return { data: presentTenant(company) };
    },
  );
}
