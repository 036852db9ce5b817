/**
 * The administrators' issue list's request settings (spec 2 Admin, §3): the declaration
 * (admin-issue-reports.resource.tsx) and a first visit's request read them here.
 */
import type { ListSettings } from '@/declarations/types';
import { severityOptions, statusOptions } from './issue-report-values';

export default {
  name: 'admin/issue-reports',
  route: 'admin/issue_report',
  list: {
    sortKey: 'admin_issues',
    defaultSort: '-created_at',
    pageSize: 5,
    filters: [
      { key: 'severity', labelKey: 'issue.columns.severity', multiple: true, options: severityOptions },
      { key: 'status', labelKey: 'issue.columns.status', multiple: true, options: statusOptions },
    ],
  },
} satisfies ListSettings;
