/** Material categories (spec 2 §Materials and categories, §3, §4, §6, §7, §8, §9): the tree materials are browsed
 * in. `/materials` is its root; create (optionally under a parent), edit, archive or activate, delete singly and
 * in bulk (not while a material in it is connected to a model). Browsed as a tree (`tree`): the categories below
 * the current one and the materials in it. */
import ApartmentOutlined from '@ant-design/icons-svg/es/asn/ApartmentOutlined';
import BgColorsOutlined from '@ant-design/icons-svg/es/asn/BgColorsOutlined';
import FolderAddOutlined from '@ant-design/icons-svg/es/asn/FolderAddOutlined';
import { Glyph } from '@/ui/Glyph';
import type { MaterialCategory } from '@shared/entities/material-categories';
import { MATERIAL_CATEGORY_ABILITIES } from '@shared/entities/material-category-values';
import { MATERIAL_ABILITIES } from '@shared/entities/material-values';
import { lazy } from 'react';
import { previewCards } from '@/components/PreviewCard';
import { currentImage, imageUploadPayload } from '@/components/upload/current-image';
import { archivableBulk } from '@/declarations/archivable-bulk';
import { editRowAction } from '@/declarations/edit-row-action';
import { archiveRowActions } from '@/declarations/archivable-rows';
import { fieldSelection } from '@/declarations/field-selection';
import { permissionsFrom } from '@/declarations/permissions-from';
import { defineResource } from '@/declarations/types';

/** `GET /materials/categories | filter[parent_id], excluded_fields`: the ancestors are the single answer's. */
const CATEGORY_EXCLUDED_FIELDS = fieldSelection<MaterialCategory>('categories', ['meta_data', 'deleted_at']);

/** The preview's input (antd, the upload queue) loads with the form, not with the registry. */
const ImageUploadInput = lazy(() => import('@/components/upload/ImageUploadInput'));

/** The record types come from the shared entity schema (shared/entities/material-categories.ts). */
export type { MaterialCategory } from '@shared/entities/material-categories';

const HATCH = { platform: 'hatch' } as const;

export const categoryPath = (category: Pick<MaterialCategory, 'id'>) =>
  `/materials/categories/${category.id}`;

const STATUS_OPTIONS = [
  { value: 'ACTIVE', labelKey: 'values.ACTIVE' },
  { value: 'ARCHIVED', labelKey: 'values.ARCHIVED' },
];

export const materialCategories = defineResource<MaterialCategory>({
  name: 'materials/categories',
  ns: 'material-categories',
  screen: 'categories',
  idParam: 'categoryId',
  routes: {
    list: 'materials',
    create: 'materials/categories/create',
    edit: 'materials/categories/edit/:categoryId',
    extra: [
      {
        path: 'materials/categories/create/:categoryId',
        screen: 'categories.create',
        action: 'create',
        presets: (params) => ({ parent_id: Number(params.categoryId) }),
      },
    ],
  },
  guard: HATCH,
  ...permissionsFrom(MATERIAL_CATEGORY_ABILITIES, { platform: 'hatch' }),
  navigation: {
    labelKey: 'nav.materials',
    icon: <Glyph icon={BgColorsOutlined} />,
    order: 40,
    // Spec 1 §6: 'Materials (authoring only): list-materials.'
    permission: { platform: 'hatch', ability: MATERIAL_ABILITIES.list },
  },
  search: {
    key: 'materialCategories',
    order: 60,
    icon: <Glyph icon={ApartmentOutlined} />,
    platform: 'hatch',
    viewAll: '/materials',
    viewAllLabel: 'viewAll',
    rowTarget: (category) => ({ to: categoryPath(category) }),
  },
  tree: {
    route: 'materials/categories/:categoryId',
    screen: 'materials.category',
    parentFilter: 'parent_id',
    breadcrumbs: (category) => [...category.meta_data.ancestors, { id: category.id, name: category.name }],
    leaves: { resource: 'materials', filter: 'category', atRoot: 'all' },
    texts: {
      root: 'breadcrumbRoot',
      heading: 'title',
      intro: 'intro',
      containers: 'headings.categories',
      leaves: 'headings.materials',
    },
    createContainerIn: 'materials/categories/create/:categoryId',
    createLeafIn: 'materials/create/:categoryId',
  },
  recyclingBin: {
    tabKey: 'materialCategories',
    order: 50,
    sortKey: 'trash_material_categories',
    preview: 'preview_image_url',
  },
  list: {
    sortKey: 'material_categories',
    defaultSort: '-updated_at',
    pageSize: 10,
    meta: { excluded_fields: CATEGORY_EXCLUDED_FIELDS },
    cards: previewCards(
      (category) => category.cover_image_url,
      (category, { t }) => t('materialsCount', { count: category.indirect_materials_count }),
    ),
    columns: [
      // Its own preview, else its newest material's (issue 42); the form edits the own one.
      { field: 'cover_image_url', titleKey: 'columns.preview', kind: 'image', width: 96, hideBelow: 'md' },
      { field: 'name', titleKey: 'columns.name', sort: 'name' },
      { field: 'status', titleKey: 'columns.status', kind: 'statusBadge', width: 120 },
      {
        field: 'indirect_materials_count',
        titleKey: 'columns.materials',
        kind: 'count',
        width: 110,
        hideBelow: 'sm',
      },
      {
        field: 'sub_categories',
        titleKey: 'columns.subCategories',
        hideBelow: 'lg',
        render: (category) => category.sub_categories.map((sub) => sub.name).join(', '),
      },
      { field: 'updated_at', titleKey: 'columns.updated', kind: 'date', sort: 'updated_at', hideBelow: 'md' },
    ],
    filters: [{ key: 'status', labelKey: 'filters.status', options: STATUS_OPTIONS }],
    rowActions: [
      editRowAction((category) => `/materials/categories/edit/${category.id}`),
      // Spec 2 §7 has no PATCH for categories: one category goes through the bulk endpoint ('1 Categories …').
      ...archiveRowActions<MaterialCategory>({ needs: 'edit', via: 'bulk' }),
      {
        key: 'createSub',
        labelKey: 'actions.createSub',
        icon: <Glyph icon={FolderAddOutlined} />,
        needs: 'create',
        to: (category) => `/materials/categories/create/${category.id}`,
      },
    ],
    rowLink: { to: categoryPath },
    bulk: archivableBulk({ field: 'categories', archive: 'edit', delete: 'delete' }),
    loadingKey: 'loading',
    emptyKey: 'empty',
  },
  form: {
    schema: () =>
      import('@shared/entities/material-categories').then((entity) => entity.MaterialCategoryInputSchema),
    fields: [
      { name: 'name', labelKey: 'fields.name', kind: 'text' },
      { name: 'description', labelKey: 'fields.description', kind: 'textarea' },
      {
        name: 'parent_id',
        labelKey: 'fields.parent',
        kind: 'reference',
        reference: { resource: 'materials/categories', labelField: 'name' },
      },
      {
        name: 'status',
        labelKey: 'fields.status',
        kind: 'select',
        options: STATUS_OPTIONS,
        initial: 'ACTIVE',
      },
      {
        name: 'preview_upload_id',
        labelKey: 'fields.previewImage',
        kind: 'file',
        upload: 'image',
        input: ImageUploadInput,
        helpKey: 'fields.previewImageHelp',
        fromRecord: (record) => currentImage((record as MaterialCategory).preview_image_url),
        toPayload: imageUploadPayload,
      },
    ],
    // Saved, the category shows where it is listed (issue 31): in its parent category, or at the root.
    redirect: (category) => {
      const parent = (category as MaterialCategory).parent_id;
      return parent ? categoryPath({ id: parent }) : '/materials';
    },
  },
  deletion: {
    confirmKey: 'deleteConfirm',
    answerNameKey: 'category_name',
    disabledReason: (category) => (category.deletable === false ? 'notDeletable' : undefined),
    // Spec 2 §7 deletes categories only through `POST /materials/categories/update` ('1 Categories …').
    bulk: true,
  },
});

export default materialCategories;
