/** Feedback report submission (spec 1 §2.7 /feedback_report, spec 2 §3): every signed-in user rates the portal
 * with 1 to 5 stars and an optional comment. Server: server/api/feedback-reports.ts. */
import { defineResource } from '@/declarations/types';

export default defineResource({
  name: 'feedback-reports',
  ns: 'feedback',
  screen: 'feedbackReport',
  idParam: 'feedbackId',
  routes: { extra: [{ path: 'feedback_report', screen: 'feedbackReport', action: 'create' }] },
  form: {
    schema: () =>
      import('@shared/entities/feedback-reports').then((entity) => entity.FeedbackReportInputSchema),
    successKey: 'sent',
    fields: [
      { name: 'rating', labelKey: 'rating', kind: 'rating' },
      { name: 'comment', labelKey: 'comment', kind: 'textarea' },
    ],
  },
});
