/**
 * The model overview (spec 2 §Models, §3, §4, §8): every field of the model card (name, status badge, colour,
 * preview image, description, created, updated, started, finished, uploader, latest geometry event message), the
 * elapsed time (a running timer while unfinished), its project and file, and the processing history. Edit (hatch),
 * Reprocess (FINISHED only, after its confirmation) and Delete (after its confirmation, then back to the project
 * with the '{model_name} {status}' banner). Processing pushes update it in place.
 */
import { DeleteOutlined, EditOutlined, FileImageOutlined, RedoOutlined } from '@ant-design/icons';
import { type HttpError, useShow } from '@refinedev/core';
import { Breadcrumb, Button, Descriptions, Skeleton, Timeline, Tooltip } from 'antd';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { LoadFailure } from '@/components/LoadFailure';
import { formatDate } from '@/components/cells';
import { ResultBanner } from '@/components/ResultBanner';
import { useResourcePermissions } from '@/components/useResourcePermissions';
import { bannerState, useResultBanner } from '@/components/useResultBanner';
import { PageHeader } from '@/components/PageHeader';
import { PageSection } from '@/components/PageSection';
import { formatBytes } from '@/components/upload/upload-rules';
import type { ResourcePageProps } from '../types';
import { ElapsedTime } from './ElapsedTime';
import { eventMessage, progressMessage } from './model-status';
import { ModelStatusBadge } from './ModelStatusBadge';
import { type ModelDetail, REPROCESS_PERMISSION } from './models.resource';
import { canReprocess, useModelActions } from './useModelActions';
import { useModelLiveUpdates } from './useModelLiveUpdates';
import '@/components/page.css';
import './models.css';

const NONE = '---';

export default function ModelOverviewPage({ resource }: ResourcePageProps) {
  const { t, i18n } = useTranslation('models');
  const { t: tl } = useTranslation('lists');
  const navigate = useNavigate();
  const id = useParams()[resource.idParam];
  const { can } = useResourcePermissions(resource);
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

  const date = (value: string | null) => (value ? formatDate(value, i18n.resolvedLanguage, true) : NONE);
  const message = progressMessage(model, t);
  const details: Array<{ key: string; label: string; span?: number; children: ReactNode }> = [
    {
      key: 'status',
      label: t('fields.status'),
      children: <ModelStatusBadge status={model.status} color={model.status_color} />,
    },
    {
      key: 'color',
      label: t('fields.color'),
      children: (
        <span className="model-color">
          <span className="model-color__swatch" style={{ background: model.status_color }} aria-hidden />
          <code>{model.status_color}</code>
        </span>
      ),
    },
    {
      key: 'message',
      label: t('fields.latestMessage'),
      span: 2,
      children: <span data-testid="model-latest-message">{message ?? NONE}</span>,
    },
    { key: 'elapsed', label: t('fields.elapsed'), children: <ElapsedTime model={model} empty={NONE} /> },
    { key: 'uploader', label: t('fields.uploader'), children: model.uploader_name || NONE },
    { key: 'created', label: t('fields.created'), children: date(model.created_at) },
    { key: 'updated', label: t('fields.updated'), children: date(model.updated_at) },
    { key: 'started', label: t('fields.started'), children: date(model.started_at) },
    { key: 'finished', label: t('fields.finished'), children: date(model.finished_at) },
    {
      key: 'project',
      label: t('fields.project'),
      span: 2,
      children: model.project ? <Link to={projectPath}>{model.project.name}</Link> : NONE,
    },
    { key: 'description', label: t('fields.description'), span: 2, children: model.description || NONE },
    {
      key: 'file',
      label: t('fields.file'),
      span: 2,
      children: model.file
        ? `${model.file.name} · ${formatBytes(model.file.size, i18n.resolvedLanguage)}`
        : NONE,
    },
  ];

  const reprocessable = canReprocess(model);
  const actions = (
    <>
      {can(REPROCESS_PERMISSION) && (
        <Tooltip title={reprocessable ? undefined : t('reprocessOnlyFinished')}>
          <Button
            icon={<RedoOutlined aria-hidden />}
            disabled={!reprocessable}
            onClick={() => reprocess(model)}
          >
            {t('actions.reprocess')}
          </Button>
        </Tooltip>
      )}
      {can('delete') && (
        <Button danger icon={<DeleteOutlined aria-hidden />} onClick={() => remove(model)}>
          {tl('delete')}
        </Button>
      )}
      {resource.routes.edit && can('edit') && (
        <Button
          type="primary"
          icon={<EditOutlined aria-hidden />}
          onClick={() => navigate(`/projects/models/edit/${model.id}`)}
        >
          {tl('edit')}
        </Button>
      )}
    </>
  );

  return (
    <section className="show-page model-overview" aria-labelledby="model-title">
      <Breadcrumb
        items={[
          { key: 'projects', title: <Link to="/projects">{t('breadcrumbProjects')}</Link> },
          ...(model.project
            ? [{ key: 'project', title: <Link to={projectPath}>{model.project.name}</Link> }]
            : []),
          { key: 'model', title: model.name },
        ]}
      />
      <PageHeader title={<span id="model-title">{model.name}</span>} extra={actions}>
        <ModelStatusBadge status={model.status} color={model.status_color} />
      </PageHeader>
      <ResultBanner banner={banner} onClose={dismiss} />
      <div className="model-overview__grid">
        <figure className="preview-frame model-overview__preview">
          {model.preview_image_url ? (
            <img src={model.preview_image_url} alt={t('previewOf', { name: model.name })} />
          ) : (
            <span className="preview-frame__empty" role="img" aria-label={t('noPreview')}>
              <FileImageOutlined aria-hidden />
              <span aria-hidden>{t('noPreview')}</span>
            </span>
          )}
        </figure>
        <div className="show-page__card">
          <Descriptions column={2} size="small" layout="vertical" colon={false} items={details} />
        </div>
      </div>
      <PageSection id="model-history" title={t('history')}>
        {model.geometry_events.length ? (
          <Timeline
            className="model-history"
            items={model.geometry_events.map((event, index) => ({
              key: `${event.created_at}-${index}`,
              color: index === 0 ? model.status_color : 'gray',
              children: (
                <>
                  <span className="model-history__message">{eventMessage(t, event)}</span>
                  <span className="model-history__time">{date(event.created_at)}</span>
                </>
              ),
            }))}
          />
        ) : (
          <p className="muted">{t('noHistory')}</p>
        )}
      </PageSection>
      {dialogs}
    </section>
  );
}
