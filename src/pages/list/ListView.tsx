/**
 * A declared list (the generic list page is one, a tree browser shows two): the list screen of a declared resource, with the anatomy every management list shares (spec 2 §2,
 * §9): title bar with the declared header actions and the create button by ability, a Filter toggle opening the
 * filter panel, a sortable table (or a grid of cards, when declared, with a grid/list switch) with the list's
 * loading and empty texts, pagination only when `meta.links` has more than 3 links, a three-dot row menu with
 * the actions the user may use, delete with its confirmation and banner, and row selection with bulk actions.
 * The page, sort and filters live in the URL. The Filter button counts the filters in effect, and while the list
 * is filtered or in a saved view a Reset beside it takes the list back to its defaults (issue 42).
 */
import AppstoreOutlined from '@ant-design/icons-svg/es/asn/AppstoreOutlined';
import PlusOutlined from '@ant-design/icons-svg/es/asn/PlusOutlined';
import UnorderedListOutlined from '@ant-design/icons-svg/es/asn/UnorderedListOutlined';
import { Glyph } from '@/ui/Glyph';
import { type BaseRecord, type CrudFilter, type HttpError, useList } from '@refinedev/core';
import {
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type RefObject,
  useEffect,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { awaitingRows } from '@/components/awaiting-rows';
import { renderCell } from '@/components/cells';
import { ForbiddenPage } from '@/components/ForbiddenPage';
import { ListPagination } from '@/components/ListPagination';
import { PageHeader, SectionHeader } from '@/components/PageHeader';
import { ResultBanner } from '@/components/ResultBanner';
import { RowMenu } from '@/components/RowMenu';
import { useResourcePermissions } from '@/components/useResourcePermissions';
import { useResultBanner } from '@/components/useResultBanner';
import { useSession } from '@/providers/useSession';
import type { ApiListResponse } from '@/providers/list-query';
import { recordKey } from '@/declarations/derive';
import type { RenderContext, ResourceDeclaration } from '@/declarations/types';
import { Alert } from '@/ui/Alert';
import { Button } from '@/ui/Button';
import { CardGrid } from '@/ui/CardGrid';
import { DisabledReason } from '@/ui/DisabledReason';
import { type DataColumn, DataTable, type RowSelection } from '@/ui/DataTable';
import { Segmented } from '@/ui/Segmented';
import { Skeleton } from '@/ui/Skeleton';
import { ExportButton } from './ExportButton';
import { ImportButton, offersImport } from './ImportButton';
import { FilterPanel } from './FilterPanel';
import { FilterToggle } from './FilterToggle';
import { GridSort } from './GridSort';
import { listCall } from './list-request';
import { primarySort } from './list-state';
import { listDefaults } from './list-request';
import { SavedViewsButton } from './SavedViewsButton';
import { savedStateParams, savedViewsKey, toSavedState } from './saved-view-state';
import { RenameCell } from './RenameCell';
import { useArrivedRows } from './useArrivedRows';
import { useListReset } from './useListReset';
import { useBulkActions } from './useBulkActions';
import { useListActions } from './useListActions';
import { useListState } from './useListState';
import '@/components/page.css';

type View = 'grid' | 'list';

/** A declared list; the generic list page is one, a tree browser shows two (src/pages/tree/). */
export interface ListViewProps {
  resource: ResourceDeclaration;
  /** The heading; the declaration's `title` text without one. */
  title?: ReactNode;
  /** `page`: the screen's title bar (h1); `section`: one list of several on a screen (h2). */
  level?: 'page' | 'section';
  /** Filters always sent with the user's (e.g. a tree's current container), not shown in the panel. */
  scope?: CrudFilter[];
  /** Prefix of the list's URL parameters, when the screen shows several lists. */
  paramPrefix?: string;
  /** Where the create button leads, when not the declared create route (creating inside a container). */
  createPath?: string;
  /**
   * Without its title bar (default with): the screen has one of its own with the Filter and create buttons (the
   * processor's tabs); the title stays for assistive technology. The screen then opens the filter panel
   * (`filterOpen`) and is told when it closes (`onFilterClose`).
   */
  withHeader?: boolean;
  filterOpen?: boolean;
  onFilterClose?(): void;
  /**
   * Without its title bar, where the screen's title bar shows this list's 'Views' menu (issue 33; the processor's
   * open tab): the element it is rendered into, null until the screen has it. The list then also opens in the
   * user's default view of it.
   */
  viewsIn?: HTMLElement | null;
  /** Told the number of filters in effect, where the screen shows the list's Filter button (`withHeader` false). */
  onFilterCount?(count: number): void;
  /** The screen's Filter button for the list, where the list has no header: the focus goes there after Reset. */
  screenFilterButton?: RefObject<HTMLButtonElement | null>;
  /**
   * refine's live mode of the list's query: 'off' where the screen applies the resource's pushes itself (the
   * processor updates cards in place); the portal's default otherwise.
   */
  liveMode?: 'auto' | 'off';
}

/** A card's menu opened by a right-click (at the pointer) or the keyboard (at its button). */
interface OpenCardMenu {
  key: string;
  point: { x: number; y: number } | null;
}

export function ListView({
  resource,
  title,
  level = 'page',
  scope = [],
  paramPrefix,
  createPath,
  withHeader = true,
  filterOpen: controlledFilterOpen,
  onFilterClose,
  viewsIn,
  onFilterCount,
  screenFilterButton,
  liveMode,
}: ListViewProps) {
  const list = resource.list!;
  const { t, i18n } = useTranslation(resource.ns);
  const { t: tl } = useTranslation('lists');
  const navigate = useNavigate();
  const { can, platform } = useResourcePermissions(resource);
  // Saved views (issue 33) where the list has its title bar, or the screen's shows them (`viewsIn`): the session
  // says the user's default of the list.
  const viewsKey = savedViewsKey(resource.name, paramPrefix);
  const defaultView = useSession().auth?.user.default_views?.[viewsKey];
  const hasViews = withHeader || viewsIn !== undefined;
  const listState = useListState(list, platform, paramPrefix, hasViews ? defaultView : undefined);
  const { state, sorters, filters, update, reset } = listState;
  const [ownFilterOpen, setFilterOpen] = useState(
    () => !!state.search || Object.keys(state.filters).length > 0,
  );
  const filterOpen = controlledFilterOpen ?? ownFilterOpen;
  const [cardMenu, setCardMenu] = useState<OpenCardMenu | null>(null);
  const view: View = listState.view ?? list.cards?.initial ?? 'list';
  const setView = listState.setView;
  const filterButton = useRef<HTMLButtonElement>(null);
  const {
    banner,
    show: showBanner,
    dismiss,
    undo,
    hold,
  } = useResultBanner({
    focusAfterUndo: () => document.getElementById(titleId),
  });
  const savedState = toSavedState(state, view);
  const { opening } = listState;
  const { filterCount, resetButton } = useListReset({
    viewsKey: hasViews ? viewsKey : null,
    state,
    defaults: listDefaults(list, platform, paramPrefix),
    savedState,
    listState,
    // The Reset button goes with the filters: the focus goes to the Filter button (the screen's, where the list
    // has no header of its own).
    focusAfterReset: () => (screenFilterButton ?? filterButton).current?.focus(),
  });
  useEffect(() => onFilterCount?.(filterCount), [filterCount, onFilterCount]);

  // The same call a first visit prefetched (list-request.ts), so it takes that answer; when the answer is already
  // in, the first render shows its rows and the query does not ask again (useArrivedRows.ts).
  const call = listCall(resource, { state, sorters, filters: [...scope, ...filters] });
  const arrived = useArrivedRows<BaseRecord>(call);
  const { result, query } = useList<BaseRecord, HttpError>({
    ...call,
    ...(arrived && { queryOptions: arrived }),
    ...(liveMode && { liveMode }),
  });
  const response = result as unknown as ApiListResponse<BaseRecord> | undefined;
  const titleId = `${resource.screen}${paramPrefix ? `-${paramPrefix}` : ''}-title`;
  const focusHeading = () => document.getElementById(titleId);
  const bulk = useBulkActions(resource, { can, showBanner, focusAfter: focusHeading });
  // After a delete the focus goes to the list's heading: the row and its menu are gone.
  const actions = useListActions(resource, {
    can,
    showBanner,
    reload: () => void query.refetch(),
    focusAfterDelete: focusHeading,
    runBulk: bulk.runFor,
  });

  if (query.error?.statusCode === 403) return <ForbiddenPage />;

  const context: RenderContext = {
    t: (key: string, options?: Record<string, unknown>) => t(key, options ?? {}),
    platform,
    can,
  };
  const nameOf = (record: BaseRecord) =>
    String(record[list.nameField ?? 'name'] ?? recordKey(resource, record) ?? '');
  const keyOf = (record: BaseRecord) => String(recordKey(resource, record));
  const sorted = primarySort(state.sort);
  /** The list's title as a file's name (an export's, an import template's). */
  const fileTitle = typeof title === 'string' ? title : t('title');

  // The cell a row action renames in place (the FAQ's Edit).
  const rename = list.rowActions?.find((action) => action.rename)?.rename;
  const columns: DataColumn<BaseRecord>[] = list.columns
    .filter((column) => !column.visible || column.visible(context))
    .map((column) => ({
      key: column.field,
      title: column.titleKey ? t(column.titleKey) : undefined,
      width: column.width,
      ellipsis: column.ellipsis,
      hideBelow: column.hideBelow,
      stack: column.field === (list.nameField ?? 'name') ? 'title' : undefined,
      sortable: !!column.sort,
      sortOrder: column.sort && sorted?.field === column.sort ? sorted.order : null,
      render: (record) => {
        const cell = column.render
          ? column.render(record, context)
          : renderCell(column.kind ?? 'text', record[column.field], {
              language: i18n.resolvedLanguage,
              record,
              activeValues: column.activeValues,
              describe: (value) =>
                column.kind === 'image'
                  ? nameOf(record)
                  : t(`values.${String(value)}`, { defaultValue: String(value ?? '') }),
            });
        if (rename?.field !== column.field) return cell;
        return (
          <RenameCell resource={resource} rename={rename} record={record}>
            {cell}
          </RenameCell>
        );
      },
    }));

  if (actions.hasRowMenu) {
    columns.push({
      key: 'menu',
      title: <span className="ui-visually-hidden">{tl('actions')}</span>,
      width: 56,
      align: 'right',
      stack: 'actions',
      render: (record) => <RowMenu items={actions.rowMenuItems(record)} recordName={nameOf(record)} />,
    });
  }

  const openRow = actions.openRow;
  const rowProps = (record: BaseRecord) =>
    openRow
      ? {
          onClick: () => openRow(record),
          onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
            if (event.key === 'Enter' && event.target === event.currentTarget) openRow(record);
          },
          tabIndex: 0,
          className: 'list-row--link',
        }
      : {};
  // The cards carry the row menu wherever the rows have one, unless the declaration says not (`menu: false`).
  const cardMenus = !!list.cards && list.cards.menu !== false && actions.hasRowMenu;
  const cardProps = (record: BaseRecord) => {
    const props = rowProps(record);
    if (!cardMenus) return props;
    const key = keyOf(record);
    return {
      ...props,
      onContextMenu: (event: MouseEvent<HTMLElement>) => {
        event.preventDefault();
        setCardMenu({ key, point: { x: event.clientX, y: event.clientY } });
      },
      onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
        if (event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey)) {
          event.preventDefault();
          setCardMenu({ key, point: null });
        } else props.onKeyDown?.(event);
      },
    };
  };
  const renderCard = (record: BaseRecord) => {
    const card = list.cards!.card(record, context);
    if (!cardMenus) return card;
    const key = keyOf(record);
    const open = cardMenu?.key === key;
    return (
      <div className="list-card">
        {card}
        <span className="list-card__menu">
          <RowMenu
            items={actions.rowMenuItems(record)}
            recordName={nameOf(record)}
            open={open}
            onOpenChange={(next) => setCardMenu(next ? { key, point: null } : null)}
            anchorPoint={open ? cardMenu.point : null}
          />
        </span>
      </div>
    );
  };
  const selection: RowSelection<BaseRecord> | undefined = bulk.enabled
    ? {
        selected: bulk.selected,
        onChange: bulk.setSelected,
        rowLabel: (record) => tl('select', { name: nameOf(record) }),
        allLabel: tl('selectAll'),
      }
    : undefined;

  const meta = response?.meta;
  const Header = level === 'page' ? PageHeader : SectionHeader;
  const createTo = createPath ?? (resource.routes.create && `/${resource.routes.create}`);
  const rows = response?.data ?? [];
  const emptyText = list.emptyKey ? t(list.emptyKey) : tl('noResults');
  const viewsButton = hasViews && (
    <SavedViewsButton
      listKey={viewsKey}
      current={savedState}
      onApply={listState.applySaved}
      openedInDefault={opening === 'default'}
      linkFor={(saved) => {
        const params = savedStateParams(
          saved,
          listDefaults(list, platform, paramPrefix),
          new URLSearchParams(window.location.search),
        );
        return `${window.location.origin}${window.location.pathname}?${params}`;
      }}
    />
  );

  return (
    <section
      className={level === 'page' ? 'list-page' : 'list-page list-page--section'}
      aria-labelledby={titleId}
    >
      {!withHeader ? (
        <>
          <h2 id={titleId} tabIndex={-1} className="ui-visually-hidden">
            {title ?? t('title')}
          </h2>
          {viewsIn &&
            createPortal(
              <>
                {viewsButton}
                {resetButton}
              </>,
              viewsIn,
            )}
        </>
      ) : (
        <Header
          title={
            <span id={titleId} tabIndex={-1} className="list-page__title">
              {title ?? t('title')}
            </span>
          }
          actions={[
            list.cards && {
              key: 'view',
              part: 'view',
              node: (
                <Segmented<View>
                  label={tl('view.label')}
                  value={view}
                  onChange={setView}
                  options={[
                    { value: 'grid', label: <Glyph icon={AppstoreOutlined} />, name: tl('view.grid') },
                    { value: 'list', label: <Glyph icon={UnorderedListOutlined} />, name: tl('view.list') },
                  ]}
                />
              ),
            },
            {
              key: 'filter',
              part: 'filter',
              node: (
                <FilterToggle
                  ref={filterButton}
                  open={filterOpen}
                  activeCount={filterCount}
                  onToggle={() => setFilterOpen((isOpen) => !isOpen)}
                />
              ),
            },
            {
              key: 'views',
              part: 'filter',
              node: viewsButton,
            },
            !!resetButton && { key: 'reset', part: 'filter', node: resetButton },
            {
              key: 'export',
              part: 'secondary',
              node: (
                <ExportButton
                  resource={resource}
                  call={call}
                  context={{ ...context, tl, keyOf: (record) => recordKey(resource, record) ?? '' }}
                  title={fileTitle}
                  showBanner={showBanner}
                />
              ),
            },
            offersImport(resource, can) && {
              key: 'import',
              part: 'secondary',
              node: (
                <ImportButton
                  resource={resource}
                  title={fileTitle}
                  showBanner={showBanner}
                  reload={() => void query.refetch()}
                />
              ),
            },
            ...actions.headerActions.map((action) => ({
              key: `action-${action.key}`,
              part: 'secondary' as const,
              command: { label: action.label, run: action.onClick },
              node: (
                <Button icon={action.icon} onClick={action.onClick}>
                  {action.label}
                </Button>
              ),
            })),
            createTo &&
              can('create') && {
                key: 'create',
                part: 'primary',
                command: {
                  label: t('create'),
                  run: () =>
                    void navigate(createTo, list.createState ? { state: list.createState } : undefined),
                },
                node: (
                  <Button
                    variant="primary"
                    icon={<Glyph icon={PlusOutlined} />}
                    onClick={() =>
                      navigate(createTo, list.createState ? { state: list.createState } : undefined)
                    }
                  >
                    {t('create')}
                  </Button>
                ),
              },
            // Shown to everyone, usable by some (spec 2 Tools' New Download): disabled with its reason.
            createTo &&
              !can('create') &&
              list.createDisabledKey && {
                key: 'create',
                part: 'primary',
                node: (
                  <DisabledReason reason={t(list.createDisabledKey)}>
                    <Button variant="primary" icon={<Glyph icon={PlusOutlined} />} disabled>
                      {t('create')}
                    </Button>
                  </DisabledReason>
                ),
              },
          ]}
        />
      )}
      {filterOpen && (
        <FilterPanel
          ns={resource.ns}
          state={state}
          filters={list.filters ?? []}
          response={response}
          onChange={update}
          onReset={reset}
          onClose={() => {
            setFilterOpen(false);
            filterButton.current?.focus();
            onFilterClose?.();
          }}
        />
      )}
      <ResultBanner banner={banner} onClose={dismiss} undo={undo} hold={hold} />
      {query.isError && query.error?.statusCode !== 403 && (
        <Alert type="error" message={query.error?.message} role="alert" className="list-banner" />
      )}
      {bulk.enabled && bulk.selected.size > 0 && (
        <div className="list-bulk-bar" role="toolbar" aria-label={tl('bulk.label')}>
          <span>{tl('bulk.selected', { count: bulk.selected.size })}</span>
          {meta && meta.total > bulk.selected.size && rows.every((row) => bulk.selected.has(keyOf(row))) && (
            <Button
              variant="link"
              loading={bulk.selectingAll}
              onClick={() => void bulk.selectAllMatching(call, keyOf)}
            >
              {tl('bulk.selectAllMatching', { count: meta.total })}
            </Button>
          )}
          {bulk.actions.map((action) => {
            const reason = bulk.reasonFor(action, rows);
            return (
              <Button
                key={action.action}
                danger={action.danger}
                loading={bulk.busy}
                disabled={!!reason}
                disabledReason={reason}
                onClick={() => bulk.start(action)}
              >
                {t(action.labelKey)}
              </Button>
            );
          })}
          <Button
            variant="text"
            onClick={() => {
              // The toolbar goes with the selection: the focus goes to the list's heading.
              bulk.setSelected(new Set());
              focusHeading()?.focus();
            }}
          >
            {tl('bulk.clear')}
          </Button>
        </div>
      )}
      {list.cards && view === 'grid' && <GridSort sort={state.sort} onChange={(sort) => update({ sort })} />}
      <div className="list-page__table">
        {query.isLoading ? (
          <Skeleton
            className="list-page__skeleton"
            rows={Math.min(state.perPage, 8)}
            label={list.loadingKey ? t(list.loadingKey) : tl('loading')}
          />
        ) : list.cards && view === 'grid' ? (
          <CardGrid<BaseRecord>
            aria-labelledby={titleId}
            records={rows}
            recordKey={keyOf}
            card={renderCard}
            emptyText={emptyText}
            loading={awaitingRows(query)}
            selection={selection}
            cardProps={cardProps}
          />
        ) : (
          <DataTable<BaseRecord>
            aria-labelledby={titleId}
            rowKey={keyOf}
            columns={columns}
            rows={rows}
            loading={awaitingRows(query)}
            emptyText={emptyText}
            selection={selection}
            onSort={(key, order) => {
              const column = list.columns.find((item) => item.field === key);
              if (column?.sort) update({ sort: order === 'desc' ? `-${column.sort}` : column.sort });
            }}
            rowProps={rowProps}
          />
        )}
      </div>
      <ListPagination meta={meta} onChange={(page) => update({ page })} />
      {actions.dialogs}
      {bulk.dialog}
    </section>
  );
}
