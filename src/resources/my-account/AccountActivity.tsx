/**
 * The Activity tab (spec 2 §My account, §3 'Activity entry', §8): a paged list of action and date-time from
 * `GET my-account/activity`; 'No User Activity Found...' when empty; when the activity data is missing (the call
 * fails, or its answer carries no list), spec 2 §8's notice 'Route not accessible due to updates in BV-2146. Will
 * be available after BV-2229 is completed.' Each action is what the entry says in the reader's language (issue 31:
 * its stored message, 'Updated user Bob Brink'), never an API path.
 */
import { useCustom } from '@refinedev/core';
import { Alert, Empty, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActivityEntry } from '@shared/entities/my-account';
import { awaitingRows } from '@/components/awaiting-rows';
import { renderStoredMessage } from '@/components/stored-message';
import { formatDate } from '@/lib/intl-formats';
import type { LaravelList } from '@/providers/list-query';

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
  const body = result?.data;
  const missing = query.isError || (query.isSuccess && !Array.isArray(body?.data));
  if (missing) {
    return <Alert type="warning" showIcon message={t('activity.unavailable')} />;
  }
  const describe = (entry: ActivityEntry) => renderStoredMessage(t, entry, entry.message);
  return (
    <Table<ActivityEntry>
      rowKey="id"
      size="middle"
      loading={awaitingRows(query)}
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
