/**
 * The processor's tabs (spec 2 §Processor, §4, §6, §9): each is the list of an entity's declaration (models,
 * library items, materials) as the processor shows it: its texts in the `processor` namespace, 10 cards per page
 * at `-created_at` (its own stored sort), the statuses of §4 to filter by, a card per record with the row menu
 * on its three-dot button and on a right-click, a card click opening the record's overview. The page shows them
 * (src/pages/processor/ProcessorPage.tsx); the entities' own screens keep their declarations as they are.
 */
import type { ReactNode } from 'react';
import { canUseResource } from '@/providers/access-control';
import type { Permission } from '@/lib/permissions';
import { PreviewCard } from '@/components/PreviewCard';
import type { PermissionSubject } from '@shared/abilities';
import { LIBRARY_ITEM_STATUSES } from '@shared/entities/library-item-values';
import type { PlatformKey } from '@shared/platforms';
import type { LibraryItem } from '@/resources/library-items/library-items.resource';
import {
  itemArchivePatch,
  libraryItems,
  PROCESSOR_ITEM_FIELDS,
} from '@/resources/library-items/library-items.resource';
import {
  MATERIAL_EXCLUDED_FIELDS,
  type Material,
  materialArchivePatch,
  materials,
} from '@/resources/materials/materials.resource';
import { materialPath } from '@/resources/materials/material-paths';
import { ModelCard } from '@/resources/models/ModelCard';
import { MODEL_STATUSES } from '@/components/processing/model-status';
import {
  MODEL_EXCLUDED_FIELDS,
  models,
  type ProjectModel,
  REPROCESS_PERMISSION,
} from '@/resources/models/models.resource';
import type { ColumnDeclaration, ListDeclaration, ResourceDeclaration } from '@/declarations/types';
import { archiveRowActions } from '@/declarations/archivable-rows';
import { editRowAction } from '@/declarations/edit-row-action';
import { reprocessRowAction } from '@/declarations/reprocess-row-action';
import { ItemCard } from './ItemCard';

export const PROCESSOR_TAB_KEYS = ['models', 'items', 'materials'] as const;
export type ProcessorTabKey = (typeof PROCESSOR_TAB_KEYS)[number];

/** A button of the processor's header while the tab is open (New Model, Import, New Material). */
export interface ProcessorButton {
  key: string;
  /** `processor` namespace. */
  labelKey: string;
  to: string;
  primary: boolean;
  /** The entity's declaration whose create permission shows it. */
  creates: ResourceDeclaration;
}

export interface ProcessorTab {
  key: ProcessorTabKey;
  /** The entity's declaration with the processor's list (its API collection, idField, deletion, live channel). */
  resource: ResourceDeclaration;
  buttons: ProcessorButton[];
  /** Its cards follow the processor's pushes (the page applies them; refine's own refetch is off). */
  live: boolean;
  /** Shown only with this (Materials only with list-materials); every user of the processor sees the others. */
  permission?: Permission;
}

/** Spec 2 §9: the processor's tabs show 10 per page, newest first. */
export const PROCESSOR_PAGE_SIZE = 10;
export const PROCESSOR_SORT = '-created_at';

const statusFilter = (statuses: readonly string[]) => ({
  key: 'status',
  labelKey: 'filters.status',
  options: statuses.map((status) => ({ value: status, labelKey: `values.${status}` })),
});

const PROCESSOR_STATE = { processor: true };

/** The list of a tab: the declaration's, as the processor shows it. */
const processorList = <TRecord extends ProjectModel | LibraryItem | Material>(
  list: Omit<ListDeclaration<TRecord>, 'pageSize' | 'defaultSort' | 'loadingKey' | 'emptyKey' | 'cards'> & {
    card: NonNullable<ListDeclaration<TRecord>['cards']>['card'];
  },
  tab: ProcessorTabKey,
): ListDeclaration<TRecord> => {
  const { card, ...rest } = list;
  return {
    ...rest,
    pageSize: PROCESSOR_PAGE_SIZE,
    defaultSort: PROCESSOR_SORT,
    loadingKey: `${tab}.loading`,
    emptyKey: `${tab}.empty`,
    cards: { initial: 'grid', menu: true, card },
  };
};

/** The entity's declaration with the processor's list and texts. */
const asTab = <TRecord extends ProjectModel | LibraryItem | Material>(
  resource: ResourceDeclaration,
  list: ListDeclaration<TRecord>,
  overrides: Partial<ResourceDeclaration> = {},
): ResourceDeclaration => ({
  ...resource,
  ns: 'processor',
  screen: `processor-${resource.screen}`,
  list: list as unknown as ListDeclaration,
  ...overrides,
});

const processedColumns = <TRecord extends ProjectModel | LibraryItem>(): ColumnDeclaration<TRecord>[] => [
  { field: 'preview_image_url', titleKey: 'columns.preview', kind: 'image', width: 96, hideBelow: 'md' },
  { field: 'name', titleKey: 'columns.name', sort: 'name' },
  { field: 'status', titleKey: 'columns.status', kind: 'statusBadge', width: 140 },
  {
    field: 'uploader_name',
    titleKey: 'columns.uploadedBy',
    hideBelow: 'lg',
    render: (record, { t }) => record.uploader_name || t('none'),
  },
  { field: 'created_at', titleKey: 'columns.created', kind: 'date', sort: 'created_at', hideBelow: 'md' },
  {
    field: 'finished_at',
    titleKey: 'columns.finishedAt',
    kind: 'datetime',
    sort: 'finished_at',
    hideBelow: 'md',
  },
];

/**
 * The list of processed records (models, items): their cards with the processing details (a model's is the model
 * card of a project's overview too), by status.
 */
const processedList = <TRecord extends ProjectModel | LibraryItem>(
  tab: 'models' | 'items',
  statuses: readonly string[],
  card: (record: TRecord) => ReactNode,
  actions: Pick<ListDeclaration<TRecord>, 'rowActions' | 'rowLink' | 'meta'>,
) =>
  processorList<TRecord>(
    {
      sortKey: `processor_${tab}`,
      card,
      columns: processedColumns<TRecord>(),
      filters: [statusFilter(statuses)],
      ...actions,
    },
    tab,
  );

const modelsTab: ProcessorTab = {
  key: 'models',
  live: true,
  buttons: [
    {
      key: 'newModel',
      labelKey: 'buttons.newModel',
      to: '/projects/models/create',
      primary: true,
      creates: models,
    },
  ],
  resource: asTab(
    models,
    processedList<ProjectModel>('models', MODEL_STATUSES, (model) => <ModelCard model={model} />, {
      rowActions: [
        editRowAction<ProjectModel>((model) => ({
          to: `/projects/models/edit/${model.id}`,
          state: PROCESSOR_STATE,
        })),
        reprocessRowAction<ProjectModel>((model) => `projects/models/${model.id}/reprocess`, {
          needs: REPROCESS_PERMISSION,
          confirmKey: 'models.reprocessConfirm',
        }),
      ],
      rowLink: { to: (model) => ({ to: `/projects/models/overview/${model.id}`, state: PROCESSOR_STATE }) },
      meta: { excluded_fields: MODEL_EXCLUDED_FIELDS },
    }),
    { deletion: { confirmKey: 'models.deleteConfirm', answerNameKey: 'model_name' } },
  ),
};

const itemsTab: ProcessorTab = {
  key: 'items',
  live: true,
  buttons: [
    {
      key: 'import',
      labelKey: 'buttons.import',
      to: '/libraries/items/create',
      primary: true,
      creates: libraryItems,
    },
  ],
  resource: asTab(
    libraryItems,
    processedList<LibraryItem>('items', LIBRARY_ITEM_STATUSES, (item) => <ItemCard item={item} />, {
      // Spec 2 §6: the processor shows the item actions without an ability check; the server still refuses
      // what the user may not do, and the banner says so.
      rowActions: [
        reprocessRowAction<LibraryItem>((item) => `libraries/items/${item.id}/reprocess`, {
          confirmKey: 'items.reprocessConfirm',
        }),
        ...archiveRowActions<LibraryItem>({ via: 'patch', patch: itemArchivePatch, confirmPrefix: 'items.' }),
        editRowAction<LibraryItem>((item) => `/libraries/items/edit/${item.id}`, { needs: undefined }),
      ],
      rowLink: { to: (item) => `/libraries/items/overview/${item.id}` },
      meta: { included_fields: PROCESSOR_ITEM_FIELDS },
    }),
    {
      actions: { ...libraryItems.actions, edit: undefined, delete: undefined },
      deletion: {
        confirmKey: 'items.deleteConfirm',
        answerNameKey: 'library_item_name',
        disabledReason: (item) => (item.deletable === false ? 'items.notDeletable' : undefined),
      },
    },
  ),
};

const materialsTab: ProcessorTab = {
  key: 'materials',
  live: false,
  permission: materials.permission,
  buttons: [
    {
      key: 'newMaterial',
      labelKey: 'buttons.newMaterial',
      to: '/materials/create',
      primary: true,
      creates: materials,
    },
    {
      key: 'importMaterials',
      labelKey: 'buttons.import',
      to: '/materials/import',
      primary: false,
      creates: materials,
    },
  ],
  resource: asTab(
    materials,
    processorList<Material>(
      {
        sortKey: 'processor_materials',
        meta: { excluded_fields: MATERIAL_EXCLUDED_FIELDS },
        card: (material, { t }) => (
          <PreviewCard
            image={material.preview_image_url}
            name={material.name}
            // Spec 2 §Processor: the materials' cards show the status badge upper-cased.
            status={t(`values.${material.status}`, { defaultValue: material.status }).toLocaleUpperCase()}
            statusColor={material.status_color}
            details={t('card.uploadedByName', { name: material.active_version_creator_name || t('none') })}
          />
        ),
        columns: [
          {
            field: 'preview_image_url',
            titleKey: 'columns.preview',
            kind: 'image',
            width: 96,
            hideBelow: 'md',
          },
          { field: 'name', titleKey: 'columns.name', sort: 'name' },
          { field: 'status', titleKey: 'columns.status', kind: 'statusBadge', width: 120 },
          {
            field: 'active_version_creator_name',
            titleKey: 'columns.uploadedBy',
            hideBelow: 'md',
            render: (material, { t }) => material.active_version_creator_name || t('none'),
          },
          {
            field: 'created_at',
            titleKey: 'columns.created',
            kind: 'date',
            sort: 'created_at',
            hideBelow: 'md',
          },
        ],
        filters: [statusFilter(['active', 'archived'])],
        rowActions: [
          ...archiveRowActions<Material>({
            needs: 'edit',
            via: 'patch',
            patch: materialArchivePatch,
            confirmPrefix: 'materials.',
          }),
          editRowAction<Material>((material) => materialPath('materials/edit', material)),
        ],
        rowLink: { to: (material) => materialPath('materials/overview', material) },
      },
      'materials',
    ),
    {
      deletion: {
        confirmKey: 'materials.deleteConfirm',
        answerNameKey: 'material_name',
        disabledReason: (material) => (material.deletable === false ? 'materials.notDeletable' : undefined),
      },
    },
  ),
};

export const PROCESSOR_TABS: readonly ProcessorTab[] = [modelsTab, itemsTab, materialsTab];

/** The tabs this user sees, and whether each header button shows (its entity's create permission). */
export function visibleTabs(user: PermissionSubject | null | undefined, platform: PlatformKey) {
  return PROCESSOR_TABS.filter((tab) => !tab.permission || canUseResource(user, platform, tab, 'list')).map(
    (tab) => ({
      ...tab,
      buttons: tab.buttons.filter((button) =>
        canUseResource(
          user,
          platform,
          { permission: button.creates.permission, actions: button.creates.actions },
          'create',
        ),
      ),
    }),
  );
}
