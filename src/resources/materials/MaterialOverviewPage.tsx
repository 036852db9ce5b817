/**
 * The material overview (spec 2 §Materials and categories, §3, §8): every field of §3 (preview, status badge,
 * categories, the base material of a variant, created, updated, uploaded by; whether it may be deleted shows on its
 * Delete button, not as a field) and its variants. Its header actions (New Variant, Duplicate to the copy's
 * overview, Archive/Unarchive, Delete back to the materials, Edit) are declared (`overview` in
 * materials.resource.tsx). Where the material has a base-colour map, a sphere wearing
 * it in the interactive 3D viewer takes the preview's place (issue 28; the viewer's code loads only then).
 */
import { FileImageOutlined } from '@ant-design/icons';
import { type HttpError, useList, useShow } from '@refinedev/core';
import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatDate, StatusBadge } from '@/components/cells';
import { LoadFailure } from '@/components/LoadFailure';
import { type OverviewDetail, OverviewDetails } from '@/components/OverviewDetails';
import { Breadcrumbs } from '@/components/Breadcrumbs';
import { PageHeader } from '@/components/PageHeader';
import { PageSection } from '@/components/PageSection';
import { ResultBanner } from '@/components/ResultBanner';
import { useOverviewActions } from '@/components/useOverviewActions';
import { useResultBanner } from '@/components/useResultBanner';
import { Viewer3D } from '@/components/viewer/Viewer3D';
import type { ResourcePageProps } from '@/declarations/types';
import { type Material, materialPath } from './materials.resource';
import '@/components/page.css';
import './materials.css';

export default function MaterialOverviewPage({ resource }: ResourcePageProps) {
  const { t, i18n } = useTranslation('materials');
  const { t: tl } = useTranslation('lists');
  const name = useParams()[resource.idParam];
  const { banner, show, dismiss } = useResultBanner();
  const { actions, dialogs, removing } = useOverviewActions(resource, show);
  const { query, result: material } = useShow<Material, HttpError>({
    resource: resource.name,
    id: name,
    // A material being deleted is not read again.
    queryOptions: { enabled: removing === undefined },
  });
  const variants = useList<Material, HttpError>({
    resource: resource.name,
    filters: [{ field: 'parent_name', operator: 'eq', value: name }],
    pagination: { pageSize: 25 },
    sorters: [{ field: 'name', order: 'asc' }],
    queryOptions: { enabled: !!name },
  });

  if (query.error) {
    return <LoadFailure error={query.error} back={{ to: '/materials', label: t('import.back') }} />;
  }
  if (!material) {
    return (
      <section className="show-page" aria-busy>
        <Skeleton active paragraph={{ rows: 8 }} aria-label={tl('loading')} />
      </section>
    );
  }

  const date = (value: string) => formatDate(value, i18n.resolvedLanguage, true);
  const none = t('values.none');
  // The one status badge of every overview and list (issue 31): the ink colour beside a dot of its colour, next
  // to the title as on the model and item overviews, and among the details.
  const status = <StatusBadge status={t(`values.${material.status}`)} color={material.status_color} />;
  // Two to a row where there is room: status and uploader, the dates, the base material and the categories.
  const details: OverviewDetail[] = [
    { key: 'status', label: t('columns.status'), children: status },
    {
      key: 'uploadedBy',
      label: t('columns.uploadedBy'),
      children: material.active_version_creator_name ?? none,
    },
    { key: 'created', label: t('columns.created'), children: date(material.created_at) },
    { key: 'updated', label: t('columns.updated'), children: date(material.updated_at) },
    {
      key: 'parent',
      label: t('columns.parentName'),
      children: material.parent_name ? (
        <Link
          to={materialPath('materials/overview', { name: material.parent_name })}
          data-testid="parent-name"
        >
          {material.parent_name}
        </Link>
      ) : (
        none
      ),
    },
    {
      key: 'categories',
      label: t('columns.categories'),
      children: material.categories.length ? (
        <span className="material-categories">
          {material.categories.map((category) => (
            <Link key={category.id} to={`/materials/categories/${category.id}`}>
              {category.name}
            </Link>
          ))}
        </span>
      ) : (
        none
      ),
    },
    {
      key: 'description',
      label: t('columns.description'),
      span: 'filled',
      children: material.description || none,
    },
  ];

  return (
    <section className="show-page material-overview" aria-labelledby="material-title">
      <Breadcrumbs
        items={[
          { name: t('title'), to: '/materials' },
          ...(material.categories[0]
            ? [
                {
                  name: material.categories[0].name,
                  to: `/materials/categories/${material.categories[0].id}`,
                },
              ]
            : []),
          { name: material.name },
        ]}
      />
      <PageHeader title={<span id="material-title">{material.name}</span>} actions={actions(material)}>
        {status}
      </PageHeader>
      <ResultBanner banner={banner} onClose={dismiss} />
      <div className="material-overview__grid">
        {material.viewer_texture_url ? (
          <Viewer3D
            variant="material"
            url={material.viewer_texture_url}
            name={material.name}
            previewUrl={material.preview_image_url}
            className="material-overview__viewer"
          />
        ) : (
          <figure className="preview-frame material-overview__preview">
            {material.preview_image_url ? (
              <img src={material.preview_image_url} alt={material.name} />
            ) : (
              <span className="preview-frame__empty" aria-hidden>
                <FileImageOutlined />
              </span>
            )}
          </figure>
        )}
        <OverviewDetails items={details} />
      </div>
      <PageSection id="material-variants" title={t('overview.variants')}>
        {variants.result.data.length ? (
          <ul className="material-variants">
            {variants.result.data.map((variant) => (
              <li key={variant.id}>
                <Link to={materialPath('materials/overview', variant)}>{variant.name}</Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">{t('overview.noVariants')}</p>
        )}
      </PageSection>
      {dialogs}
    </section>
  );
}
