/** Materials (spec 2 §Materials and categories, §3, §4, §6, §7, §8, §9): keyed by name (`idField`, URL-encoded in
 * routes and calls). Listed inside the category tree (material-categories), created in a category or as a variant
 * of a base material, edited, shown, imported from an archive, duplicated, archived, moved and deleted. */
import BgColorsOutlined from '@ant-design/icons-svg/es/asn/BgColorsOutlined';
import BranchesOutlined from '@ant-design/icons-svg/es/asn/BranchesOutlined';
import CopyOutlined from '@ant-design/icons-svg/es/asn/CopyOutlined';
import ImportOutlined from '@ant-design/icons-svg/es/asn/ImportOutlined';
import { Glyph } from '@/ui/Glyph';
import { lazy } from 'react';
import { SHARE_MATERIALS_ABILITY } from '@shared/abilities';
import { MATERIAL_ABILITIES, MATERIAL_IMPORT } from '@shared/entities/material-values';
import { shareAction } from '@/components/sharing/share-action';
import type { Material } from '@shared/entities/materials';
import { moveToContainers } from '@/components/move-to-containers';
import { previewCards } from '@/components/PreviewCard';
import { currentImage, imageUploadPayload } from '@/components/upload/current-image';
import { archivableBulk } from '@/declarations/archivable-bulk';
import { editRowAction } from '@/declarations/edit-row-action';
import { type ArchivePatch, archiveRowActions } from '@/declarations/archivable-rows';
import { fieldSelection } from '@/declarations/field-selection';
import { permissionsFrom } from '@/declarations/permissions-from';
import { defineOverview, defineResource } from '@/declarations/types';
import { materialPath } from './material-paths';

/** `GET /materials | filter[category], … excluded_fields`: the viewer's texture is the overview's. */
export const MATERIAL_EXCLUDED_FIELDS = fieldSelection<Material>('materials', [
  'description',
  'viewer_texture_url',
  'deleted_at',
]);

/** The record types come from the shared entity schema (shared/entities/materials.ts). */
export type { Material, MaterialImport } from '@shared/entities/materials';

const HATCH = { platform: 'hatch' } as const;

/** Spec 2 §7: `PATCH /materials/{name} | name, archived`, the body of an archive or an unarchive. */
export const materialArchiveValues = (material: Pick<Material, 'name'>, archived: boolean) => ({
  name: material.name,
  archived,
});

/** A material's archive or unarchive by its name (its list and the Processor's). */
export const materialArchivePatch: ArchivePatch<Material> = (material, archived) => ({
  path: `materials/${encodeURIComponent(material.name)}`,
  values: materialArchiveValues(material, archived),
});

/** The preview's input (antd, the upload queue) loads with the form, not with the registry. */
const ImageUploadInput = lazy(() => import('@/components/upload/ImageUploadInput'));

/** The move into categories: their tree, less archived ones and the category being browsed (loaded when it opens). */
const MoveMaterialsDialog = moveToContainers({
  ns: 'materials',
  containers: 'materials/categories',
  field: 'categories',
  currentParam: 'categoryId',
});

/** New Variant: the create form of a variant of this material (its row menu and its overview). */
const variant = {
  key: 'variant',
  labelKey: 'actions.createVariant',
  icon: <Glyph icon={BranchesOutlined} />,
  needs: 'create',
  to: (material: Pick<Material, 'name'>) => materialPath('materials/create/variant', material),
} as const;

export const materials = defineResource<Material>({
  name: 'materials',
  idField: 'name',
  ns: 'materials',
  screen: 'materials',
  idParam: 'materialName',
  routes: {
    create: 'materials/create',
    edit: 'materials/edit/:materialName',
    show: 'materials/overview/:materialName',
    extra: [
      {
        path: 'materials/create/:categoryId',
        screen: 'materials.create',
        action: 'create',
        presets: (params) => ({ category_ids: [Number(params.categoryId)] }),
      },
      {
        path: 'materials/create/variant/:baseMaterialName',
        screen: 'materials.createVariant',
        action: 'create',
        titleKey: 'titles.createVariant',
        presets: (params) => ({ parent_name: params.baseMaterialName }),
      },
      {
        path: 'materials/import',
        screen: 'materials.import',
        page: () => import('./MaterialImportPage'),
        guard: { platform: 'hatch' },
      },
    ],
  },
  guard: HATCH,
  ...permissionsFrom(MATERIAL_ABILITIES, {
    platform: 'hatch',
    // A variant (the clone route) is a new material: the create's ability.
    extra: { clone: { ability: MATERIAL_ABILITIES.create } },
  }),
  search: {
    key: 'materials',
    order: 50,
    icon: <Glyph icon={BgColorsOutlined} />,
    platform: 'hatch',
    viewAll: '/materials',
    viewAllLabel: 'viewAll',
  },
  recyclingBin: { tabKey: 'materials', order: 60, sortKey: 'trash_materials', preview: 'preview_image_url' },
  list: {
    import: MATERIAL_IMPORT,
    sortKey: 'materials',
    defaultSort: '-updated_at',
    pageSize: 10,
    meta: { excluded_fields: MATERIAL_EXCLUDED_FIELDS },
    cards: previewCards(
      (material) => material.preview_image_url,
      (material, { t }) =>
        t('uploadedBy', { name: material.active_version_creator_name ?? t('values.none') }),
    ),
    columns: [
      { field: 'preview_image_url', titleKey: 'columns.preview', kind: 'image', width: 96, hideBelow: 'md' },
      { field: 'name', titleKey: 'columns.name', sort: 'name' },
      { field: 'status', titleKey: 'columns.status', kind: 'statusBadge', width: 120 },
      {
        field: 'categories',
        titleKey: 'columns.categories',
        hideBelow: 'lg',
        render: (material) => material.categories.map((category) => category.name).join(', '),
      },
      { field: 'parent_name', titleKey: 'columns.parentName', hideBelow: 'lg' },
      {
        field: 'active_version_creator_name',
        titleKey: 'columns.uploadedBy',
        hideBelow: 'md',
        render: (material, { t }) => material.active_version_creator_name ?? t('values.none'),
      },
      { field: 'updated_at', titleKey: 'columns.updated', kind: 'date', sort: 'updated_at', hideBelow: 'md' },
    ],
    filters: [
      {
        key: 'status',
        labelKey: 'filters.status',
        options: [
          { value: 'active', labelKey: 'values.active' },
          { value: 'archived', labelKey: 'values.archived' },
        ],
      },
    ],
    rowActions: [
      editRowAction((material) => materialPath('materials/edit', material)),
      // Archive or unarchive by patching the archived flag (spec 2 §4); the banner says '{name} Archived...'.
      ...archiveRowActions<Material>({ needs: 'edit', via: 'patch', patch: materialArchivePatch }),
      variant,
      {
        key: 'duplicate',
        labelKey: 'actions.duplicate',
        icon: <Glyph icon={CopyOutlined} />,
        needs: 'clone',
        call: (material) => ({
          method: 'post',
          path: `materials/${encodeURIComponent(material.name)}/duplicate`,
          confirmKey: 'duplicateConfirm',
          successKey: 'duplicated',
        }),
      },
    ],
    headerActions: [
      {
        key: 'import',
        labelKey: 'actions.import',
        icon: <Glyph icon={ImportOutlined} />,
        needs: 'create',
        to: { to: '/materials/import' },
      },
    ],
    rowLink: { to: (material) => materialPath('materials/overview', material) },
    // Spec 2 §7: `POST /materials/update` moves and deletes; archiving a material is its own PATCH.
    bulk: archivableBulk({
      field: 'materials',
      also: [
        {
          action: 'move',
          labelKey: 'actions.move',
          needs: 'edit',
          form: MoveMaterialsDialog,
          successKey: 'bulk.moved',
          failureKey: 'bulk.moveFailed',
        },
      ],
      archive: false,
      delete: 'delete',
      // The categories count their materials (indirect_materials_count).
      refreshes: ['materials/categories'],
    }),
    loadingKey: 'loading',
    emptyKey: 'empty',
  },
  form: {
    schema: () => import('@shared/entities/materials').then((entity) => entity.MaterialInputSchema),
    fields: [
      { name: 'name', labelKey: 'fields.name', kind: 'text' },
      { name: 'description', labelKey: 'fields.description', kind: 'textarea' },
      { name: 'parent_name', labelKey: 'fields.parentName', kind: 'text' },
      {
        name: 'category_ids',
        labelKey: 'fields.categories',
        kind: 'reference',
        reference: { resource: 'materials/categories', labelField: 'name', multiple: true },
        // The records themselves: the form holds their ids, the picker knows their names before its list loads.
        fromRecord: (record) => (record as Material).categories,
      },
      {
        name: 'preview_upload_id',
        labelKey: 'fields.previewImage',
        kind: 'file',
        upload: 'image',
        input: ImageUploadInput,
        helpKey: 'fields.previewImageHelp',
        fromRecord: (record) => currentImage((record as Material).preview_image_url),
        toPayload: imageUploadPayload,
      },
    ],
    redirect: 'show',
    // A variant starts with its base's categories and preview (issue 31); the server does the same for a variant
    // created without them.
    inheritFrom: { param: 'baseMaterialName', fields: ['category_ids', 'preview_upload_id'] },
    // Opened directly (issue 31), Cancel on a new material goes to the materials.
    fallbackPath: '/materials',
  },
  deletion: {
    confirmKey: 'deleteConfirm',
    answerNameKey: 'material_name',
    disabledReason: (material) => (material.deletable === false ? 'notDeletable' : undefined),
  },
  // New Variant, Duplicate (no confirmation: to the copy's overview) and Archive at once, Share (its dialog), then
  // Delete and Edit.
  overview: defineOverview<Material>({
    actions: [
      { kind: 'link', ...variant },
      {
        kind: 'duplicate',
        path: (material) => `materials/${encodeURIComponent(material.name)}/duplicate`,
        to: (copy) => materialPath('materials/overview', copy),
      },
      { kind: 'archive', needs: 'edit', patch: materialArchivePatch },
      shareAction<Material>('material', { ability: SHARE_MATERIALS_ABILITY }),
      { kind: 'delete', after: () => '/materials' },
      { kind: 'edit' },
    ],
    page: () => import('./materials.overview'),
  }),
});

export default materials;
