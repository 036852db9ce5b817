/** The tenant of a request is the company named by the subdomain of its Host header (spec 1 §7). */
import type { FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import { parseHost } from '../../shared/host';
import type { CompaniesTable } from '../db/schema';

export type Company = Selectable<CompaniesTable>;

const tenants = new WeakMap<FastifyRequest, Promise<Company | null>>();

/** The subdomain the request was sent to (X-Forwarded-Host only from a trusted proxy), or null on the public host. */
export function requestSubdomain(request: FastifyRequest): string | null {
  return parseHost(request.host ?? '', request.server.ctx.config.domain).company;
}

/** The company of the request's host (cached per request); null on the public host or an unknown subdomain. */
export function requestTenant(request: FastifyRequest): Promise<Company | null> {
  let tenant = tenants.get(request);
  if (!tenant) {
    const subdomain = requestSubdomain(request);
    tenant = subdomain
      ? request.server.ctx.db
          .selectFrom('companies')
          .selectAll()
          .where('sub_domain', '=', subdomain)
          .where('deleted_at', 'is', null)
          .executeTakeFirst()
          .then((row) => row ?? null)
      : Promise.resolve(null);
    tenants.set(request, tenant);
  }
  return tenant;
}

/** The shell's view of a company (spec 1 §3). */
export function presentTenant(company: Company) {
  return {
    id: company.id,
    name: company.name,
    logo: company.logo,
    sub_domain: company.sub_domain,
    colors: {
      primary_color: company.primary_color,
      primary_accent: company.primary_accent,
      is_default: company.colors_is_default,
    },
  };
}
