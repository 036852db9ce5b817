/**
 * The administrators' feedback list's request settings (spec 2 Admin, §9): the declaration
 * (admin-feedback-reports.resource.tsx) and a first visit's request read them here.
 */
import { RATINGS } from '@shared/entities/feedback-report-values';
import type { ListSettings } from '@/declarations/types';

export default {
  name: 'admin/feedback-reports',
  route: 'admin/feedback_report',
  list: {
    sortKey: 'admin_feedback',
    defaultSort: '-created_at',
    pageSize: 5,
    filters: [
      {
        key: 'rating',
        labelKey: 'columns.rating',
        multiple: true,
        options: RATINGS.map((rating) => ({
          value: String(rating),
          labelKey: `ratingOption_${rating}`,
        })),
      },
    ],
  },
} satisfies ListSettings;
