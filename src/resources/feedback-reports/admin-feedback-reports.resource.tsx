/** Feedback reports for administrators (spec 2 §Admin, §3, §4, §9): every company's ratings, 5 per page, newest
 * first; a row opens the overview; delete after a confirmation, then a success message.
 * Server: server/api/feedback-reports.ts; record: shared/entities/feedback-reports.ts. */
import EyeOutlined from '@ant-design/icons-svg/es/asn/EyeOutlined';
import StarOutlined from '@ant-design/icons-svg/es/asn/StarOutlined';
import { Glyph } from '@/ui/Glyph';
import { FEEDBACK_REPORT_ABILITIES } from '@shared/entities/feedback-report-values';
import type { FeedbackReport } from '@shared/entities/feedback-reports';
import { permissionsFrom } from '@/declarations/permissions-from';
import { defineResource } from '@/declarations/types';
import settings from './list-settings';
import { RatingStars } from './RatingStars';

const ADMIN = { admin: true } as const;

const overview = (report: Pick<FeedbackReport, 'id'>) => ({
  to: `/admin/feedback_report/overview/${report.id}`,
  state: { admin: true },
});

export default defineResource<FeedbackReport>({
  name: settings.name,
  ns: 'feedback',
  screen: 'feedbackReports',
  idParam: 'feedbackId',
  routes: { list: settings.route, show: 'admin/feedback_report/overview/:feedbackId' },
  guard: ADMIN,
  ...permissionsFrom(FEEDBACK_REPORT_ABILITIES),
  navigation: {
    labelKey: 'nav.feedbackReports',
    icon: <Glyph icon={StarOutlined} />,
    group: 'admin',
    order: 60,
  },
  list: {
    ...settings.list,
    loadingKey: 'loading',
    columns: [
      {
        field: 'rating',
        titleKey: 'columns.rating',
        sort: 'rating',
        render: (report, { t }) => (
          <RatingStars rating={report.rating} label={t('stars', { count: report.rating })} />
        ),
      },
      {
        field: 'company',
        titleKey: 'columns.company',
        render: (report, { t }) => report.company?.name ?? t('none'),
      },
      {
        field: 'user',
        titleKey: 'columns.user',
        hideBelow: 'sm',
        render: (report, { t }) => report.user?.name ?? t('none'),
      },
      { field: 'created_at', titleKey: 'columns.created', kind: 'datetime', sort: 'created_at' },
      {
        field: 'comment',
        titleKey: 'columns.comment',
        hideBelow: 'lg',
        ellipsis: true,
        render: (report, { t }) => report.comment ?? t('none'),
      },
    ],
    rowActions: [{ key: 'view', labelKey: 'view', icon: <Glyph icon={EyeOutlined} />, to: overview }],
    rowLink: { to: overview },
  },
  deletion: { confirmKey: 'deleteConfirm', answerNameKey: 'feedback_report_name' },
});
