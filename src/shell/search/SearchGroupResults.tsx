/**
 * One result group of the global search: a table (or a grid) of the matches with a 'View All' row, pages when the
 * answer has more than one. A row (or card) the user may open opens its target on a click anywhere on it (spec 1
 * §2.6, 'Row click targets'); its name is the link the keyboard reaches. A group whose endpoint does not exist (404) renders nothing; other failures show a
 * short note in the group, never an error page.
 */
import { useList } from '@refinedev/core';
import { keepPreviousData } from '@tanstack/react-query';
import { Pagination, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type MouseEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { awaitingRows } from '@/components/awaiting-rows';
import { showsPagination } from '@/components/ListPagination';
import type { ApiListResponse } from '@/providers/list-query';
import { LinkButton } from '@/shell/dashboard/LinkButton';
import { RelativeTime } from '@/shell/notifications/RelativeTime';
import { recordImage, recordSubtitle, recordTitle } from './search-groups';
import type { SearchGroup, SearchGroupKey, SearchRecord } from './search-group';
import { groupSorters, type SearchSettings } from './search-settings';

export interface GroupStatus {
  state: 'loading' | 'done' | 'unavailable' | 'failed';
  /** Matches found (0 unless done). */
  total: number;
}

interface Props {
  group: SearchGroup;
  term: string;
  settings: Pick<SearchSettings, 'perPage' | 'sort' | 'view'>;
  /** Rows of this group may be opened (the group has no row ability, or the user holds it). */
  rowsOpen: boolean;
  /** Told whenever the group's status changes (keep it stable). */
  onStatus(key: SearchGroupKey, status: GroupStatus): void;
}

/** A result: its picture (or the group's icon), its name (a link when rows may be opened) and a detail line. */
function RecordSummary({
  group,
  record,
  rowsOpen,
}: {
  group: SearchGroup;
  record: SearchRecord;
  rowsOpen: boolean;
}) {
  const title = recordTitle(record);
  const image = recordImage(record);
  const subtitle = recordSubtitle(record);
  const target = rowsOpen ? group.rowTarget(record) : null;
  return (
    <div className="search-record">
      {image ? (
        <img className="search-record-image" src={image} alt="" loading="lazy" />
      ) : (
        <span
          className="search-record-image search-record-placeholder"
          style={record.color ? { background: record.color, color: '#fff' } : undefined}
          aria-hidden
        >
          {group.icon}
        </span>
      )}
      <div className="search-record-text">
        {target ? (
          <Link className="search-record-title is-link" to={target.to} state={target.state}>
            {title}
          </Link>
        ) : (
          <span className="search-record-title">{title}</span>
        )}
        {subtitle && (
          <Typography.Text type="secondary" ellipsis className="search-record-subtitle">
            {subtitle}
          </Typography.Text>
        )}
      </div>
    </div>
  );
}

const recordKey = (record: SearchRecord) => String(record.id ?? record.name);

export function SearchGroupResults({ group, term, settings, rowsOpen, onStatus }: Props) {
  const { t } = useTranslation('search');
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const { result, query } = useList<SearchRecord>({
    resource: group.resource,
    pagination: { currentPage: page, pageSize: settings.perPage },
    sorters: groupSorters(settings.sort, group),
    filters: [{ field: 'search', operator: 'contains', value: term }],
    queryOptions: { retry: false, placeholderData: keepPreviousData },
    errorNotification: false,
  });
  const statusCode = (query.error as { statusCode?: number } | null)?.statusCode;
  const state: GroupStatus['state'] = query.isLoading
    ? 'loading'
    : query.isError
      ? statusCode === 404
        ? 'unavailable'
        : 'failed'
      : 'done';
  const total = state === 'done' ? (result.total ?? 0) : 0;
  useEffect(() => {
    onStatus(group.key, { state, total });
  }, [group.key, state, total, onStatus]);

  if (state === 'unavailable' || (state === 'done' && total === 0)) return null;

  const label = t(`groups.${group.key}`);
  const titleId = `search-group-${group.key}-title`;
  const response = query.data as ApiListResponse<SearchRecord> | undefined;

  const columns: ColumnsType<SearchRecord> = [
    {
      key: 'name',
      title: t('columns.name'),
      render: (_value, record) => <RecordSummary group={group} record={record} rowsOpen={rowsOpen} />,
    },
    {
      key: 'updated_at',
      title: t('columns.modified'),
      width: 160,
      responsive: ['sm'],
      render: (_value, record) => record.updated_at && <RelativeTime date={record.updated_at} />,
    },
  ];

  /** A click anywhere on a row or card opens the record (the name's own link handles a click on itself). */
  const openOnClick = (record: SearchRecord) => {
    if (!rowsOpen) return undefined;
    const target = group.rowTarget(record);
    return (event: MouseEvent<HTMLElement>) => {
      if ((event.target as HTMLElement).closest('a, button')) return;
      void navigate(target.to, target.state ? { state: target.state } : undefined);
    };
  };
  const linkClass = rowsOpen ? 'search-result--link' : undefined;

  const viewAll = (
    <LinkButton variant="link" to={group.viewAll} className="search-view-all">
      {t(group.viewAllLabel)}
    </LinkButton>
  );

  return (
    <section
      className="surface-card search-group"
      id={`search-group-${group.key}`}
      aria-labelledby={titleId}
      data-testid={`search-group-${group.key}`}
    >
      <header className="search-group-header">
        <span className="search-group-icon" aria-hidden>
          {group.icon}
        </span>
        <h2 id={titleId}>{label}</h2>
        {state === 'done' && <span className="search-group-count">{total}</span>}
      </header>
      {state === 'failed' ? (
        <Typography.Text type="secondary" className="search-group-failed">
          {t('groupFailed')}
        </Typography.Text>
      ) : settings.view === 'list' ? (
        <Table<SearchRecord>
          rowKey={recordKey}
          columns={columns}
          dataSource={result.data}
          loading={awaitingRows(query)}
          pagination={false}
          tableLayout="fixed"
          size="middle"
          footer={() => viewAll}
          showHeader
          rowClassName={linkClass}
          onRow={(record) => ({ onClick: openOnClick(record) })}
        />
      ) : (
        <>
          <ul className="search-grid">
            {result.data.map((record) => (
              <li
                key={recordKey(record)}
                className={linkClass ? `search-card ${linkClass}` : 'search-card'}
                onClick={openOnClick(record)}
              >
                <RecordSummary group={group} record={record} rowsOpen={rowsOpen} />
              </li>
            ))}
          </ul>
          <div className="search-grid-footer">{viewAll}</div>
        </>
      )}
      {showsPagination(response?.meta?.links) && (
        <Pagination
          className="search-group-pagination"
          size="small"
          current={page}
          pageSize={settings.perPage}
          total={response?.total}
          showSizeChanger={false}
          onChange={setPage}
        />
      )}
    </section>
  );
}
