/**
 * The model overview (spec 2 §Models, §3, §4, §8): every field of the model card (name, status badge, colour,
 * preview image, description, created, updated, started, finished, uploader, latest geometry event message), the
 * elapsed time (a running timer while unfinished), its project and file, and the processing history. Edit (hatch),
 * Reprocess (FINISHED only, after its confirmation) and Delete (after its confirmation, then back to the project
 * with the '{model_name} {status}' banner). Processing pushes update it in place.
 */
import { DeleteOutlined, EditOutlined, RedoOutlined } from '@ant-design/icons';
import { type HttpError, useShow } from '@refinedev/core';
import { Button, Skeleton } from 'antd';
import { DisabledReason } from '@/ui/DisabledReason';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { LoadFailure } from '@/components/LoadFailure';
import { ResultBanner } from '@/components/ResultBanner';
import { useResourcePermissions } from '@/components/useResourcePermissions';
import { bannerState, useResultBanner } from '@/components/useResultBanner';
import { Breadcrumbs } from '@/components/Breadcrumbs';
import { type HeaderActions, PageHeader } from '@/components/PageHeader';
import type { ResourcePageProps } from '@/declarations/types';
import { ModelStatusBadge } from './ModelStatusBadge';
import { NONE, type ProcessedFileDetail, ProcessedFileOverview } from './ProcessedFileOverview';
import { type ModelDetail, REPROCESS_PERMISSION } from './models.resource';
import { canReprocess, useModelActions } from './useModelActions';
import { useModelLiveUpdates } from './useModelLiveUpdates';
import '@/components/page.css';
import './models.css';

export default function ModelOverviewPage({ resource }: ResourcePageProps) {
  const { t } = useTranslation('models');
  const { t: tl } = useTranslation('lists');
  const navigate = useNavigate();
  const id = useParams()[resource.idParam];
  const { can, whyNot } = useResourcePermissions(resource);
  const { banner, show, dismiss } = useResultBanner();
  // Pushes are applied in place by useModelLiveUpdates; refine itself need not refetch on each of them.
  // Where a deleted model's screen goes: its project, known once the model has loaded.
  const projectPathRef = useRef('/projects');
  const { reprocess, remove, removing, dialogs } = useModelActions({
    onResult: show,
    onDeleted: (result) => navigate(projectPathRef.current, { state: bannerState(result) }),
  });
  const { query, result: model } = useShow<ModelDetail, HttpError>({
    resource: resource.name,
    id,
    liveMode: 'off',
    // A model being deleted is not read again.
    queryOptions: { enabled: removing === undefined },
  });
  useModelLiveUpdates();
  const projectPath = model?.project ? `/projects/overview/${model.project.id}` : '/projects';
  useEffect(() => {
    projectPathRef.current = projectPath;
  }, [projectPath]);

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

  const details: ProcessedFileDetail[] = [
    {
      key: 'project',
      label: t('fields.project'),
      span: 2,
      children: model.project ? <Link to={projectPath}>{model.project.name}</Link> : NONE,
    },
    { key: 'description', label: t('fields.description'), span: 2, children: model.description || NONE },
  ];

  const reprocessable = canReprocess(model);
  const actions: HeaderActions = [
    can(REPROCESS_PERMISSION) && {
      key: 'reprocess',
      part: 'secondary',
      // The palette offers what the user may do here (issue 33); a disabled button is not offered there.
      command: reprocessable ? { label: t('actions.reprocess'), run: () => reprocess(model) } : undefined,
      node: (
        <DisabledReason reason={reprocessable ? undefined : t('reprocessOnlyFinished')}>
          <Button
            icon={<RedoOutlined aria-hidden />}
            disabled={!reprocessable}
            onClick={() => reprocess(model)}
          >
            {t('actions.reprocess')}
          </Button>
        </DisabledReason>
      ),
    },
    {
      key: 'delete',
      part: 'danger',
      command: can('delete') ? { label: tl('delete'), run: () => remove(model) } : undefined,
      // Shown to everyone who may see the model, disabled with why without the ability (issue 33).
      node: (
        <DisabledReason reason={whyNot('delete')}>
          <Button
            danger
            icon={<DeleteOutlined aria-hidden />}
            disabled={!can('delete')}
            onClick={() => remove(model)}
          >
            {tl('delete')}
          </Button>
        </DisabledReason>
      ),
    },
    !!resource.routes.edit &&
      can('edit') && {
        key: 'edit',
        part: 'primary',
        command: { label: tl('edit'), run: () => void navigate(`/projects/models/edit/${model.id}`) },
        node: (
          <Button
            type="primary"
            icon={<EditOutlined aria-hidden />}
            onClick={() => navigate(`/projects/models/edit/${model.id}`)}
          >
            {tl('edit')}
          </Button>
        ),
      },
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
      <PageHeader title={<span id="model-title">{model.name}</span>} actions={actions}>
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
