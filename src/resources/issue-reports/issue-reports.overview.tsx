/**
 * The issue report overview (spec 2 §Admin, §3), declared for the generic overview page: every field of the
 * report, with its status changed in place (IssueStatusSelect), the external link, and the screenshot in a section
 * of its own.
 */
import { type HttpError, useUpdate } from '@refinedev/core';
import { ISSUE_STATUSES, type IssueReport, type IssueStatus } from '@shared/entities/issue-reports';
import { Image, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { defineOverviewPage, type OverviewPartProps } from '@/declarations/types';
import { selectedProducts } from './issue-report-values';
import settings from './list-settings';

/** The report's status, changed in place (the success notice names the new status). */
function IssueStatusSelect({ report }: { report: IssueReport }) {
  const { t } = useTranslation('reports');
  const { mutate: update, mutation } = useUpdate<IssueReport, HttpError, { status: IssueStatus }>();
  return (
    <Select<IssueStatus>
      id="issue-status"
      value={report.status}
      loading={mutation.isPending}
      disabled={mutation.isPending}
      style={{ minWidth: 160 }}
      onChange={(status) =>
        update({
          resource: settings.name,
          id: report.id,
          values: { status },
          successNotification: () => ({
            message: t('issue.statusChanged', { status: t(`statuses.${status}`) }),
            type: 'success',
          }),
        })
      }
      options={ISSUE_STATUSES.map((status) => ({ value: status, label: t(`statuses.${status}`) }))}
    />
  );
}

function IssueScreenshot({ record: report, context: { t } }: OverviewPartProps<IssueReport>) {
  return report.screenshot_url ? (
    // At most 320 px wide, narrower where the card is (a phone); a click shows it whole.
    <div style={{ maxWidth: 320 }}>
      <Image src={report.screenshot_url} alt={t('issue.screenshotAlt')} width="100%" />
    </div>
  ) : (
    <p className="muted">{t('issue.noScreenshot')}</p>
  );
}

export default defineOverviewPage<IssueReport>({
  titleId: 'issue-title',
  backKey: 'issue.back',
  title: (report, { t }) => t('issue.title', { id: report.id }),
  noneKey: 'none',
  fields: [
    { key: 'id', labelKey: 'issue.columns.id', field: 'id' },
    {
      key: 'status',
      labelKey: 'issue.columns.status',
      labelFor: 'issue-status',
      render: (report) => <IssueStatusSelect report={report} />,
    },
    {
      key: 'severity',
      labelKey: 'issue.columns.severity',
      render: (report, { t }) => t(`severities.${report.severity}`),
    },
    {
      key: 'products',
      labelKey: 'issue.columns.products',
      render: (report, { t }) => {
        const products = selectedProducts(report.products);
        return (
          products.length > 0 &&
          products.map((product) => <Tag key={product}>{t(`products.${product}`)}</Tag>)
        );
      },
    },
    { key: 'company', labelKey: 'issue.columns.company', render: (report) => report.company?.name },
    {
      key: 'user',
      labelKey: 'issue.columns.user',
      render: (report, { t }) =>
        report.user ? (
          <>
            {report.user.name} (<a href={`mailto:${report.user.email}`}>{report.user.email}</a>)
          </>
        ) : (
          t('issue.deletedUser')
        ),
    },
    { key: 'created', labelKey: 'issue.columns.created', field: 'created_at', kind: 'datetime' },
    { key: 'updated', labelKey: 'issue.columns.updated', field: 'updated_at', kind: 'datetime' },
    {
      key: 'externalLink',
      labelKey: 'issue.externalLink',
      span: 'filled',
      render: (report) =>
        report.external_link && (
          // A URL has no word to break at: it is cut with an ellipsis, the whole of it in its title.
          <a
            className="show-page__url"
            href={report.external_link}
            title={report.external_link}
            target="_blank"
            rel="noreferrer noopener"
          >
            {report.external_link}
          </a>
        ),
    },
    {
      key: 'description',
      labelKey: 'issue.description',
      span: 'filled',
      render: (report) => <span style={{ whiteSpace: 'pre-wrap' }}>{report.description}</span>,
    },
  ],
  sections: [{ id: 'issue-screenshot', titleKey: 'issue.screenshot', content: IssueScreenshot }],
});
