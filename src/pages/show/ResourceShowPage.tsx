/** The generic overview of a declared resource: its declared columns as labelled values. */
import { type BaseRecord, type HttpError, useShow } from '@refinedev/core';
import { Button, Descriptions, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { ResourcePageProps } from '@/declarations/types';
import { LoadFailure } from '@/components/LoadFailure';
import { renderCell } from '@/components/cells';
import { recordPath } from '@/declarations/derive';
import { useResourcePermissions } from '@/components/useResourcePermissions';
import { PageHeader } from '@/components/PageHeader';
import '@/components/page.css';

export default function ResourceShowPage({ resource }: ResourcePageProps) {
  const { t, i18n } = useTranslation(resource.ns);
  const { t: tl } = useTranslation('lists');
  const navigate = useNavigate();
  const id = useParams()[resource.idParam];
  const { can, platform } = useResourcePermissions(resource);
  const { query, result: record } = useShow<BaseRecord, HttpError>({ resource: resource.name, id });

  if (query.error) {
    const list = resource.routes.list;
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
      <PageHeader
        title={name || t('titles.show')}
        actions={[
          !!record &&
            !!resource.routes.edit &&
            can('edit') && {
              key: 'edit',
              part: 'primary',
              node: (
                <Button
                  type="primary"
                  onClick={() => navigate(recordPath(resource.routes.edit!, resource, record))}
                >
                  {tl('edit')}
                </Button>
              ),
            },
        ]}
      />
      <div className="show-page__card">
        {query.isLoading || !record ? (
          <Skeleton active />
        ) : (
          <Descriptions column={{ xs: 1, md: 2 }}>
            {(resource.list?.columns ?? [])
              .filter((column) => column.titleKey && (!column.visible || column.visible(context)))
              .map((column) => (
                <Descriptions.Item key={column.field} label={t(column.titleKey!)}>
                  {column.render
                    ? column.render(record, context)
                    : renderCell(column.kind ?? 'text', record[column.field], {
                        language: i18n.resolvedLanguage,
                        record,
                        activeValues: column.activeValues,
                        describe: (value) =>
                          t(`values.${String(value)}`, { defaultValue: String(value ?? '') }),
                      })}
                </Descriptions.Item>
              ))}
          </Descriptions>
        )}
      </div>
    </section>
  );
}
