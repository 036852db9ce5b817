/**
 * Feedback reports (spec 2 §3, §Admin, §7). Every signed-in user rates the portal (`POST /feedback-reports`:
 * 1 to 5 stars and an optional comment, for their own company); administrators list them across companies
 * (`GET /admin/feedback-reports`: search, filters rating, company_id, user_id), read one and delete one. The
 * admin side is a platform entity of the CRUD helper (`server/http/crud/`, `scope: 'platform'`, list, show and
 * delete only); the submission is its special route beside it (made with `feedbackReports.route`).
 */
import { FEEDBACK_REPORT_ABILITIES } from '../../shared/entities/feedback-report-values';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import { FeedbackReportInputSchema, FeedbackReportSchema } from '../../shared/entities/feedback-reports';
import { authenticate } from '../auth/session';
import type { DB } from '../db/database';
import type { FeedbackReportsTable } from '../db/schema';
import { SIGNED_IN } from '../http/crud/declaration';
import { defineEntity } from '../http/crud/entity';
import { DataSchema } from '../http/responses';
import { FORM_CONTENT_TYPES } from '../http/request-input';
import { iso } from '../http/schema-types';
import { PARTY_COLUMNS, PARTY_SEARCH, type PartyRow, presentParties } from '../domain/report-parties';

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

export const feedbackReports = defineEntity({
  collection: 'admin/feedback-reports',
  resource: 'feedback_reports',
  tag: 'feedback reports',
  model: 'FeedbackReport',
  entity: 'feedback_report',
  table: 'feedback_reports',
  scope: 'platform',
  abilities: FEEDBACK_REPORT_ABILITIES,
  schemas: { input: FeedbackReportInputSchema, item: FeedbackReportSchema },
  rows: (db) => reports(db),
  nameOf: (report) => `#${report.id}`,
  list: () => ({
    sorts: {
      id: 'feedback_reports.id',
      rating: 'feedback_reports.rating',
      created_at: 'feedback_reports.created_at',
      updated_at: 'feedback_reports.updated_at',
    },
    defaultSort: '-created_at',
    search: ['feedback_reports.comment', ...PARTY_SEARCH],
    filters: {
      rating: { type: 'integer', where: (eb, ratings) => eb('feedback_reports.rating', 'in', ratings) },
      company_id: { type: 'integer', where: (eb, ids) => eb('feedback_reports.company_id', 'in', ids) },
      user_id: { type: 'integer', where: (eb, ids) => eb('feedback_reports.user_id', 'in', ids) },
    },
  }),
  present: async (_ctx, rows) => rows.map(present),
  summaries: {
    list: 'Feedback reports of every company (admin; list conventions, default sort -created_at)',
    show: 'One feedback report (admin)',
    delete: 'Deletes a feedback report (admin)',
  },
});

export default async function feedbackReportRoutes(server: FastifyInstance): Promise<void> {
  await feedbackReports.register(server);
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app.ctx;

  app.post(
    '/feedback-reports',
    feedbackReports.route(
      SIGNED_IN,
      'Sends a feedback report for the company (every signed-in user)',
      {
        consumes: FORM_CONTENT_TYPES,
        body: FeedbackReportInputSchema,
        response: { 201: DataSchema(FeedbackReportSchema) },
      },
      { activity: { message: 'feedbackSent' } },
    ),
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
      return reply.status(201).send({ data: present(await feedbackReports.findById(db, 0, id)) });
    },
  );
}
