/**
 * Company endpoints: the public tenant lookup (login page, theme), the signed-in user's company with its
 * licences and its update (the company profile, `server/domain/my-company-update.ts`), and the companies the user
 * belongs to (tenant switcher).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LICENCE_KEYS } from '../../shared/platforms';
import { type CompanyProfile, CompanyProfileSchema } from '../../shared/entities/company-profile';
import { authenticate } from '../auth/session';
import { modelNotFound } from '../errors/http-errors';
import { guard, guarded } from '../http/guarded-route';
import { DataSchema } from '../http/responses';
import { Nullable } from '../http/schema-types';
import { type Company, presentTenant } from '../auth/tenancy';
import { FORM_CONTENT_TYPES } from '../http/request-input';
import { fileUrl } from '../http/stored-files';
import { MyCompanyUpdateBody, updateMyCompany } from '../domain/my-company-update';
import { TenantSchema } from '../domain/schemas';

/** The company profile, declared once in `shared/entities/company-profile.ts`. */
const MyCompanySchema = CompanyProfileSchema;

const CompanySummarySchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  sub_domain: Type.String(),
  logo: Nullable(Type.String()),
});

/** Bought and used (members holding it) per licence key, every key listed. */
export async function licencesOf(request: FastifyRequest, companyId: number) {
  const { db } = request.server.ctx;
  const [bought, used] = await Promise.all([
    db
      .selectFrom('company_licences')
      .select(['licence', 'bought'])
      .where('company_id', '=', companyId)
      .execute(),
    db
      .selectFrom('user_licences')
      .innerJoin('company_user', (join) =>
        join
          .onRef('company_user.user_id', '=', 'user_licences.user_id')
          .onRef('company_user.company_id', '=', 'user_licences.company_id'),
      )
      .innerJoin('users', 'users.id', 'user_licences.user_id')
      .select(['user_licences.licence', (eb) => eb.fn.countAll<number>().as('used')])
      .where('user_licences.company_id', '=', companyId)
      .where('users.deleted_at', 'is', null)
      .groupBy('user_licences.licence')
      .execute(),
  ]);
  return LICENCE_KEYS.map((key) => ({
    key,
    bought: bought.find((row) => row.licence === key)?.bought ?? 0,
    used: Number(used.find((row) => row.licence === key)?.used ?? 0),
  }));
}

async function demoModelOf(request: FastifyRequest, company: Company) {
  if (!company.demo_model_id) return null;
  const model = await request.server.ctx.db
    .selectFrom('project_models')
    .select(['id', 'name', 'preview_image_url'])
    .where('id', '=', company.demo_model_id)
    .where('company_id', '=', company.id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return model ? { ...model, preview_image_url: fileUrl(request, model.preview_image_url) } : null;
}

async function presentMyCompany(request: FastifyRequest, company: Company) {
  const [licenses, demoModel] = await Promise.all([
    licencesOf(request, company.id),
    demoModelOf(request, company),
  ]);
  return {
    ...presentTenant(company),
    logo: fileUrl(request, company.logo),
    background_image: fileUrl(request, company.background_image),
    address: company.address,
    postal_code: company.postal_code,
    country: company.country,
    city: company.city,
    phone_number: company.phone_number,
    website: company.website,
    description: company.description,
    autodesk_integration: company.autodesk_integration as CompanyProfile['autodesk_integration'],
    demo_model: demoModel,
    licenses,
  };
}

export default async function companyRoutes(server: FastifyInstance): Promise<void> {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/companies/my-company',
    guarded(guard.signedIn, {
      tags: ['companies'],
      summary: "The signed-in user's company (the tenant of the host), with licences bought and used",
      response: { 200: DataSchema(MyCompanySchema) },
    }),
    async (request) => {
      const { company } = await authenticate(request);
      return { data: await presentMyCompany(request, company) };
    },
  );

  app.patch(
    '/companies/my-company',
    guarded(
      guard.ability('edit-company'),
      {
        tags: ['companies'],
        summary:
          "Saves the user's company (multipart: details, colours, demo model, logo jpeg/png/bmp, background image jpeg/bmp; Autodesk option admin only); also POST with _method=PATCH",
        consumes: FORM_CONTENT_TYPES,
        body: MyCompanyUpdateBody,
        response: { 200: DataSchema(MyCompanySchema) },
      },
      { activity: { message: 'companyProfileUpdated' } },
    ),
    async (request) => {
      const session = await authenticate(request);
      const updated = await updateMyCompany(request, session, request.body);
      return { data: await presentMyCompany(request, updated) };
    },
  );

  app.get(
    '/companies',
    guarded(guard.signedIn, {
      tags: ['companies'],
      summary: 'The companies the user belongs to (admins: every company), by name — the tenant switcher',
      response: { 200: DataSchema(Type.Array(CompanySummarySchema)) },
    }),
    async (request) => {
      const { user } = await authenticate(request);
      let query = app.ctx.db
        .selectFrom('companies')
        .select(['companies.id', 'companies.name', 'companies.sub_domain', 'companies.logo'])
        .where('companies.deleted_at', 'is', null)
        .orderBy('companies.name')
        .orderBy('companies.id');
      if (!user.admin) {
        query = query.where((eb) =>
          eb.exists(
            eb
              .selectFrom('company_user')
              .select('company_user.user_id')
              .whereRef('company_user.company_id', '=', 'companies.id')
              .where('company_user.user_id', '=', user.id),
          ),
        );
        // A company whose invitation the user has not accepted yet is not one they can switch to.
        query = query.where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('invitations')
                .select('invitations.id')
                .whereRef('invitations.company_id', '=', 'companies.id')
                .where('invitations.user_id', '=', user.id)
                .where('invitations.accepted_at', 'is', null),
            ),
          ),
        );
      }
      const companies = await query.execute();
      return { data: companies.map((company) => ({ ...company, logo: fileUrl(request, company.logo) })) };
    },
  );

  app.get(
    '/companies/:subdomain',
    guarded(guard.public("the login page reads its tenant's name and theme before anyone signs in"), {
      tags: ['companies'],
      summary: 'The tenant of a subdomain (public)',
      params: Type.Object({ subdomain: Type.String() }),
      response: { 200: DataSchema(TenantSchema) },
    }),
    async (request) => {
      const { subdomain } = request.params;
      const company = await app.ctx.db
        .selectFrom('companies')
        .selectAll()
        .where('sub_domain', '=', subdomain.toLowerCase())
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (!company) throw modelNotFound('Company', subdomain);
      return { data: { ...presentTenant(company), logo: fileUrl(request, company.logo) } };
    },
  );
}
