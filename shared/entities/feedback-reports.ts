/** Feedback reports (spec 2 §3, §Admin): a rating of 1 to 5 stars with an optional comment. */
import { type Static, Type } from '@sinclair/typebox';
import { DateTime, Nullable } from '../schema-types';
import { ReportCompanySchema, ReportUserSchema } from './report-parties';

export { RATINGS } from './feedback-report-values';

export const FeedbackReportInputSchema = Type.Object({
  rating: Type.Integer({ minimum: 1, maximum: 5 }),
  comment: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
});

export const FeedbackReportSchema = Type.Object({
  id: Type.Integer(),
  rating: Type.Integer({ minimum: 1, maximum: 5 }),
  comment: Nullable(Type.String()),
  company: ReportCompanySchema,
  user: ReportUserSchema,
  created_at: DateTime,
  updated_at: DateTime,
});

export type FeedbackReport = Static<typeof FeedbackReportSchema>;
