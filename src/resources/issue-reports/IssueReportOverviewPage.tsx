/**
 * The issue report overview (spec 2 §Admin, §3): every field of the report, with its status changed in place, on
 * the layout of every overview (issue 31): the breadcrumbs back to the issue reports, the page header, the details
 * card (OverviewDetails) and the screenshot in a section of its own. Replaces the generic overview for the status
 * change, the screenshot and the external link.
 */
import { type HttpError, useShow, useUpdate } from '@refinedev/core';
import { ISSUE_STATUSES, type IssueReport, type IssueStatus } from '@shared/entities/issue-reports';
import { Image, Select, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Breadcrumbs } from '@/components/Breadcrumbs';
import { formatDate } from '@/components/cells';
import { LoadFailure } from '@/components/LoadFailure';
import { type OverviewDetail, OverviewDetails } from '@/components/OverviewDetails';
import { PageHeader } from '@/components/PageHeader';
import { PageSection } from '@/components/PageSection';
import type { ResourcePageProps } from '@/declarations/types';
import { selectedProducts } from './issue-report-values';
import '@/components/page.css';

export default function IssueReportOverviewPage({ resource }: ResourcePageProps) {
  const { t, i18n } = useTranslation('reports');
  const { t: tl } = useTranslation('lists');
  const id = useParams()[resource.idParam];
  const { query, result: report } = useShow<IssueReport, HttpError>({ resource: resource.name, id });
  const { mutate: update, mutation } = useUpdate<IssueReport, HttpError, { status: IssueStatus }>();
  const listPath = `/${resource.routes.list ?? 'admin/issue_report'}`;
  if (query.error) {
    return <LoadFailure error={query.error} back={{ to: listPath, label: t('issue.back') }} />;
  }
  if (!report) {
    return (
      <section className="show-page" aria-busy>
        <Skeleton active paragraph={{ rows: 8 }} aria-label={tl('loading')} />
      </section>
    );
  }

  const changeStatus = (status: IssueStatus) =>
    update({
      resource: resource.name,
      id: report.id,
      values: { status },
      successNotification: () => ({
        message: t('issue.statusChanged', { status: t(`statuses.${status}`) }),
        type: 'success',
      }),
    });
  const date = (value: string) => formatDate(value, i18n.resolvedLanguage, true);
  const products = selectedProducts(report.products);
  const title = t('issue.title', { id: report.id });

  const details: OverviewDetail[] = [
    { key: 'id', label: t('issue.columns.id'), children: report.id },
    {
      key: 'status',
      label: <label htmlFor="issue-status">{t('issue.columns.status')}</label>,
      children: (
        <Select<IssueStatus>
          id="issue-status"
          value={report.status}
          loading={mutation.isPending}
          disabled={mutation.isPending}
          style={{ minWidth: 160 }}
          onChange={changeStatus}
          options={ISSUE_STATUSES.map((status) => ({ value: status, label: t(`statuses.${status}`) }))}
        />
      ),
    },
    { key: 'severity', label: t('issue.columns.severity'), children: t(`severities.${report.severity}`) },
    {
      key: 'products',
      label: t('issue.columns.products'),
      children: products.length
        ? products.map((product) => <Tag key={product}>{t(`products.${product}`)}</Tag>)
        : t('none'),
    },
    { key: 'company', label: t('issue.columns.company'), children: report.company?.name ?? t('none') },
    {
      key: 'user',
      label: t('issue.columns.user'),
      children: report.user ? (
        <>
          {report.user.name} (<a href={`mailto:${report.user.email}`}>{report.user.email}</a>)
        </>
      ) : (
        t('issue.deletedUser')
      ),
    },
    { key: 'created', label: t('issue.columns.created'), children: date(report.created_at) },
    { key: 'updated', label: t('issue.columns.updated'), children: date(report.updated_at) },
    {
      key: 'externalLink',
      label: t('issue.externalLink'),
      span: 'filled',
      children: report.external_link ? (
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
      ) : (
        t('none')
      ),
    },
    {
      key: 'description',
      label: t('issue.description'),
      span: 'filled',
      children: <span style={{ whiteSpace: 'pre-wrap' }}>{report.description}</span>,
    },
  ];

  return (
    <section className="show-page" aria-labelledby="issue-title">
      <Breadcrumbs items={[{ name: t('title'), to: listPath }, { name: title }]} />
      <PageHeader title={<span id="issue-title">{title}</span>} />
      <OverviewDetails items={details} />
      <PageSection id="issue-screenshot" title={t('issue.screenshot')}>
        {report.screenshot_url ? (
          // At most 320 px wide, narrower where the card is (a phone); a click shows it whole.
          <div style={{ maxWidth: 320 }}>
            <Image src={report.screenshot_url} alt={t('issue.screenshotAlt')} width="100%" />
          </div>
        ) : (
          <p className="muted">{t('issue.noScreenshot')}</p>
        )}
      </PageSection>
    </section>
  );
}
