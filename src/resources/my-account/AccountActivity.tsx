/**
 * The Activity tab (spec 2 §My account, §3 'Activity entry', §8): a paged list of action and date-time from
 * `GET my-account/activity`; 'No User Activity Found...' when empty; if the call fails, spec 2 §8's notice.
 */
import { useCustom } from '@refinedev/core';
import { Alert, Empty, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActivityEntry } from '@shared/entities/my-account';
import { formatDate } from '@/lib/intl-formats';
import type { LaravelList } from '@/providers/data-provider';

export const ACTIVITY_PAGE_SIZE = 10;

export function AccountActivity() {
  const { t, i18n } = useTranslation('account');
  const [page, setPage] = useState(1);
  const { query, result } = useCustom<LaravelList<ActivityEntry>>({
    url: '/my-account/activity',
    method: 'get',
    config: { query: { per_page: ACTIVITY_PAGE_SIZE, page } },
    queryOptions: { placeholderData: (previous) => previous, retry: false },
  });
  if (query.isError) {
    return <Alert type="warning" showIcon message={t('activity.unavailable')} />;
  }
  const body = result?.data;
  const describe = (entry: ActivityEntry) =>
    t(`activity.actions.${entry.action}`, {
      defaultValue: entry.action,
      subject: entry.subject ?? '',
      context: entry.subject ? 'subject' : undefined,
    });
  return (
    <Table<ActivityEntry>
      rowKey="id"
      size="middle"
      loading={query.isFetching}
      dataSource={body?.data ?? []}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('activity.empty')} /> }}
      columns={[
        { key: 'action', title: t('activity.action'), render: (_, entry) => describe(entry) },
        {
          key: 'datetime',
          title: t('activity.datetime'),
          width: 220,
          render: (_, entry) => (
            <time dateTime={entry.datetime}>{formatDate(entry.datetime, i18n.resolvedLanguage, true)}</time>
          ),
        },
      ]}
      pagination={
        body?.meta && body.meta.last_page > 1
          ? {
              current: page,
              pageSize: ACTIVITY_PAGE_SIZE,
              total: body.meta.total,
              showSizeChanger: false,
              onChange: setPage,
            }
          : false
      }
    />
  );
}
