/**
 * Library items (spec 2 §Libraries and items, §3, §4, §6, §7, §8, §9): declared once; the tree browser lists them
 * in each library (the libraries declaration's `tree`), the forms (with the resumable upload of the item's
 * file), routes and search group derive from it, the record type and the form's rules from
 * `shared/entities/library-items.ts`. Creating, moving and bulk actions are hatch-only; customerportal lists
 * FINISHED items unless the user chooses otherwise.
 */
import { PROCESSING_EVENTS } from '@shared/events';
import ContainerOutlined from '@ant-design/icons-svg/es/asn/ContainerOutlined';
import { Glyph } from '@/ui/Glyph';
import {
  LIBRARY_ITEM_ABILITIES,
  LIBRARY_ITEM_STATUSES,
  LIBRARY_ITEM_IMPORT,
} from '@shared/entities/library-item-values';
import { LIBRARY_ABILITIES } from '@shared/entities/library-values';
import type { LibraryItem, LibraryItemDetail } from '@shared/entities/library-items';
import { moveToContainers } from '@/components/move-to-containers';
import { previewCards } from '@/components/PreviewCard';
import { archivableBulk } from '@/declarations/archivable-bulk';
import { editRowAction } from '@/declarations/edit-row-action';
import { reprocessRowAction } from '@/declarations/reprocess-row-action';
import { type ArchivePatch, archiveRowActions } from '@/declarations/archivable-rows';
import { fieldSelection, type SelectableField } from '@/declarations/field-selection';
import { permissionsFrom } from '@/declarations/permissions-from';
import { defineOverview, defineResource } from '@/declarations/types';
import { libraryPath } from './library-paths';
import { SHARE_ITEMS_ABILITY } from '@shared/abilities';
import { shareAction } from '@/components/sharing/share-action';

export type { LibraryItem, LibraryItemDetail } from '@shared/entities/library-items';

const ITEM_FIELDS: readonly SelectableField<LibraryItem>[] = [
  'id',
  'name',
  'preview_image_url',
  'status',
  'status_color',
  'libraries',
  'is_deletable',
  'deletable',
  'uploader_name',
  'created_at',
  'updated_at',
];

/** `GET /libraries/items | filter[library], … included_fields`: a library's items (cards and rows). */
const LIBRARY_ITEM_LIST_FIELDS = fieldSelection<LibraryItem>('items', ITEM_FIELDS);

/** The processor's Items tab: the card's progress message, timer and finish time besides (spec 2 §Processor). */
export const PROCESSOR_ITEM_FIELDS = fieldSelection<LibraryItem>('items', [
  ...ITEM_FIELDS,
  'started_at',
  'finished_at',
  'latest_geometry_event',
]);

const LIBRARIES = { ability: LIBRARY_ABILITIES.list };

/** The move into libraries: their tree, less archived ones and the library being browsed (loaded when it opens). */
const MoveItemsDialog = moveToContainers({
  ns: 'libraryItems',
  containers: 'libraries',
  field: 'libraries',
  currentParam: 'libraryId',
});
const HATCH = { platform: 'hatch' } as const;
const UPDATE = { platform: 'hatch', ability: LIBRARY_ITEM_ABILITIES.update } as const;

/**
 * Reprocessing an item (spec 2 §4: FINISHED, and issue 31: FAILED as its way out; after its confirmation; an update
 * of the item).
 */
export const REPROCESS_PERMISSION = { ability: LIBRARY_ITEM_ABILITIES.update } as const;

/** An item's archive or unarchive: `PATCH /libraries/items/{id}` with `archived` (its list and the Processor's). */
export const itemArchivePatch: ArchivePatch<LibraryItem> = (item, archived) => ({
  path: `libraries/items/${item.id}`,
  values: { archived },
});

const overviewPath = (item: Pick<LibraryItem, 'id'>) => `/libraries/items/overview/${item.id}`;
const editPath = (item: Pick<LibraryItem, 'id'>) => `/libraries/items/edit/${item.id}`;

export const libraryItems = defineResource<LibraryItem>({
  name: 'libraries/items',
  ns: 'libraryItems',
  screen: 'items',
  idParam: 'itemId',
  routes: {
    create: 'libraries/items/create',
    edit: 'libraries/items/edit/:itemId',
    show: 'libraries/items/overview/:itemId',
    extra: [
      {
        path: 'libraries/items/create/:libraryId',
        screen: 'items.create',
        action: 'create',
        presets: (params) => ({ libraries: [Number(params.libraryId)] }),
      },
    ],
  },
  guard: LIBRARIES,
  actionGuards: { create: { ...HATCH, ...LIBRARIES }, edit: { ...HATCH, ...LIBRARIES } },
  // Created and edited in hatch only, deleted on both platforms.
  ...permissionsFrom(LIBRARY_ITEM_ABILITIES, { actionPlatforms: { create: 'hatch', edit: 'hatch' } }),
  search: {
    key: 'libraryItems',
    order: 40,
    icon: <Glyph icon={ContainerOutlined} />,
    viewAll: '/libraries',
    rowTarget: (item) => ({ to: overviewPath(item) }),
  },
  recyclingBin: { tabKey: 'items', order: 40, sortKey: 'trash_items', preview: 'preview_image_url' },
  list: {
    import: LIBRARY_ITEM_IMPORT,
    sortKey: 'library_items',
    defaultSort: '-updated_at',
    pageSize: 10,
    meta: { included_fields: LIBRARY_ITEM_LIST_FIELDS },
    emptyKey: 'empty',
    loadingKey: 'loading',
    defaultFilters: ({ platform }): Record<string, string[]> =>
      platform === 'customerportal' ? { status: ['FINISHED'] } : {},
    cards: previewCards(
      (item) => item.preview_image_url,
      (item, { t }) => (item.uploader_name ? t('uploadedBy', { name: item.uploader_name }) : undefined),
    ),
    columns: [
      { field: 'preview_image_url', titleKey: 'columns.preview', kind: 'image', width: 96, hideBelow: 'md' },
      { field: 'name', titleKey: 'columns.name', sort: 'name' },
      { field: 'status', titleKey: 'columns.status', kind: 'statusBadge', width: 130 },
      { field: 'uploader_name', titleKey: 'columns.uploader', hideBelow: 'lg' },
      { field: 'created_at', titleKey: 'columns.created', kind: 'date', sort: 'created_at', hideBelow: 'md' },
      { field: 'updated_at', titleKey: 'columns.updated', kind: 'date', sort: 'updated_at', hideBelow: 'md' },
    ],
    filters: [
      {
        key: 'status',
        labelKey: 'filters.status',
        options: LIBRARY_ITEM_STATUSES.map((status) => ({ value: status, labelKey: `values.${status}` })),
      },
    ],
    rowActions: [
      reprocessRowAction<LibraryItem>((item) => `libraries/items/${item.id}/reprocess`, {
        needs: REPROCESS_PERMISSION,
      }),
      ...archiveRowActions<LibraryItem>({
        needs: REPROCESS_PERMISSION,
        via: 'patch',
        patch: itemArchivePatch,
      }),
      editRowAction(editPath),
    ],
    rowLink: { to: overviewPath },
    bulk: archivableBulk({
      field: 'items',
      also: [
        {
          action: 'move',
          labelKey: 'bulk.move',
          needs: UPDATE,
          form: MoveItemsDialog,
          successKey: 'bulk.moved',
          failureKey: 'bulk.moveFailed',
        },
      ],
      archive: UPDATE,
      delete: { platform: 'hatch', ability: LIBRARY_ITEM_ABILITIES.delete },
      // The libraries count their items (indirect_items_count): a move, archive or delete changes the counts.
      refreshes: ['libraries'],
    }),
  },
  form: {
    schema: () => import('@shared/entities/library-items').then((entity) => entity.LibraryItemInputSchema),
    fields: [
      { name: 'name', labelKey: 'fields.name', kind: 'text' },
      { name: 'description', labelKey: 'fields.description', kind: 'textarea' },
      {
        name: 'libraries',
        labelKey: 'fields.libraries',
        kind: 'reference',
        reference: { resource: 'libraries', labelField: 'name', multiple: true },
      },
      {
        name: 'upload_id',
        labelKey: 'fields.file',
        kind: 'file',
        upload: 'library-item-file',
        uploadHint: { edit: 'fileHintReplace' },
        namesField: 'name',
        currentFile: (item) => (item as LibraryItemDetail).file,
      },
      {
        name: 'version_note',
        labelKey: 'fields.versionNote',
        kind: 'textarea',
        only: 'edit',
        helpKey: 'versionNoteHint',
      },
    ],
    // Saved, the item's overview follows its processing (issue 31); opened directly, Cancel goes to the libraries.
    redirect: 'show',
    fallbackPath: '/libraries',
  },
  deletion: {
    confirmKey: 'deleteConfirm',
    answerNameKey: 'library_item_name',
    disabledReason: (item) => (item.deletable === false ? 'notDeletable' : undefined),
  },
  liveEvents: [...PROCESSING_EVENTS],
  liveChannel: 'LibraryItem',
  // Reprocess and Archive as on the row menu; Delete goes back to the item's (first) library.
  overview: defineOverview<LibraryItemDetail>({
    actions: [
      {
        kind: 'reprocess',
        needs: REPROCESS_PERMISSION,
      },
      { kind: 'archive', needs: REPROCESS_PERMISSION, patch: itemArchivePatch, confirm: true },
      shareAction<LibraryItemDetail>('item', { ability: SHARE_ITEMS_ABILITY }),
      { kind: 'delete', after: (item) => libraryPath(item.libraries[0]) },
      { kind: 'edit' },
    ],
    page: () => import('./library-items.overview'),
  }),
});

export default libraryItems;
