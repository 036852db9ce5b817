/**
 * Feedback reports (spec 2 §3, §Admin, §7). Every signed-in user rates the portal (`POST /feedback-reports`:
 * 1 to 5 stars and an optional comment); administrators list them across companies (`GET
 * /admin/feedback-reports`: search, filters rating, company_id, user_id), read one and delete one. Not on the CRUD
 * helper for the reason issue reports are not (server/api/issue-reports.ts).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import { FeedbackReportInputSchema, FeedbackReportSchema } from '../../shared/entities/feedback-reports';
import { adminOnly, signedIn } from '../auth/guards';
import { authenticate } from '../auth/session';
import type { DB } from '../db/database';
import type { FeedbackReportsTable } from '../db/schema';
import { foundOr404, IdParams } from '../http/crud/ids';
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
import { iso, MessageSchema } from '../http/schema-types';
import { filterIds, PARTY_COLUMNS, PARTY_SEARCH, type PartyRow, presentParties } from './report-parties';

const TAG = 'feedback reports';
const security = [{ bearer: [] }];

type FeedbackRow = Selectable<FeedbackReportsTable> & PartyRow;

const reports = (db: DB) =>
  db
    .selectFrom('feedback_reports')
    .leftJoin('companies', 'companies.id', 'feedback_reports.company_id')
    .leftJoin('users', 'users.id', 'feedback_reports.user_id')
    .selectAll('feedback_reports')
    .select(PARTY_COLUMNS);

const present = (row: FeedbackRow) => ({
  id: row.id,
  rating: row.rating,
  comment: row.comment,
  ...presentParties(row),
  created_at: iso(row.created_at)!,
  updated_at: iso(row.updated_at)!,
});

type FeedbackItem = ReturnType<typeof present>;

const feedbackList: ListSpec<'feedback_reports', FeedbackRow, FeedbackItem> = {
  resource: 'feedback_reports',
  sorts: {
    id: 'feedback_reports.id',
    rating: 'feedback_reports.rating',
    created_at: 'feedback_reports.created_at',
    updated_at: 'feedback_reports.updated_at',
  },
  defaultSort: '-created_at',
  tiebreaker: 'feedback_reports.id',
  search: ['feedback_reports.comment', ...PARTY_SEARCH],
  filters: {
    rating: (eb, values) => eb('feedback_reports.rating', 'in', filterIds(values)),
    company_id: (eb, values) => eb('feedback_reports.company_id', 'in', filterIds(values)),
    user_id: (eb, values) => eb('feedback_reports.user_id', 'in', filterIds(values)),
  },
  fields: Object.keys(FeedbackReportSchema.properties) as Array<keyof FeedbackItem>,
  present: async (rows) => rows.map(present),
};

export async function feedbackReportRoutes(server: FastifyInstance): Promise<void> {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app.ctx;
  const findReport = (id: number) =>
    foundOr404(reports(db).where('feedback_reports.id', '=', id).executeTakeFirst(), 'FeedbackReport', id);

  app.post(
    '/feedback-reports',
    {
      preValidation: signedIn,
      schema: {
        tags: [TAG],
        summary: 'Sends a feedback report for the company (every signed-in user)',
        consumes: FORM_CONTENT_TYPES,
        security,
        body: FeedbackReportInputSchema,
        response: { 201: DataSchema(FeedbackReportSchema) },
      },
    },
    async (request, reply) => {
      const session = await authenticate(request);
      const { id } = await db
        .insertInto('feedback_reports')
        .values({
          company_id: session.company.id,
          user_id: session.user.id,
          rating: request.body.rating,
          comment: request.body.comment ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return reply.status(201).send({ data: present(await findReport(id)) });
    },
  );

  app.get(
    '/admin/feedback-reports',
    {
      preValidation: adminOnly,
      schema: {
        tags: [TAG],
        summary: 'Feedback reports of every company (admin; list conventions, default sort -created_at)',
        security,
        querystring: Type.Object(listQueryProperties),
        response: { 200: ListResponseSchema(PaginatedSchema(FeedbackReportSchema)) },
      },
    },
    async (request) => listEndpoint(request, reports(db), feedbackList, request.query),
  );

  app.get(
    '/admin/feedback-reports/:id',
    {
      preValidation: adminOnly,
      schema: {
        tags: [TAG],
        summary: 'One feedback report (admin)',
        security,
        params: IdParams,
        response: { 200: DataSchema(FeedbackReportSchema), 404: MessageSchema },
      },
    },
    async (request) => ({ data: present(await findReport(request.params.id)) }),
  );

  app.delete(
    '/admin/feedback-reports/:id',
    {
      preValidation: adminOnly,
      schema: {
        tags: [TAG],
        summary: 'Deletes a feedback report (admin)',
        security,
        params: IdParams,
        response: { 200: DeletedSchema('feedback_report'), 404: MessageSchema },
      },
    },
    async (request) => {
      const report = await findReport(request.params.id);
      await db.deleteFrom('feedback_reports').where('id', '=', report.id).execute();
      return deletedResponse('feedback_report', `#${report.id}`);
    },
  );
}
