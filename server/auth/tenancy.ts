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

/** The tenant of a request found otherwise (with its session: auth/session.ts), so the request does not read it again. */
export function rememberTenant(request: FastifyRequest, company: Company): Company {
  tenants.set(request, Promise.resolve(company));
  return company;
}

/** The timestamp columns of `companies`: every one, or the type check below fails. */
const COMPANY_TIMESTAMPS = ['created_at', 'updated_at', 'deleted_at'] as const;
type CompanyTimestamp = {
  [K in keyof Company]: Date extends NonNullable<Company[K]> ? K : never;
}[keyof Company];
const everyTimestampListed: [Exclude<CompanyTimestamp, (typeof COMPANY_TIMESTAMPS)[number]>] extends [never]
  ? true
  : never = true;
void everyTimestampListed;

/** A company row as `row_to_json(companies.*)` gives it: timestamps as ISO strings. */
export type CompanyJson = {
  [K in keyof Company]: K extends CompanyTimestamp ? string | Extract<Company[K], null> : Company[K];
};

export function companyFromJson(json: CompanyJson): Company {
  const company: Record<string, unknown> = { ...json };
  for (const key of COMPANY_TIMESTAMPS) {
    const value = json[key];
    company[key] = value === null ? null : new Date(value);
  }
  return company as Company;
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
