/**
 * The generic list screen of a declared resource, with the anatomy every management list shares (spec 2 §2,
 * §9): title bar with the create button by ability, a Filter toggle opening the filter panel, a sortable table
 * with a loading placeholder and 'no results found', pagination only when `meta.links` has more than 3 links,
 * a three-dot row menu with the actions the user may use, and delete with its confirmation and banner. The
 * page, sort and filters live in the URL.
 */
import { FilterOutlined, PlusOutlined } from '@ant-design/icons';
import { type BaseRecord, type HttpError, useList } from '@refinedev/core';
import { Alert, Button, Skeleton, Table, type TableProps } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ApiListResponse } from '@/providers/data-provider';
import type { ResourcePageProps, RowActionDeclaration } from '@/resources/types';
import { ForbiddenPage } from '../ForbiddenPage';
import { PageHeader } from '../PageHeader';
import { renderCell } from './cells';
import { FilterPanel } from './FilterPanel';
import { ListPagination } from './ListPagination';
import { primarySort } from './list-state';
import { RowMenu, type RowMenuItem } from './RowMenu';
import { useDeleteRecord } from './useDeleteRecord';
import { useListState } from './useListState';
import { useResourcePermissions } from './useResourcePermissions';
import { ResultBanner } from './ResultBanner';
import { useResultBanner } from './useResultBanner';
import { useTableScroll } from './useTableScroll';
import './list.css';

const BREAKPOINTS = {
  sm: ['sm', 'md', 'lg', 'xl', 'xxl'],
  md: ['md', 'lg', 'xl', 'xxl'],
  lg: ['lg', 'xl', 'xxl'],
  xl: ['xl', 'xxl'],
} as const;

export default function ResourceListPage({ resource }: ResourcePageProps) {
  const list = resource.list!;
  const { t, i18n } = useTranslation(resource.ns);
  const { t: tl } = useTranslation('lists');
  const navigate = useNavigate();
  const scroll = useTableScroll();
  const { can, platform } = useResourcePermissions(resource);
  const { state, sorters, filters, update, reset } = useListState(list, platform);
  const [filterOpen, setFilterOpen] = useState(() => !!state.search || Object.keys(state.filters).length > 0);
  const { banner, show: showBanner, dismiss } = useResultBanner();
  const deleteRecord = useDeleteRecord(resource, showBanner);

  const { result, query } = useList<BaseRecord, HttpError>({
    resource: resource.name,
    pagination: { currentPage: state.page, pageSize: state.perPage },
    sorters,
    filters,
    meta: list.meta,
  });
  const response = result as unknown as ApiListResponse<BaseRecord> | undefined;

  if (query.error?.statusCode === 403) return <ForbiddenPage />;

  const context = {
    t: (key: string, options?: Record<string, unknown>) => t(key, options ?? {}),
    platform,
    can,
  };
  const nameOf = (record: BaseRecord) => String(record[list.nameField ?? 'name'] ?? record.id ?? '');
  const sorted = primarySort(state.sort);

  const columns: TableProps<BaseRecord>['columns'] = list.columns
    .filter((column) => !column.visible || column.visible(context))
    .map((column) => ({
      key: column.field,
      dataIndex: column.field,
      title: column.titleKey ? t(column.titleKey) : undefined,
      width: column.width,
      ellipsis: column.ellipsis ? { showTitle: true } : undefined,
      responsive: column.hideBelow ? [...BREAKPOINTS[column.hideBelow]] : undefined,
      sorter: column.sort ? true : undefined,
      sortOrder: (column.sort && sorted?.field === column.sort
        ? sorted.order === 'desc'
          ? 'descend'
          : 'ascend'
        : null) as SortOrder,
      sortDirections: ['ascend', 'descend', 'ascend'] as SortOrder[],
      render: (value: unknown, record: BaseRecord) =>
        column.render
          ? column.render(record, context)
          : renderCell(column.kind ?? 'text', value, {
              language: i18n.resolvedLanguage,
              describe: (cell) =>
                column.kind === 'image'
                  ? nameOf(record)
                  : t(`values.${String(cell)}`, { defaultValue: String(cell ?? '') }),
            }),
    }));

  const menuItems = (record: BaseRecord): RowMenuItem[] => {
    const declared = (list.rowActions ?? []).filter((action: RowActionDeclaration) => can(action.needs));
    const items: RowMenuItem[] = declared.map((action) => ({
      key: action.key,
      label: t(action.labelKey),
      icon: action.icon,
      danger: action.danger,
      onSelect: () => action.to && navigate(action.to(record)),
    }));
    if (resource.deletion && can('delete')) {
      items.push({ key: 'delete', label: tl('delete'), danger: true, onSelect: () => deleteRecord(record) });
    }
    return items;
  };
  const hasMenu =
    (list.rowActions ?? []).some((action) => can(action.needs)) || (!!resource.deletion && can('delete'));
  if (hasMenu) {
    columns.push({
      key: 'menu',
      title: <span className="visually-hidden">{tl('actions')}</span>,
      width: 56,
      align: 'right',
      render: (_value: unknown, record: BaseRecord) => (
        <RowMenu items={menuItems(record)} recordName={nameOf(record)} />
      ),
    });
  }

  const rowLink = list.rowLink && can(list.rowLink.needs) ? list.rowLink : undefined;
  const meta = response?.meta;

  return (
    <section className="list-page" aria-labelledby={`${resource.screen}-title`}>
      <PageHeader
        title={<span id={`${resource.screen}-title`}>{t('title')}</span>}
        extra={
          <>
            <Button
              icon={<FilterOutlined aria-hidden />}
              aria-expanded={filterOpen}
              onClick={() => setFilterOpen((open) => !open)}
            >
              {tl('filter')}
            </Button>
            {resource.routes.create && can('create') && (
              <Button
                type="primary"
                icon={<PlusOutlined aria-hidden />}
                onClick={() => navigate(`/${resource.routes.create}`)}
              >
                {t('create')}
              </Button>
            )}
          </>
        }
      />
      {filterOpen && (
        <FilterPanel
          ns={resource.ns}
          state={state}
          filters={list.filters ?? []}
          response={response}
          onChange={update}
          onReset={reset}
        />
      )}
      <ResultBanner banner={banner} onClose={dismiss} />
      {query.isError && query.error?.statusCode !== 403 && (
        <Alert type="error" showIcon message={query.error?.message} role="alert" className="list-banner" />
      )}
      <div className="list-page__table">
        {query.isLoading ? (
          <Skeleton active paragraph={{ rows: Math.min(state.perPage, 8) }} aria-label={tl('loading')} />
        ) : (
          <Table<BaseRecord>
            size="middle"
            rowKey={(record) => String(record.id)}
            columns={columns}
            dataSource={response?.data ?? []}
            loading={query.isFetching}
            pagination={false}
            scroll={scroll}
            locale={{ emptyText: tl('noResults') }}
            onChange={(_pagination, _filters, sorter) => {
              const single = Array.isArray(sorter) ? sorter[0] : sorter;
              const column = list.columns.find((item) => item.field === single?.columnKey);
              if (!column?.sort) return;
              update({ sort: single.order === 'descend' ? `-${column.sort}` : column.sort });
            }}
            onRow={(record) =>
              rowLink
                ? {
                    onClick: () => navigate(rowLink.to(record)),
                    onKeyDown: (event) => {
                      if (event.key === 'Enter' && event.target === event.currentTarget)
                        navigate(rowLink.to(record));
                    },
                    tabIndex: 0,
                    className: 'list-row--link',
                  }
                : {}
            }
          />
        )}
      </div>
      <ListPagination meta={meta} onChange={(page) => update({ page })} />
    </section>
  );
}
