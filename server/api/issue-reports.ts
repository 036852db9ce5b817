/**
 * Issue reports (spec 2 §3, §Admin, §7). Every signed-in user sends one (`POST /issue-reports`, multipart with an
 * optional screenshot); administrators list them across companies (`GET /admin/issue-reports`: search, filters
 * severity, status, company_id, user_id), read one, change its status and delete it (its screenshot goes once the
 * delete has committed). The admin side is a platform entity of the CRUD helper (`server/http/crud/`,
 * `scope: 'platform'`; the update body is the status alone); the submission, for the sender's own company, is its
 * special route beside it (made with `issueReports.route`).
 */
import { ISSUE_REPORT_ABILITIES } from '../../shared/entities/issue-report-values';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
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
import { authenticate } from '../auth/session';
import type { DB } from '../db/database';
import type { IssueReportsTable } from '../db/schema';
import { SIGNED_IN } from '../http/crud/declaration';
import { defineEntity } from '../http/crud/entity';
import { invalidField } from '../errors/http-errors';
import { enumFilter } from '../http/listing';
import { DataSchema } from '../http/responses';
import { FORM_CONTENT_TYPES } from '../http/request-input';
import { iso, toBoolean } from '../http/schema-types';
import { acceptUpload, storeUpload } from '../http/multipart-files';
import { IMAGE_RULES } from '../uploads/image-uploads';
import { fileUrl } from '../http/stored-files';
import { PARTY_COLUMNS, PARTY_SEARCH, type PartyRow, presentParties } from '../domain/report-parties';
import { STORAGE_FOLDERS } from '../storage/storage-folders';

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

/** Severity sorts from lowest to highest, not alphabetically. */
const severityRank = sql<number>`array_position(${sql.val([...ISSUE_SEVERITIES])}::text[], issue_reports.severity)`;
const statusRank = sql<number>`array_position(${sql.val([...ISSUE_STATUSES])}::text[], issue_reports.status)`;

export const issueReports = defineEntity({
  collection: 'admin/issue-reports',
  resource: 'issue_reports',
  tag: 'issue reports',
  model: 'IssueReport',
  entity: 'issue_report',
  table: 'issue_reports',
  fileColumns: ['screenshot'],
  scope: 'platform',
  abilities: ISSUE_REPORT_ABILITIES,
  schemas: { input: IssueReportInputSchema, update: IssueReportStatusSchema, item: IssueReportSchema },
  rows: (db) => reports(db),
  nameOf: (report) => `#${report.id}`,
  list: () => ({
    sorts: {
      id: 'issue_reports.id',
      status: statusRank,
      severity: severityRank,
      created_at: 'issue_reports.created_at',
      updated_at: 'issue_reports.updated_at',
    },
    defaultSort: '-created_at',
    search: ['issue_reports.description', ...PARTY_SEARCH],
    filters: {
      severity: enumFilter(ISSUE_SEVERITIES, (eb, severities) =>
        eb('issue_reports.severity', 'in', severities),
      ),
      status: enumFilter(ISSUE_STATUSES, (eb, statuses) => eb('issue_reports.status', 'in', statuses)),
      company_id: { type: 'integer', where: (eb, ids) => eb('issue_reports.company_id', 'in', ids) },
      user_id: { type: 'integer', where: (eb, ids) => eb('issue_reports.user_id', 'in', ids) },
    },
  }),
  present: async ({ request }, rows) => rows.map((row) => present(request, row)),
  /** An administrator changes the status only (the update body is `IssueReportStatusSchema`). */
  async update({ db, request }, report) {
    const { status } = request.body as { status: IssueStatus };
    await db
      .updateTable('issue_reports')
      .set({ status, updated_at: new Date() })
      .where('id', '=', report.id)
      .execute();
  },
  /** The row, and its screenshot once the delete has committed. */
  async remove({ db, request }, report) {
    await db.deleteFrom('issue_reports').where('id', '=', report.id).execute();
    const { screenshot } = report;
    if (screenshot) return () => request.server.ctx.storage.delete(screenshot);
  },
  summaries: {
    list: 'Issue reports of every company (admin; list conventions, default sort -created_at)',
    show: 'One issue report (admin)',
    update: "Changes an issue report's status (admin)",
    delete: 'Deletes an issue report and its screenshot (admin)',
  },
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

export default async function issueReportRoutes(server: FastifyInstance): Promise<void> {
  await issueReports.register(server);
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const { db, storage } = app.ctx;

  app.post(
    '/issue-reports',
    issueReports.route(
      SIGNED_IN,
      'Sends an issue report for the company (every signed-in user; multipart, screenshot jpeg/png/bmp)',
      {
        consumes: FORM_CONTENT_TYPES,
        body: IssueReportInputSchema,
        response: { 201: DataSchema(IssueReportSchema) },
      },
      { activity: { message: 'issueReported' } },
    ),
    async (request, reply) => {
      const session = await authenticate(request);
      const body = request.body;
      const products = selectedProducts(body.products);
      const screenshot = await acceptUpload(body.screenshot, 'screenshot', IMAGE_RULES.screenshot);
      const key = screenshot
        ? await storeUpload(storage, STORAGE_FOLDERS.issueScreenshots, screenshot)
        : null;
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
      return reply.status(201).send({ data: present(request, await issueReports.findById(db, 0, id)) });
    },
  );
}
