/** Issue reports for administrators (spec 2 §Admin, §3, §9): every company's reports, 5 per page, newest first;
 * a row opens the overview (state admin), where the status changes; delete after a confirmation.
 * Server: server/api/issue-reports.ts; record: shared/entities/issue-reports.ts. */
import { BugOutlined, EyeOutlined } from '@ant-design/icons';
import type { IssueReport } from '@shared/entities/issue-reports';
import { defineResource } from '../types';
import { selectedProducts, severityOptions, statusOptions } from './issue-report-values';

const ADMIN = { admin: true } as const;

const overview = (report: Pick<IssueReport, 'id'>) => ({
  to: `/admin/issue_report/overview/${report.id}`,
  state: { admin: true },
});

export default defineResource<IssueReport>({
  name: 'admin/issue-reports',
  ns: 'reports',
  screen: 'issueReports',
  idParam: 'issueId',
  routes: { list: 'admin/issue_report', show: 'admin/issue_report/overview/:issueId' },
  guard: ADMIN,
  permission: ADMIN,
  navigation: { labelKey: 'nav.issueReports', icon: <BugOutlined aria-hidden />, group: 'admin', order: 40 },
  list: {
    sortKey: 'admin_issues',
    defaultSort: '-created_at',
    pageSize: 5,
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
    filters: [
      { key: 'severity', labelKey: 'issue.columns.severity', multiple: true, options: severityOptions },
      { key: 'status', labelKey: 'issue.columns.status', multiple: true, options: statusOptions },
    ],
    rowActions: [{ key: 'view', labelKey: 'issue.view', icon: <EyeOutlined aria-hidden />, to: overview }],
    rowLink: { to: overview },
  },
  deletion: { confirmKey: 'issue.deleteConfirm', answerNameKey: 'issue_report_name' },
  pages: { show: () => import('./IssueReportOverviewPage') },
});
