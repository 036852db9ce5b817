/**
 * Libraries (spec 2 §Libraries and items, §3, §4, §6, §8, §9): declared once and browsed as a tree (`tree`): the
 * generic tree browser shows the breadcrumbs, the sub-libraries and the library's items (the library items
 * declaration); the forms, routes, menu entry and search group derive from it, the record type and the form's
 * rules from `shared/entities/libraries.ts`. Creating, editing and bulk actions are hatch-only. Archive and
 * activate go through `POST /libraries/update` singly too (spec 2 §7 has no other call for them; issue 13), so a
 * row's archive answers like the bulk one: '1 Libraries successfully archived' (§8).
 */
import AppstoreOutlined from '@ant-design/icons-svg/es/asn/AppstoreOutlined';
import { Glyph } from '@/ui/Glyph';
import { LABEL_ABILITIES } from '@shared/entities/label-values';
import type { Library } from '@shared/entities/libraries';
import { LIBRARY_ABILITIES } from '@shared/entities/library-values';
import { previewCards } from '@/components/PreviewCard';
import { archivableBulk } from '@/declarations/archivable-bulk';
import { editRowAction } from '@/declarations/edit-row-action';
import { archiveRowActions } from '@/declarations/archivable-rows';
import { fieldSelection } from '@/declarations/field-selection';
import { permissionsFrom } from '@/declarations/permissions-from';
import { defineResource } from '@/declarations/types';

export type { Library } from '@shared/entities/libraries';

/** `GET /libraries | filter[parent_id], … included_fields`: the cards and rows, without sub-libraries or breadcrumbs. */
const LIBRARY_LIST_FIELDS = fieldSelection<Library>('libraries', [
  'id',
  'parent_id',
  'name',
  'description',
  'cover_image',
  'status',
  'status_color',
  'is_deletable',
  'indirect_items_count',
  'labels',
  'created_at',
  'updated_at',
]);

/** `GET /libraries/{id} | included_fields (name, meta_data)`: the tree's heading and breadcrumbs. */
const LIBRARY_SHOW_FIELDS = fieldSelection<Library>('libraries', ['name', 'meta_data']);

const LIBRARIES = { ability: LIBRARY_ABILITIES.list };
const HATCH = { platform: 'hatch' } as const;
/** Spec 2 §6 has no create-libraries: creating and editing a library is update-libraries. */
const UPDATE = { platform: 'hatch', ability: LIBRARY_ABILITIES.update } as const;

const browsePath = (library: Pick<Library, 'id'>) => `/libraries/${library.id}`;
const editPath = (library: Pick<Library, 'id'>) => `/libraries/edit/${library.id}`;
/** Where a library is listed: in its parent library, or at the root. */
const containerPath = (library: Pick<Library, 'parent_id'>) =>
  library.parent_id ? browsePath({ id: library.parent_id }) : '/libraries';

export const libraries = defineResource<Library>({
  name: 'libraries',
  ns: 'libraries',
  screen: 'libraries',
  idParam: 'libraryId',
  routes: {
    list: 'libraries',
    create: 'libraries/create',
    edit: 'libraries/edit/:libraryId',
    extra: [
      {
        path: 'libraries/create/:libraryId',
        screen: 'libraries.create',
        action: 'create',
        presets: (params) => ({ parent_id: Number(params.libraryId) }),
      },
    ],
  },
  guard: LIBRARIES,
  actionGuards: { create: { ...HATCH, ...LIBRARIES }, edit: { ...HATCH, ...LIBRARIES } },
  // Created and edited in hatch only, deleted on both platforms.
  ...permissionsFrom(LIBRARY_ABILITIES, { actionPlatforms: { create: 'hatch', edit: 'hatch' } }),
  navigation: { labelKey: 'nav.libraries', icon: <Glyph icon={AppstoreOutlined} />, order: 30 },
  search: {
    key: 'libraries',
    order: 30,
    icon: <Glyph icon={AppstoreOutlined} />,
    rowTarget: (library) => ({ to: browsePath(library), state: { name: library.name } }),
  },
  tree: {
    route: 'libraries/:libraryId',
    screen: 'libraries.library',
    parentFilter: 'parent_id',
    breadcrumbs: (library) => library.meta_data.breadcrumbs,
    showMeta: { included_fields: LIBRARY_SHOW_FIELDS },
    leaves: { resource: 'libraries/items', filter: 'library' },
    texts: {
      root: 'tree.root',
      heading: 'tree.heading',
      intro: 'tree.intro',
      containers: 'tree.libraries',
      leaves: 'tree.items',
    },
    createContainerIn: 'libraries/create/:libraryId',
    createLeafIn: 'libraries/items/create/:libraryId',
  },
  recyclingBin: { tabKey: 'libraries', order: 30, sortKey: 'trash_libraries', preview: 'preview_image' },
  countTile: { key: 'libraries', order: 20 },
  list: {
    sortKey: 'libraries',
    defaultSort: '-updated_at',
    pageSize: 10,
    meta: { included_fields: LIBRARY_LIST_FIELDS },
    emptyKey: 'empty',
    loadingKey: 'loading',
    cards: previewCards(
      (library) => library.cover_image,
      (library, { t }) => t('itemsCount', { count: library.indirect_items_count }),
    ),
    columns: [
      { field: 'status', titleKey: 'columns.status', kind: 'status', activeValues: ['ACTIVE'], width: 80 },
      // Its own preview, else its newest item's render (issue 42); the form edits `preview_image`.
      { field: 'cover_image', titleKey: 'columns.preview', kind: 'image', width: 96, hideBelow: 'md' },
      { field: 'name', titleKey: 'columns.name', sort: 'name' },
      { field: 'description', titleKey: 'columns.description', hideBelow: 'lg', ellipsis: true },
      { field: 'labels', titleKey: 'columns.labels', kind: 'labels', hideBelow: 'lg' },
      { field: 'indirect_items_count', titleKey: 'columns.items', kind: 'count', width: 90 },
      { field: 'created_at', titleKey: 'columns.created', kind: 'date', sort: 'created_at', hideBelow: 'md' },
      { field: 'updated_at', titleKey: 'columns.updated', kind: 'date', sort: 'updated_at', hideBelow: 'md' },
    ],
    filters: [
      {
        key: 'status',
        labelKey: 'filters.status',
        options: [
          { value: 'ACTIVE', labelKey: 'values.ACTIVE' },
          { value: 'ARCHIVED', labelKey: 'values.ARCHIVED' },
        ],
      },
    ],
    rowActions: [editRowAction(editPath), ...archiveRowActions<Library>({ needs: 'edit', via: 'bulk' })],
    rowLink: { to: browsePath },
    bulk: archivableBulk({
      field: 'libraries',
      archive: UPDATE,
      delete: { platform: 'hatch', ability: LIBRARY_ABILITIES.delete },
    }),
  },
  form: {
    schema: () => import('@shared/entities/libraries').then((entity) => entity.LibraryInputSchema),
    fields: [
      { name: 'name', labelKey: 'fields.name', kind: 'text' },
      { name: 'description', labelKey: 'fields.description', kind: 'textarea' },
      {
        name: 'parent_id',
        labelKey: 'fields.parent',
        kind: 'reference',
        reference: { resource: 'libraries', labelField: 'name' },
      },
      {
        name: 'labels',
        labelKey: 'fields.labels',
        kind: 'reference',
        reference: {
          resource: 'labels',
          labelField: 'name',
          multiple: true,
          permission: { ability: LABEL_ABILITIES.list },
        },
      },
      { name: 'preview_image', labelKey: 'fields.previewImage', kind: 'image' },
    ],
    // Saved, the library shows where it is listed (issue 31), among its siblings.
    redirect: (library) => containerPath(library as Library),
  },
  deletion: {
    confirmKey: 'deleteConfirm',
    answerNameKey: 'library_name',
    disabledReason: (library) => (library.is_deletable === false ? 'notDeletable' : undefined),
    // Spec 2 §7 deletes libraries only through `POST /libraries/update` ('1 Libraries successfully deleted').
    bulk: true,
  },
});

export default libraries;
