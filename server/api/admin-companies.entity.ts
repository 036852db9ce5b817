/**
 * Companies as administrators manage them (spec 2 Admin, §3, §5, §7, §8): every tenant of the platform. Admin-only
 * list (`included_fields[]`; search on name, subdomain and fqdn; sorts name, sub_domain, fqdn, created, updated),
 * show, create and update (name; sub_domain a DNS label, unique, without a platform prefix; domain; licences bought
 * per licence key, never fewer than the members holding them; colours; logo), and delete: the company and
 * everything linked to it, in one transaction, refused for a company the user belongs to or works in; its stored
 * files and unfinished uploads are removed after the commit (server/domain/admin-companies-files.ts).
 */
import { COMPANY_ABILITIES } from '../../shared/entities/company-values';
import type { Selectable, Updateable } from 'kysely';
import { sql } from 'kysely';
import {
  CompanyDetailSchema,
  CompanyInputSchema,
  CompanySchema,
  type CompanyInput,
} from '../../shared/entities/companies';
import { LICENCE_KEYS, PLATFORM_KEYS } from '../../shared/platforms';
import type { DB } from '../db/database';
import type { CompaniesTable } from '../db/schema';
import type { CrudContext, Submitted } from '../http/crud/declaration';
import { defineEntity } from '../http/crud/entity';
import { type FieldErrors, HttpError, ValidationError } from '../errors/http-errors';
import { iso, toBoolean } from '../http/schema-types';
import { acceptUpload, storeUpload } from '../http/multipart-files';
import { IMAGE_RULES } from '../uploads/image-uploads';
import { companyFiles, removeCompanyFiles, unreferencedKeys } from '../domain/admin-companies-files';
import { allValid, notEmptied } from '../http/field-checks';
import { licencesOf } from './companies';
import { fileUrl } from '../http/stored-files';
import { STORAGE_FOLDERS } from '../storage/storage-folders';
import { inTransaction } from '../db/in-transaction';

type CompanyRow = Selectable<CompaniesTable>;
type Input = Submitted<CompanyInput>;

const LOGO_FOLDER = STORAGE_FOLDERS.adminCompanyLogos;

/** The host name a company is served under: `{sub_domain}.{domain}` (the portal's domain without one). */
const fqdnOf = (ctx: CrudContext, subDomain: string, domain: string | null | undefined) =>
  `${subDomain}.${domain ?? ctx.request.server.ctx.config.domain.replace(/:\d+$/, '')}`;

/** The ids among `companyIds` of companies the user is a member of. */
async function memberships(db: DB, userId: number, companyIds: number[]): Promise<Set<number>> {
  if (!companyIds.length) return new Set();
  const rows = await db
    .selectFrom('company_user')
    .select('company_id')
    .where('user_id', '=', userId)
    .where('company_id', 'in', companyIds)
    .execute();
  return new Set(rows.map((row) => row.company_id));
}

/** Unique among every company (also deleted ones: the column is unique), and no platform prefix (`hatch-x`). */
async function checkSubDomain(db: DB, subDomain: string | null | undefined, companyId: number | null) {
  if (!subDomain) return;
  const prefix = PLATFORM_KEYS.find((platform) => subDomain.startsWith(`${platform}-`));
  if (prefix) {
    throw new ValidationError({ sub_domain: [`The sub domain may not start with "${prefix}-".`] });
  }
  let query = db.selectFrom('companies').select('id').where('sub_domain', '=', subDomain);
  if (companyId !== null) query = query.where('id', '<>', companyId);
  if (await query.executeTakeFirst()) {
    throw new ValidationError({ sub_domain: ['The sub domain has already been taken.'] });
  }
}

/** Licences bought may not drop below the members holding them: `licenses.hatch`. */
async function checkLicences(db: DB, licences: Input['licenses'], companyId: number | null) {
  if (!licences || companyId === null) return;
  const used = await db
    .selectFrom('user_licences')
    .innerJoin('company_user', (join) =>
      join
        .onRef('company_user.user_id', '=', 'user_licences.user_id')
        .onRef('company_user.company_id', '=', 'user_licences.company_id'),
    )
    .select(['user_licences.licence', (eb) => eb.fn.countAll<number>().as('used')])
    .where('user_licences.company_id', '=', companyId)
    .groupBy('user_licences.licence')
    .execute();
  const errors: FieldErrors = {};
  for (const { licence, used: count } of used) {
    const bought = licences[licence as keyof typeof licences];
    if (bought !== undefined && bought !== null && bought < Number(count)) {
      errors[`licenses.${licence}`] = [`The ${licence} licenses may not be fewer than the ${count} in use.`];
    }
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
}

/** Every check of a create or update at once; answers the accepted logo (undefined: unchanged). */
async function checked(ctx: CrudContext, input: Input, row: CompanyRow | null) {
  const companyId = row?.id ?? null;
  const [, , , logo] = await allValid([
    notEmptied(input, ['name', 'sub_domain']),
    checkSubDomain(ctx.db, input.sub_domain, companyId),
    checkLicences(ctx.db, input.licenses, companyId),
    'logo' in input ? acceptUpload(input.logo, 'logo', IMAGE_RULES.logo) : Promise.resolve(undefined),
  ] as const);
  return logo;
}

/** The company's columns the input sets. */
function columnsOf(ctx: CrudContext, input: Input, row: CompanyRow | null): Updateable<CompaniesTable> {
  const columns: Updateable<CompaniesTable> = {};
  if (input.name) columns.name = input.name;
  if ('domain' in input) columns.domain = input.domain ?? null;
  if (input.sub_domain) columns.sub_domain = input.sub_domain;
  if (input.sub_domain || 'domain' in input) {
    const subDomain = input.sub_domain ?? row!.sub_domain;
    columns.fqdn = fqdnOf(ctx, subDomain, 'domain' in input ? input.domain : row?.domain);
  }
  const colors = input.colors;
  if (colors) {
    if ('primary_color' in colors) columns.primary_color = colors.primary_color ?? null;
    if ('primary_accent' in colors) columns.primary_accent = colors.primary_accent ?? null;
    if (colors.is_default !== undefined && colors.is_default !== null) {
      columns.colors_is_default = toBoolean(colors.is_default);
    }
  }
  return columns;
}

async function saveLicences(trx: DB, companyId: number, licences: Input['licenses']) {
  for (const key of LICENCE_KEYS) {
    const bought = licences?.[key];
    if (bought === undefined || bought === null) continue;
    await trx
      .insertInto('company_licences')
      .values({ company_id: companyId, licence: key, bought })
      .onConflict((conflict) => conflict.columns(['company_id', 'licence']).doUpdateSet({ bought }))
      .execute();
  }
}

/** Tables with a `company_id` that no foreign key deletes along with the company (e.g. live_row_counts). */
async function unlinkedCompanyTables(trx: DB): Promise<string[]> {
  const { rows } = await sql<{ table_name: string }>`
    select cls.relname as table_name
    from pg_attribute attribute
    join pg_class cls on cls.oid = attribute.attrelid and cls.relkind = 'r'
    join pg_namespace ns on ns.oid = cls.relnamespace and ns.nspname = current_schema()
    where attribute.attname = 'company_id' and not attribute.attisdropped
      and not exists (
        select 1 from pg_constraint fk
        where fk.conrelid = cls.oid and fk.contype = 'f' and fk.confdeltype = 'c'
          and fk.confrelid = 'companies'::regclass and attribute.attnum = any (fk.conkey)
      )
  `.execute(trx);
  return rows.map((row) => row.table_name);
}

/** A list item: the company, whether it is the host's and whether the user may delete it. */
function presentCompany(ctx: CrudContext, row: CompanyRow, member: Set<number>) {
  const current = row.id === ctx.session.company.id;
  return {
    id: row.id,
    name: row.name,
    domain: row.domain,
    sub_domain: row.sub_domain,
    fqdn: row.fqdn,
    database: row.database,
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
    is_current: current,
    is_deletable: !member.has(row.id) && !current,
  };
}

export default defineEntity({
  collection: 'admin/companies',
  tag: 'admin-companies',
  model: 'Company',
  entity: 'company',
  answerNameKey: 'name',
  table: 'companies',
  fileColumns: ['logo', 'background_image'],
  scope: 'platform',
  abilities: COMPANY_ABILITIES,
  schemas: { input: CompanyInputSchema, item: CompanySchema, detail: CompanyDetailSchema },
  rows: (db) => db.selectFrom('companies').selectAll().where('companies.deleted_at', 'is', null),
  nameOf: (company) => company.name,
  list: () => ({
    sorts: {
      name: 'companies.name',
      sub_domain: 'companies.sub_domain',
      fqdn: 'companies.fqdn',
      database: 'companies.database',
      created_at: 'companies.created_at',
      updated_at: 'companies.updated_at',
    },
    defaultSort: '-created_at',
    search: ['companies.name', 'companies.sub_domain', 'companies.fqdn'],
  }),
  present: async (ctx, rows: CompanyRow[]) => {
    const member = await memberships(
      ctx.db,
      ctx.session.user.id,
      rows.map((row) => row.id),
    );
    return rows.map((row) => presentCompany(ctx, row, member));
  },
  detail: async (ctx, row) => {
    const [member, licenses] = await Promise.all([
      memberships(ctx.db, ctx.session.user.id, [row.id]),
      licencesOf(ctx.request, row.id),
    ]);
    return {
      ...presentCompany(ctx, row, member),
      logo: fileUrl(ctx.request, row.logo),
      colors: {
        primary_color: row.primary_color,
        primary_accent: row.primary_accent,
        is_default: row.colors_is_default,
      },
      licenses,
    };
  },
  create: async (ctx, input) => {
    const logo = await checked(ctx, input, null);
    const { storage } = ctx.request.server.ctx;
    const logoKey = logo ? await storeUpload(storage, LOGO_FOLDER, logo) : null;
    const subDomain = input.sub_domain!;
    const id = await inTransaction(ctx.db, async (trx) => {
      const created = await trx
        .insertInto('companies')
        .values({
          name: input.name!,
          sub_domain: subDomain,
          domain: input.domain ?? null,
          fqdn: fqdnOf(ctx, subDomain, input.domain),
          database: `tenant_${subDomain.replace(/-/g, '_')}`,
          logo: logoKey,
          primary_color: input.colors?.primary_color ?? null,
          primary_accent: input.colors?.primary_accent ?? null,
          colors_is_default:
            input.colors?.is_default === undefined || input.colors.is_default === null
              ? true
              : toBoolean(input.colors.is_default),
          background_image: null,
          address: null,
          postal_code: null,
          country: null,
          city: null,
          phone_number: null,
          website: null,
          description: null,
          demo_model_id: null,
          deleted_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await saveLicences(trx, created.id, input.licenses);
      return created.id;
    });
    return { id };
  },
  update: async (ctx, row, input) => {
    const logo = await checked(ctx, input, row);
    const { storage } = ctx.request.server.ctx;
    const logoKey = logo ? await storeUpload(storage, LOGO_FOLDER, logo) : undefined;
    const columns = columnsOf(ctx, input, row);
    if (logoKey !== undefined || ('logo' in input && input.logo === null)) columns.logo = logoKey ?? null;
    await inTransaction(ctx.db, async (trx) => {
      await trx
        .updateTable('companies')
        .set({ ...columns, updated_at: new Date() })
        .where('id', '=', row.id)
        .execute();
      await saveLicences(trx, row.id, input.licenses);
    });
    const replaced = 'logo' in columns && row.logo && row.logo !== columns.logo ? row.logo : null;
    return replaced ? () => storage.delete(replaced) : undefined;
  },
  remove: async (ctx, row) => {
    const member = await memberships(ctx.db, ctx.session.user.id, [row.id]);
    if (member.has(row.id)) throw new HttpError(403, 'You cannot delete your own company.');
    if (row.id === ctx.session.company.id) {
      throw new HttpError(403, 'You cannot delete the company you are working in.');
    }
    // Members who belong to no other company (and are no administrators) go with it.
    const leaving = await ctx.db
      .selectFrom('company_user')
      .innerJoin('users', 'users.id', 'company_user.user_id')
      .select('users.id')
      .where('company_user.company_id', '=', row.id)
      .where('users.admin', '=', false)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('company_user as other')
              .select('other.user_id')
              .whereRef('other.user_id', '=', 'users.id')
              .where('other.company_id', '<>', row.id),
          ),
        ),
      )
      .execute();
    const { entities, storage, uploads } = ctx.request.server.ctx;
    const files = await companyFiles(
      ctx.db,
      entities,
      row,
      leaving.map((user) => user.id),
    );
    await ctx.db.deleteFrom('companies').where('id', '=', row.id).execute();
    // After the cascade, whose triggers may still write counters of the company.
    for (const table of await unlinkedCompanyTables(ctx.db)) {
      await sql`delete from ${sql.table(table)} where company_id = ${row.id}`.execute(ctx.db);
    }
    if (leaving.length) {
      await ctx.db
        .deleteFrom('users')
        .where(
          'id',
          'in',
          leaving.map((user) => user.id),
        )
        .execute();
    }
    // Only once the delete has committed: a failed delete keeps every file.
    const gone = { ...files, keys: await unreferencedKeys(ctx.db, entities, files.keys) };
    return () => removeCompanyFiles(storage, uploads, gone);
  },
  summaries: {
    list: 'Every company of the platform (admin; list conventions, included_fields[])',
    delete:
      'Deletes a company and everything linked to it, in one transaction (admin); answers {name, status}',
  },
});
