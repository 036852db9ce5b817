/**
 * Issue reports (spec 2 §3, §Admin, §7). Every signed-in user sends one (`POST /issue-reports`, multipart with an
 * optional screenshot); administrators list them across companies (`GET /admin/issue-reports`: search, filters
 * severity, status, company_id, user_id), read one, change its status and delete it. Not built on the CRUD
 * helper (`server/http/crud/`): its rows and writes are per company, while these are read across companies
 * under /admin and written by the sender's own endpoint.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Selectable } from 'kysely';
import {
  ISSUE_PRODUCTS,
  ISSUE_SEVERITIES,
  ISSUE_STATUSES,
  type IssueProduct,
  IssueReportInputSchema,
  IssueReportSchema,
  IssueReportStatusSchema,
  type IssueSeverity,
  type IssueStatus,
} from '../../shared/entities/issue-reports';
import { adminOnly, signedIn } from '../auth/guards';
import { authenticate } from '../auth/session';
import type { DB } from '../db/database';
import type { IssueReportsTable } from '../db/schema';
import { foundOr404, IdParams } from '../http/crud/ids';
import { invalidField } from '../http/errors';
import { listQueryProperties } from '../http/list-query';
import { type ListSpec, listEndpoint } from '../http/listing';
import {
  DataSchema,
  DeletedSchema,
  deletedResponse,
  ListResponseSchema,
  PaginatedSchema,
} from '../http/responses';
import { FORM_CONTENT_TYPES } from '../http/request-input';
import { iso, MessageSchema, toBoolean } from '../http/schema-types';
import { acceptUpload, storeUpload, type UploadRule } from '../storage/uploads';
import { fileUrl } from './files';
import { filterIds, PARTY_COLUMNS, PARTY_SEARCH, type PartyRow, presentParties } from './report-parties';

const TAG = 'issue reports';
const security = [{ bearer: [] }];
const SCREENSHOT: UploadRule = { types: ['jpeg', 'png', 'bmp'], maxKilobytes: 5120 };

type IssueRow = Selectable<IssueReportsTable> & PartyRow;

const reports = (db: DB) =>
  db
    .selectFrom('issue_reports')
    .leftJoin('companies', 'companies.id', 'issue_reports.company_id')
    .leftJoin('users', 'users.id', 'issue_reports.user_id')
    .selectAll('issue_reports')
    .select(PARTY_COLUMNS);

function present(request: FastifyRequest, row: IssueRow) {
  return {
    id: row.id,
    status: row.status as IssueStatus,
    severity: row.severity as IssueSeverity,
    products: Object.fromEntries(row.products.map((product) => [product, '1' as const])),
    description: row.description,
    external_link: row.external_link,
    screenshot_url: fileUrl(request, row.screenshot),
    ...presentParties(row),
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
  };
}

type IssueItem = ReturnType<typeof present>;

/** Severity sorts from lowest to highest, not alphabetically. */
const severityRank = sql<number>`array_position(${sql.val([...ISSUE_SEVERITIES])}::text[], issue_reports.severity)`;
const statusRank = sql<number>`array_position(${sql.val([...ISSUE_STATUSES])}::text[], issue_reports.status)`;

const issueList = (request: FastifyRequest): ListSpec<'issue_reports', IssueRow, IssueItem> => ({
  resource: 'issue_reports',
  sorts: {
    id: 'issue_reports.id',
    status: statusRank,
    severity: severityRank,
    created_at: 'issue_reports.created_at',
    updated_at: 'issue_reports.updated_at',
  },
  defaultSort: '-created_at',
  tiebreaker: 'issue_reports.id',
  search: ['issue_reports.description', ...PARTY_SEARCH],
  filters: {
    severity: (eb, values) => eb('issue_reports.severity', 'in', values),
    status: (eb, values) => eb('issue_reports.status', 'in', values),
    company_id: (eb, values) => eb('issue_reports.company_id', 'in', filterIds(values)),
    user_id: (eb, values) => eb('issue_reports.user_id', 'in', filterIds(values)),
  },
  fields: Object.keys(IssueReportSchema.properties) as Array<keyof IssueItem>,
  present: async (rows) => rows.map((row) => present(request, row)),
});

/** The ticked products of `products[hatch]=1`; an unknown product key is a 422. */
function selectedProducts(
  products: Record<string, string | number | null> | undefined | null,
): IssueProduct[] {
  if (!products) return [];
  for (const key of Object.keys(products)) {
    if (!ISSUE_PRODUCTS.includes(key as IssueProduct)) {
      throw invalidField(`products.${key}`, `The selected products.${key} is invalid.`);
    }
  }
  return ISSUE_PRODUCTS.filter((product) => {
    const value = products[product];
    return (
      value !== undefined && value !== null && toBoolean(typeof value === 'number' ? value : String(value))
    );
  });
}

export async function issueReportRoutes(server: FastifyInstance): Promise<void> {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const { db, storage } = app.ctx;
  const findReport = (id: number) =>
    foundOr404(reports(db).where('issue_reports.id', '=', id).executeTakeFirst(), 'IssueReport', id);

  app.post(
    '/issue-reports',
    {
      preValidation: signedIn,
      schema: {
        tags: [TAG],
        summary:
          'Sends an issue report for the company (every signed-in user; multipart, screenshot jpeg/png/bmp)',
        consumes: FORM_CONTENT_TYPES,
        security,
        body: IssueReportInputSchema,
        response: { 201: DataSchema(IssueReportSchema) },
      },
    },
    async (request, reply) => {
      const session = await authenticate(request);
      const body = request.body;
      const products = selectedProducts(body.products);
      const screenshot = await acceptUpload(body.screenshot, 'screenshot', SCREENSHOT);
      const key = screenshot ? await storeUpload(storage, 'issue-reports', screenshot) : null;
      const { id } = await db
        .insertInto('issue_reports')
        .values({
          company_id: session.company.id,
          user_id: session.user.id,
          severity: body.severity,
          products,
          description: body.description,
          external_link: body.external_link ?? null,
          screenshot: key,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return reply.status(201).send({ data: present(request, await findReport(id)) });
    },
  );

  app.get(
    '/admin/issue-reports',
    {
      preValidation: adminOnly,
      schema: {
        tags: [TAG],
        summary: 'Issue reports of every company (admin; list conventions, default sort -created_at)',
        security,
        querystring: Type.Object(listQueryProperties),
        response: { 200: ListResponseSchema(PaginatedSchema(IssueReportSchema)) },
      },
    },
    async (request) => listEndpoint(request, reports(db), issueList(request), request.query),
  );

  app.get(
    '/admin/issue-reports/:id',
    {
      preValidation: adminOnly,
      schema: {
        tags: [TAG],
        summary: 'One issue report (admin)',
        security,
        params: IdParams,
        response: { 200: DataSchema(IssueReportSchema), 404: MessageSchema },
      },
    },
    async (request) => ({ data: present(request, await findReport(request.params.id)) }),
  );

  app.patch(
    '/admin/issue-reports/:id',
    {
      preValidation: adminOnly,
      schema: {
        tags: [TAG],
        summary: "Changes an issue report's status (admin)",
        consumes: FORM_CONTENT_TYPES,
        security,
        params: IdParams,
        body: IssueReportStatusSchema,
        response: { 200: DataSchema(IssueReportSchema), 404: MessageSchema },
      },
    },
    async (request) => {
      const report = await findReport(request.params.id);
      await db
        .updateTable('issue_reports')
        .set({ status: request.body.status, updated_at: new Date() })
        .where('id', '=', report.id)
        .execute();
      return { data: present(request, await findReport(report.id)) };
    },
  );

  app.delete(
    '/admin/issue-reports/:id',
    {
      preValidation: adminOnly,
      schema: {
        tags: [TAG],
        summary: 'Deletes an issue report and its screenshot (admin)',
        security,
        params: IdParams,
        response: { 200: DeletedSchema('issue_report'), 404: MessageSchema },
      },
    },
    async (request) => {
      const report = await findReport(request.params.id);
      await db.deleteFrom('issue_reports').where('id', '=', report.id).execute();
      if (report.screenshot) await storage.delete(report.screenshot);
      return deletedResponse('issue_report', `#${report.id}`);
    },
  );
}
