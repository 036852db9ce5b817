/**
 * The generic overview of a declared resource: its declared columns as labelled values, on the layout of every
 * overview (issue 31): the breadcrumbs back to its list, the page header with the declared actions
 * (`overview.actions`, Edit without), the result banner and the details card (OverviewDetails).
 */
import { type BaseRecord, type HttpError, useShow } from '@refinedev/core';
import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { ResourcePageProps } from '@/declarations/types';
import { Breadcrumbs } from '@/components/Breadcrumbs';
import { LoadFailure } from '@/components/LoadFailure';
import { OverviewDetails } from '@/components/OverviewDetails';
import { renderCell } from '@/components/cells';
import { useResourcePermissions } from '@/components/useResourcePermissions';
import { PageHeader } from '@/components/PageHeader';
import { ResultBanner } from '@/components/ResultBanner';
import { useOverviewActions } from '@/components/useOverviewActions';
import { useResultBanner } from '@/components/useResultBanner';
import '@/components/page.css';

export default function ResourceShowPage({ resource }: ResourcePageProps) {
  const { t, i18n } = useTranslation(resource.ns);
  const { t: tl } = useTranslation('lists');
  const id = useParams()[resource.idParam];
  const { can, platform } = useResourcePermissions(resource);
  const { banner, show, dismiss } = useResultBanner();
  const { actions, dialogs, removing } = useOverviewActions(resource, show);
  const { query, result: record } = useShow<BaseRecord, HttpError>({
    resource: resource.name,
    id,
    queryOptions: { enabled: removing === undefined },
  });

  const list = resource.routes.list;
  if (query.error) {
    return (
      <LoadFailure
        error={query.error}
        back={list ? { to: `/${list}`, label: tl('backToList') } : undefined}
      />
    );
  }
  const context = {
    t: (key: string, options?: Record<string, unknown>) => t(key, options ?? {}),
    platform,
    can,
  };
  const name = String(record?.[resource.list?.nameField ?? 'name'] ?? '');

  return (
    <section className="show-page">
      {list && (
        <Breadcrumbs
          items={[{ name: t('title'), to: `/${list}` }, { name: name || t('titles.show') }]}
          loading={!record}
        />
      )}
      <PageHeader title={name || t('titles.show')} actions={record ? actions(record) : []} />
      <ResultBanner banner={banner} onClose={dismiss} />
      {query.isLoading || !record ? (
        <div className="show-page__card">
          <Skeleton active />
        </div>
      ) : (
        <OverviewDetails
          items={(resource.list?.columns ?? [])
            .filter((column) => column.titleKey && (!column.visible || column.visible(context)))
            .map((column) => ({
              key: column.field,
              label: t(column.titleKey!),
              children: column.render
                ? column.render(record, context)
                : renderCell(column.kind ?? 'text', record[column.field], {
                    language: i18n.resolvedLanguage,
                    record,
                    activeValues: column.activeValues,
                    describe: (value) => t(`values.${String(value)}`, { defaultValue: String(value ?? '') }),
                  }),
            }))}
        />
      )}
      {dialogs}
    </section>
  );
}
