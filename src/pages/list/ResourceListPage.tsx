/**
 * The generic list screen of a declared resource, with the anatomy every management list shares (spec 2 §2,
 * §9): title bar with the create button by ability, a Filter toggle opening the filter panel, a sortable table
 * with a loading placeholder and 'no results found', pagination only when `meta.links` has more than 3 links,
 * a three-dot row menu with the actions the user may use, and delete with its confirmation and banner. The
 * page, sort and filters live in the URL.
 */
import { FilterOutlined, PlusOutlined } from '@ant-design/icons';
import { type BaseRecord, type HttpError, useList } from '@refinedev/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ApiListResponse } from '@/providers/data-provider';
import type { ResourcePageProps, RowActionDeclaration } from '@/resources/types';
import { Alert } from '@/ui/Alert';
import { Button } from '@/ui/Button';
import { type DataColumn, DataTable } from '@/ui/DataTable';
import { Skeleton } from '@/ui/Skeleton';
import { ForbiddenPage } from '../ForbiddenPage';
import { PageHeader } from '../PageHeader';
import { renderCell } from './cells';
import { FilterPanel } from './FilterPanel';
import { ListPagination } from './ListPagination';
import { listCall } from './list-request';
import { primarySort } from './list-state';
import { RowMenu, type RowMenuItem } from './RowMenu';
import { useDeleteRecord } from './useDeleteRecord';
import { useListState } from './useListState';
import { useResourcePermissions } from './useResourcePermissions';
import { ResultBanner } from './ResultBanner';
import { useResultBanner } from './useResultBanner';
import './list.css';

export default function ResourceListPage({ resource }: ResourcePageProps) {
  const list = resource.list!;
  const { t, i18n } = useTranslation(resource.ns);
  const { t: tl } = useTranslation('lists');
  const navigate = useNavigate();
  const { can, platform } = useResourcePermissions(resource);
  const { state, sorters, filters, update, reset } = useListState(list, platform);
  const [filterOpen, setFilterOpen] = useState(() => !!state.search || Object.keys(state.filters).length > 0);
  const { banner, show: showBanner, dismiss } = useResultBanner();
  const { confirmDelete, deleteDialog } = useDeleteRecord(resource, showBanner);

  // The same call a first visit prefetched (list-request.ts), so it takes that answer.
  const { result, query } = useList<BaseRecord, HttpError>(listCall(resource, { state, sorters, filters }));
  const response = result as unknown as ApiListResponse<BaseRecord> | undefined;

  if (query.error?.statusCode === 403) return <ForbiddenPage />;

  const context = {
    t: (key: string, options?: Record<string, unknown>) => t(key, options ?? {}),
    platform,
    can,
  };
  const nameOf = (record: BaseRecord) => String(record[list.nameField ?? 'name'] ?? record.id ?? '');
  const sorted = primarySort(state.sort);

  const columns: DataColumn<BaseRecord>[] = list.columns
    .filter((column) => !column.visible || column.visible(context))
    .map((column) => ({
      key: column.field,
      title: column.titleKey ? t(column.titleKey) : undefined,
      width: column.width,
      ellipsis: column.ellipsis,
      hideBelow: column.hideBelow,
      sortable: !!column.sort,
      sortOrder: column.sort && sorted?.field === column.sort ? sorted.order : null,
      render: (record) =>
        column.render
          ? column.render(record, context)
          : renderCell(column.kind ?? 'text', record[column.field], {
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
      to: action.to?.(record),
    }));
    if (resource.deletion && can('delete')) {
      items.push({ key: 'delete', label: tl('delete'), danger: true, onSelect: () => confirmDelete(record) });
    }
    return items;
  };
  const hasMenu =
    (list.rowActions ?? []).some((action) => can(action.needs)) || (!!resource.deletion && can('delete'));
  if (hasMenu) {
    columns.push({
      key: 'menu',
      title: <span className="ui-visually-hidden">{tl('actions')}</span>,
      width: 56,
      align: 'right',
      render: (record) => <RowMenu items={menuItems(record)} recordName={nameOf(record)} />,
    });
  }

  const rowLink = list.rowLink && can(list.rowLink.needs) ? list.rowLink : undefined;
  const meta = response?.meta;
  const titleId = `${resource.screen}-title`;

  return (
    <section className="list-page" aria-labelledby={titleId}>
      <PageHeader
        title={<span id={titleId}>{t('title')}</span>}
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
                variant="primary"
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
        <Alert type="error" message={query.error?.message} role="alert" className="list-banner" />
      )}
      <div className="list-page__table">
        {query.isLoading ? (
          <Skeleton className="list-page__skeleton" rows={Math.min(state.perPage, 8)} label={tl('loading')} />
        ) : (
          <DataTable<BaseRecord>
            aria-labelledby={titleId}
            rowKey={(record) => String(record.id)}
            columns={columns}
            rows={response?.data ?? []}
            loading={query.isFetching}
            emptyText={tl('noResults')}
            onSort={(key, order) => {
              const column = list.columns.find((item) => item.field === key);
              if (column?.sort) update({ sort: order === 'desc' ? `-${column.sort}` : column.sort });
            }}
            rowProps={(record) =>
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
      {deleteDialog}
    </section>
  );
}
