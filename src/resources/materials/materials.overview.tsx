/**
 * The material overview (spec 2 §Materials and categories, §3, §8), declared for the generic overview page: every
 * field of §3 (preview, status badge, categories, the base material of a variant, created, updated, uploaded by;
 * whether it may be deleted shows on its Delete button, not as a field) and its variants. Its header actions (New
 * Variant, Duplicate to the copy's overview, Archive/Unarchive, Delete back to the materials, Edit) are declared
 * (`overview` in materials.resource.tsx). Where the material has a base-colour map, a sphere wearing it in the
 * interactive 3D viewer takes the preview's place (issue 28; the viewer's code loads only then).
 */
import { type HttpError, useList } from '@refinedev/core';
import { Link } from 'react-router';
import { StatusBadge } from '@/components/cells';
import { linksSection } from '@/components/overview-links';
import { PreviewFrame } from '@/components/PreviewFrame';
import { Viewer3D } from '@/components/viewer/Viewer3D';
import { defineOverviewPage, type OverviewContext } from '@/declarations/types';
import type { Material } from '@shared/entities/materials';
import { materialPath } from './material-paths';
import './materials.css';

/**
 * The one status badge of every overview and list (issue 31): the ink colour beside a dot of its colour, next to
 * the title as on the model and item overviews, and among the details.
 */
const status = (material: Material, { t }: OverviewContext) => (
  <StatusBadge status={t(`values.${material.status}`)} color={material.status_color} />
);

/**
 * The variants of the material of this name: asked for with the material (`usePreload`, which also refreshes what
 * an earlier visit left), shown below it by the section, which reads that answer without asking again.
 */
const useVariants = (name: string | undefined, part: 'preload' | 'section') =>
  useList<Material, HttpError>({
    resource: 'materials',
    filters: [{ field: 'parent_name', operator: 'eq', value: name }],
    pagination: { pageSize: 25 },
    sorters: [{ field: 'name', order: 'asc' }],
    queryOptions: { enabled: name !== undefined, refetchOnMount: part === 'preload' },
  });

export default defineOverviewPage<Material>({
  titleId: 'material-title',
  className: 'material-overview',
  root: { labelKey: 'title', to: '/materials' },
  backKey: 'import.back',
  useTrail: (material) => {
    const category = material?.categories[0];
    return category ? [{ name: category.name, to: `/materials/categories/${category.id}` }] : [];
  },
  badge: status,
  noneKey: 'values.none',
  usePreload: (name) => void useVariants(name, 'preload'),
  media: {
    className: 'material-overview__grid',
    render: (material, { t }) =>
      material.viewer_texture_url ? (
        <Viewer3D
          variant="material"
          url={material.viewer_texture_url}
          name={material.name}
          previewUrl={material.preview_image_url}
          className="material-overview__viewer"
        />
      ) : (
        <PreviewFrame
          src={material.preview_image_url}
          alt={material.name}
          emptyLabel={t('noPreview')}
          className="material-overview__preview"
        />
      ),
  },
  // Two to a row where there is room: status and uploader, the dates, the base material and the categories.
  fields: [
    { key: 'status', labelKey: 'columns.status', render: status },
    { key: 'uploadedBy', labelKey: 'columns.uploadedBy', field: 'active_version_creator_name' },
    { key: 'created', labelKey: 'columns.created', field: 'created_at', kind: 'datetime' },
    { key: 'updated', labelKey: 'columns.updated', field: 'updated_at', kind: 'datetime' },
    {
      key: 'parent',
      labelKey: 'columns.parentName',
      render: (material) =>
        material.parent_name && (
          <Link
            to={materialPath('materials/overview', { name: material.parent_name })}
            data-testid="parent-name"
          >
            {material.parent_name}
          </Link>
        ),
    },
    {
      key: 'categories',
      labelKey: 'columns.categories',
      render: (material) =>
        material.categories.length > 0 && (
          <span className="material-categories">
            {material.categories.map((category) => (
              <Link key={category.id} to={`/materials/categories/${category.id}`}>
                {category.name}
              </Link>
            ))}
          </span>
        ),
    },
    { key: 'description', labelKey: 'columns.description', span: 'filled', field: 'description' },
  ],
  sections: [
    {
      id: 'material-variants',
      titleKey: 'overview.variants',
      content: linksSection<Material>({
        useLinks: (material) =>
          useVariants(material.name, 'section').result.data.map((variant) => ({
            key: variant.id,
            name: variant.name,
            to: materialPath('materials/overview', variant),
          })),
        className: 'material-variants',
        emptyKey: 'overview.noVariants',
      }),
    },
  ],
});
