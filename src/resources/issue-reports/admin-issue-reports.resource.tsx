/** Issue reports for administrators (spec 2 §Admin, §3, §9): every company's reports, 5 per page, newest first;
 * a row opens the overview (state admin), where the status changes; delete after a confirmation.
 * Server: server/api/issue-reports.ts; record: shared/entities/issue-reports.ts. */
import BugOutlined from '@ant-design/icons-svg/es/asn/BugOutlined';
import EyeOutlined from '@ant-design/icons-svg/es/asn/EyeOutlined';
import { Glyph } from '@/ui/Glyph';
import { ISSUE_REPORT_ABILITIES } from '@shared/entities/issue-report-values';
import type { IssueReport } from '@shared/entities/issue-reports';
import { permissionsFrom } from '@/declarations/permissions-from';
import { defineOverview, defineResource } from '@/declarations/types';
import { selectedProducts } from './issue-report-values';
import settings from './list-settings';

const ADMIN = { admin: true } as const;

const overview = (report: Pick<IssueReport, 'id'>) => ({
  to: `/admin/issue_report/overview/${report.id}`,
  state: { admin: true },
});

export default defineResource<IssueReport>({
  name: settings.name,
  ns: 'reports',
  screen: 'issueReports',
  idParam: 'issueId',
  routes: { list: settings.route, show: 'admin/issue_report/overview/:issueId' },
  guard: ADMIN,
  ...permissionsFrom(ISSUE_REPORT_ABILITIES),
  navigation: { labelKey: 'nav.issueReports', icon: <Glyph icon={BugOutlined} />, group: 'admin', order: 40 },
  list: {
    ...settings.list,
    loadingKey: 'issue.loading',
    columns: [
      { field: 'id', titleKey: 'issue.columns.id', sort: 'id', width: 72 },
      {
        field: 'status',
        titleKey: 'issue.columns.status',
        sort: 'status',
        render: (report, { t }) => t(`statuses.${report.status}`),
      },
      {
        field: 'severity',
        titleKey: 'issue.columns.severity',
        sort: 'severity',
        render: (report, { t }) => t(`severities.${report.severity}`),
      },
      {
        field: 'products',
        titleKey: 'issue.columns.products',
        hideBelow: 'lg',
        render: (report, { t }) =>
          selectedProducts(report.products)
            .map((product) => t(`products.${product}`))
            .join(', ') || t('none'),
      },
      {
        field: 'company',
        titleKey: 'issue.columns.company',
        hideBelow: 'md',
        render: (report, { t }) => report.company?.name ?? t('none'),
      },
      {
        field: 'user',
        titleKey: 'issue.columns.user',
        hideBelow: 'md',
        render: (report, { t }) => report.user?.name ?? t('none'),
      },
      { field: 'created_at', titleKey: 'issue.columns.created', kind: 'datetime', sort: 'created_at' },
    ],
    rowActions: [{ key: 'view', labelKey: 'issue.view', icon: <Glyph icon={EyeOutlined} />, to: overview }],
    rowLink: { to: overview },
  },
  deletion: { confirmKey: 'issue.deleteConfirm', answerNameKey: 'issue_report_name' },
  overview: defineOverview({ actions: [], page: () => import('./issue-reports.overview') }),
});
