/**
 * One tab of the recycling bin: the resource's trashed rows (`trashed=1`, 10 per page, `-deleted_at` or the sort
 * the user picked, stored per tab under `user_sorts`) with preview, name, deletion date and days left, and
 * Restore (`GET {collection}/{key}/restore`) for users with restore-deleted-entities. A restore reloads the
 * resource's lists, so the row returns to them. Like every list (spec 2 §2) it has the Filter panel (search, rows
 * per page, Reset) the page's Filter button opens, and pages only when there are more than 3 links; its page,
 * sort, search and rows per page live in the URL under the tab's key (`projects.search=tower`), and each tab has
 * its saved views (issue 33), the 'Views' menu the page's title bar shows for the open tab.
 */
import UndoOutlined from '@ant-design/icons-svg/es/asn/UndoOutlined';
import { Glyph } from '@/ui/Glyph';
import { type BaseRecord, type HttpError, useInvalidate, useList } from '@refinedev/core';
import { useEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { awaitingRows } from '@/components/awaiting-rows';
import { formatDate, Thumbnail } from '@/components/cells';
import { ForbiddenPage } from '@/components/ForbiddenPage';
import { ListPagination } from '@/components/ListPagination';
import type { Banner } from '@/components/useResultBanner';
import type { ApiListResponse } from '@/providers/list-query';
import { apiRequest } from '@/providers/http-client';
import { recordKey } from '@/declarations/derive';
import { deployment } from '@/lib/runtime-config';
import { useSession } from '@/providers/useSession';
import type { ListDeclaration, ResourceDeclaration } from '@/declarations/types';
import { Alert } from '@/ui/Alert';
import { Button } from '@/ui/Button';
import { type DataColumn, DataTable } from '@/ui/DataTable';
import { Skeleton } from '@/ui/Skeleton';
import { FilterPanel } from '../list/FilterPanel';
import { listDefaults } from '../list/list-request';
import { primarySort } from '../list/list-state';
import { SavedViewsButton } from '../list/SavedViewsButton';
import { savedStateParams, savedViewsKey, toSavedState } from '../list/saved-view-state';
import { useListReset } from '../list/useListReset';
import { useListState } from '../list/useListState';
import { daysLeft } from './days-left';

export const TRASH_PAGE_SIZE = 10;
export const TRASH_DEFAULT_SORT = '-deleted_at';

interface TrashTabProps {
  resource: ResourceDeclaration;
  canRestore: boolean;
  /** The result of a restore, for the page's banner. */
  onResult(banner: Banner): void;
  /** The Filter panel is open (the page's Filter button); `onFilterClose` when Escape closes it. */
  filterOpen?: boolean;
  onFilterClose?(): void;
  /**
   * Where the page's title bar shows this tab's 'Views' menu (issue 33): the element it is rendered into, null
   * until the page has it. The tab then also opens in the user's default view of it.
   */
  viewsIn?: HTMLElement | null;
  /** Told the number of filters in effect, for the page's Filter button (issue 42). */
  onFilterCount?(count: number): void;
  /** Where the focus goes when the toolbar's Reset has put the tab back to its defaults: the Filter button. */
  focusAfterReset?(): void;
}

/** A tab's list as the list state reads it: 10 per page at `-deleted_at`, its sort stored under `sortKey`. */
const trashList = (sortKey: string): ListDeclaration => ({
  sortKey,
  defaultSort: TRASH_DEFAULT_SORT,
  pageSize: TRASH_PAGE_SIZE,
  columns: [],
});

export function TrashTab({
  resource,
  canRestore,
  onResult,
  filterOpen,
  onFilterClose,
  viewsIn,
  onFilterCount,
  focusAfterReset = () => undefined,
}: TrashTabProps) {
  const bin = resource.recyclingBin!;
  const { t, i18n } = useTranslation('recycling-bin');
  const { t: tl } = useTranslation('lists');
  const invalidate = useInvalidate();
  const list = useMemo(() => trashList(bin.sortKey), [bin.sortKey]);
  const platform = deployment.host.platform;
  // Each tab's saved views apart from the resource's own list (issue 33).
  const viewsKey = savedViewsKey('trash', bin.tabKey);
  const defaultView = useSession().auth?.user.default_views?.[viewsKey];
  const listState = useListState(list, platform, bin.tabKey, viewsIn !== undefined ? defaultView : undefined);
  const { state, sorters, filters, update, reset, applySaved } = listState;
  const savedState = toSavedState(state, 'list');
  const { filterCount, resetButton } = useListReset({
    viewsKey: viewsIn !== undefined ? viewsKey : null,
    state,
    defaults: listDefaults(list, platform, bin.tabKey),
    savedState,
    listState,
    focusAfterReset,
  });
  useEffect(() => onFilterCount?.(filterCount), [filterCount, onFilterCount]);
  const [restoring, setRestoring] = useState<string | null>(null);

  const { result, query } = useList<BaseRecord, HttpError>({
    resource: resource.name,
    pagination: { currentPage: state.page, pageSize: state.perPage, mode: 'server' },
    sorters,
    filters,
    meta: { trashed: true },
  });
  const response = result as unknown as ApiListResponse<BaseRecord> | undefined;
  if (query.error?.statusCode === 403) return <ForbiddenPage />;

  const nameOf = (record: BaseRecord) => String(record[bin.nameField ?? 'name'] ?? '');
  const keyOf = (record: BaseRecord) => String(recordKey(resource, record));
  const sorted = primarySort(state.sort);
  const orderOf = (field: string) => (sorted?.field === field ? sorted.order : null);

  const restore = async (record: BaseRecord) => {
    const key = keyOf(record);
    setRestoring(key);
    try {
      await apiRequest(`/${resource.name}/${encodeURIComponent(key)}/restore`);
      onResult({ type: 'success', text: t('restored') });
      // The trashed list and the resource's own lists: the row leaves the one and returns to the others.
      await invalidate({ resource: resource.name, invalidates: ['list', 'many', 'detail'] });
    } catch (error) {
      onResult({ type: 'error', text: (error as Error).message || t('restoreFailed') });
    } finally {
      setRestoring(null);
    }
  };

  const columns: DataColumn<BaseRecord>[] = [
    ...(bin.preview
      ? [
          {
            key: 'preview',
            title: t('columns.preview'),
            width: 96,
            hideBelow: 'sm' as const,
            render: (record: BaseRecord) => <Thumbnail src={record[bin.preview!]} alt={nameOf(record)} />,
          },
        ]
      : []),
    {
      key: 'name',
      title: t('columns.name'),
      stack: 'title',
      sortable: true,
      sortOrder: orderOf('name'),
      render: nameOf,
    },
    {
      key: 'deleted_at',
      title: t('columns.deletedAt'),
      hideBelow: 'sm',
      sortable: true,
      sortOrder: orderOf('deleted_at'),
      render: (record) => formatDate(record.deleted_at, i18n.resolvedLanguage, true),
    },
    {
      key: 'days_left',
      title: t('columns.daysLeft'),
      render: (record) => {
        const left = daysLeft(record.deleted_at);
        return left === null ? '---' : t('daysLeft', { count: left });
      },
    },
    ...(canRestore
      ? [
          {
            key: 'restore',
            title: <span className="ui-visually-hidden">{tl('actions')}</span>,
            align: 'right' as const,
            width: 140,
            stack: 'actions' as const,
            render: (record: BaseRecord) => (
              <Button
                size="small"
                icon={<Glyph icon={UndoOutlined} />}
                loading={restoring === keyOf(record)}
                disabled={restoring !== null && restoring !== keyOf(record)}
                onClick={() => void restore(record)}
                aria-label={t('restoreName', { name: nameOf(record) })}
              >
                {t('restore')}
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      {viewsIn &&
        createPortal(
          <>
            <SavedViewsButton
              listKey={viewsKey}
              current={savedState}
              onApply={applySaved}
              linkFor={(saved) => {
                const params = savedStateParams(
                  saved,
                  listDefaults(list, platform, bin.tabKey),
                  new URLSearchParams(window.location.search),
                );
                return `${window.location.origin}${window.location.pathname}?${params}`;
              }}
            />
            {resetButton}
          </>,
          viewsIn,
        )}
      {filterOpen && (
        <FilterPanel
          ns="recycling-bin"
          state={state}
          filters={[]}
          response={response}
          onChange={update}
          onReset={reset}
          onClose={onFilterClose}
        />
      )}
      {query.isError && (
        <Alert type="error" message={query.error?.message} role="alert" className="list-banner" />
      )}
      <div className="list-page__table">
        {query.isLoading ? (
          <Skeleton className="list-page__skeleton" rows={Math.min(state.perPage, 8)} label={tl('loading')} />
        ) : (
          <DataTable<BaseRecord>
            aria-label={t(`tabs.${bin.tabKey}`)}
            rowKey={keyOf}
            columns={columns}
            rows={response?.data ?? []}
            loading={awaitingRows(query)}
            emptyText={tl('noResults')}
            onSort={(key, order) => update({ sort: order === 'desc' ? `-${key}` : key })}
          />
        )}
      </div>
      <ListPagination meta={response?.meta} onChange={(page) => update({ page })} />
    </>
  );
}
