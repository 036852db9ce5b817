/**
 * The issue report overview (spec 2 §Admin): every field of the report, with its status changed in place. Replaces
 * the generic overview for the status change, the screenshot and the external link.
 */
import { ArrowLeftOutlined } from '@ant-design/icons';
import { type HttpError, useShow, useUpdate } from '@refinedev/core';
import { ISSUE_STATUSES, type IssueReport, type IssueStatus } from '@shared/entities/issue-reports';
import { Button, Descriptions, Image, Select, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { formatDate } from '@/components/cells';
import { LoadFailure } from '@/components/LoadFailure';
import { PageHeader } from '@/components/PageHeader';
import type { ResourcePageProps } from '@/declarations/types';
import { useMediaQuery } from '@/ui/useMediaQuery';
import { selectedProducts } from './issue-report-values';
import '@/components/page.css';

export default function IssueReportOverviewPage({ resource }: ResourcePageProps) {
  const { t, i18n } = useTranslation('reports');
  const id = useParams()[resource.idParam];
  const navigate = useNavigate();
  const { query, result: report } = useShow<IssueReport, HttpError>({ resource: resource.name, id });
  const { mutate: update, mutation } = useUpdate<IssueReport, HttpError, { status: IssueStatus }>();
  const back = { to: '/admin/issue_report', label: t('issue.back') };
  // Below antd's `sm` a label beside its value leaves no room (the page scrolled sideways): labels go above.
  const narrow = useMediaQuery('(max-width: 575px)');
  if (query.error) return <LoadFailure error={query.error} back={back} />;

  const changeStatus = (status: IssueStatus) =>
    update({
      resource: resource.name,
      id: report!.id,
      values: { status },
      successNotification: () => ({
        message: t('issue.statusChanged', { status: t(`statuses.${status}`) }),
        type: 'success',
      }),
    });

  return (
    <section className="show-page">
      <PageHeader
        title={report ? t('issue.title', { id: report.id }) : t('issue.overview')}
        actions={[
          {
            key: 'back',
            part: 'back',
            node: (
              <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={() => navigate(back.to)}>
                {back.label}
              </Button>
            ),
          },
        ]}
      />
      <div className="show-page__card">
        {query.isLoading || !report ? (
          <Skeleton active />
        ) : (
          <Descriptions
            column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 }}
            bordered
            size="middle"
            layout={narrow ? 'vertical' : 'horizontal'}
          >
            <Descriptions.Item label={t('issue.columns.id')}>{report.id}</Descriptions.Item>
            <Descriptions.Item label={<label htmlFor="issue-status">{t('issue.columns.status')}</label>}>
              <Select<IssueStatus>
                id="issue-status"
                value={report.status}
                loading={mutation.isPending}
                disabled={mutation.isPending}
                style={{ minWidth: 160 }}
                onChange={changeStatus}
                options={ISSUE_STATUSES.map((status) => ({ value: status, label: t(`statuses.${status}`) }))}
              />
            </Descriptions.Item>
            <Descriptions.Item label={t('issue.columns.severity')}>
              {t(`severities.${report.severity}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t('issue.columns.products')}>
              {selectedProducts(report.products).map((product) => (
                <Tag key={product}>{t(`products.${product}`)}</Tag>
              ))}
              {selectedProducts(report.products).length === 0 && t('none')}
            </Descriptions.Item>
            <Descriptions.Item label={t('issue.columns.company')}>
              {report.company?.name ?? t('none')}
            </Descriptions.Item>
            <Descriptions.Item label={t('issue.columns.user')}>
              {report.user ? (
                <>
                  {report.user.name} (<a href={`mailto:${report.user.email}`}>{report.user.email}</a>)
                </>
              ) : (
                t('issue.deletedUser')
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('issue.columns.created')}>
              {formatDate(report.created_at, i18n.resolvedLanguage, true)}
            </Descriptions.Item>
            <Descriptions.Item label={t('issue.columns.updated')}>
              {formatDate(report.updated_at, i18n.resolvedLanguage, true)}
            </Descriptions.Item>
            <Descriptions.Item label={t('issue.externalLink')} span={2}>
              {report.external_link ? (
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
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('issue.description')} span={2}>
              <span style={{ whiteSpace: 'pre-wrap' }}>{report.description}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('issue.screenshot')} span={2}>
              {report.screenshot_url ? (
                <Image src={report.screenshot_url} alt={t('issue.screenshotAlt')} width={320} />
              ) : (
                t('issue.noScreenshot')
              )}
            </Descriptions.Item>
          </Descriptions>
        )}
      </div>
    </section>
  );
}
