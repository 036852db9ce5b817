/**
 * The model overview (spec 2 §Models, §3, §4, §8): every field of the model card (name, status badge, colour,
 * preview image, description, created, updated, started, finished, uploader, latest geometry event message), the
 * elapsed time (a running timer while unfinished), its project and file, and the processing history. Its header
 * actions (Reprocess, Delete back to the project, Edit) are declared (`overview` in models.resource.tsx).
 * Processing pushes update it in place.
 */
import { type HttpError, useShow } from '@refinedev/core';
import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { LoadFailure } from '@/components/LoadFailure';
import { ResultBanner } from '@/components/ResultBanner';
import { useOverviewActions } from '@/components/useOverviewActions';
import { useResultBanner } from '@/components/useResultBanner';
import { Breadcrumbs } from '@/components/Breadcrumbs';
import { PageHeader } from '@/components/PageHeader';
import type { ResourcePageProps } from '@/declarations/types';
import { ModelStatusBadge } from './ModelStatusBadge';
import { NONE, type ProcessedFileDetail, ProcessedFileOverview } from './ProcessedFileOverview';
import { type ModelDetail, modelProjectPath } from './models.resource';
import { useModelLiveUpdates } from './useModelLiveUpdates';
import '@/components/page.css';
import './models.css';

export default function ModelOverviewPage({ resource }: ResourcePageProps) {
  const { t } = useTranslation('models');
  const { t: tl } = useTranslation('lists');
  const id = useParams()[resource.idParam];
  const { banner, show, dismiss } = useResultBanner();
  const { actions, dialogs, removing } = useOverviewActions(resource, show);
  // Pushes are applied in place by useModelLiveUpdates; refine itself need not refetch on each of them.
  const { query, result: model } = useShow<ModelDetail, HttpError>({
    resource: resource.name,
    id,
    liveMode: 'off',
    // A model being deleted is not read again.
    queryOptions: { enabled: removing === undefined },
  });
  useModelLiveUpdates();

  if (query.error) {
    return <LoadFailure error={query.error} back={{ to: '/projects', label: t('backToProjects') }} />;
  }
  if (!model) {
    return (
      <section className="show-page" aria-busy>
        <Skeleton active paragraph={{ rows: 8 }} aria-label={tl('loading')} />
      </section>
    );
  }

  const projectPath = modelProjectPath(model);
  const details: ProcessedFileDetail[] = [
    {
      key: 'project',
      label: t('fields.project'),
      span: 2,
      children: model.project ? <Link to={projectPath}>{model.project.name}</Link> : NONE,
    },
    { key: 'description', label: t('fields.description'), span: 2, children: model.description || NONE },
  ];

  return (
    <section className="show-page model-overview" aria-labelledby="model-title">
      <Breadcrumbs
        items={[
          { name: t('breadcrumbProjects'), to: '/projects' },
          ...(model.project ? [{ name: model.project.name, to: projectPath }] : []),
          { name: model.name },
        ]}
      />
      <PageHeader title={<span id="model-title">{model.name}</span>} actions={actions(model)}>
        <ModelStatusBadge status={model.status} color={model.status_color} />
      </PageHeader>
      <ResultBanner banner={banner} onClose={dismiss} />
      <ProcessedFileOverview
        record={model}
        ns="models"
        idPrefix="model"
        path={`/projects/models/${model.id}`}
        status={<ModelStatusBadge status={model.status} color={model.status_color} />}
        details={details}
      />
      {dialogs}
    </section>
  );
}
