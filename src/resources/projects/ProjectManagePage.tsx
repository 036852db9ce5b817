/**
 * /projects/manage/{projectId} (named by spec 1's route table, not described by spec 2): managing a project's
 * models in one place. On hatch, with create-project-models, files dropped here upload resumably (2 at a time)
 * and each finished upload becomes a model of the project named after its file. The table lists the project's
 * models with live status, latest message and running timer, and per row Open, Edit (hatch), Reprocess (FINISHED
 * or FAILED, after its confirmation) and Delete (after its confirmation).
 */
import {
  ArrowLeftOutlined,
  DeleteOutlined,
  EditOutlined,
  EyeOutlined,
  RedoOutlined,
} from '@ant-design/icons';
import { type HttpError, useCreate, useList, useOne } from '@refinedev/core';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { awaitingRows } from '@/components/awaiting-rows';
import { LoadFailure } from '@/components/LoadFailure';
import { formatDate, Thumbnail } from '@/components/cells';
import { ListPagination } from '@/components/ListPagination';
import { ResultBanner } from '@/components/ResultBanner';
import { RowMenu, type RowMenuItem } from '@/components/RowMenu';
import { useResourcePermissions } from '@/components/useResourcePermissions';
import { useResultBanner } from '@/components/useResultBanner';
import { Breadcrumbs } from '@/components/Breadcrumbs';
import { PageHeader } from '@/components/PageHeader';
import { PageSection } from '@/components/PageSection';
import type { ApiListResponse } from '@/providers/list-query';
import { ResumableUpload } from '@/components/upload/ResumableUpload';
import { MODEL_FILE_RULES, nameWithoutExtension } from '@/components/upload/upload-rules';
import { useUploadQueue } from '@/components/upload/useUploadQueue';
import { type DataColumn, DataTable } from '@/ui/DataTable';
import { Skeleton } from '@/ui/Skeleton';
import { ElapsedTime } from '@/components/processing/ElapsedTime';
import { progressMessage } from '@/components/processing/model-status';
import { ModelStatusBadge } from '@/components/processing/ModelStatusBadge';
import { models, type ProjectModel, REPROCESS_PERMISSION } from '../models/models.resource';
import { canReprocess, useModelActions } from '../models/useModelActions';
import { useModelLiveUpdates } from '@/components/processing/useModelLiveUpdates';
import type { ResourcePageProps } from '@/declarations/types';
import type { Project } from '@shared/entities/projects';
import '@/components/page.css';
import '@/components/processing/processing.css';
import './projects.css';

/** Models per page (spec 2 §9: the processor's model lists show 10). */
export const MANAGED_MODELS_PER_PAGE = 10;

export default function ProjectManagePage({ resource }: ResourcePageProps) {
  const { t, i18n } = useTranslation('projects');
  const { t: tm } = useTranslation('models');
  const { t: tl } = useTranslation('lists');
  const navigate = useNavigate();
  const id = useParams()[resource.idParam] ?? '';
  const { can } = useResourcePermissions(models);
  const { banner, show, dismiss } = useResultBanner();
  const [page, setPage] = useState(1);

  const projectQuery = useOne<Project, HttpError>({ resource: resource.name, id, liveMode: 'off' });
  const project = projectQuery.result;
  const { result, query } = useList<ProjectModel, HttpError>({
    resource: models.name,
    filters: [{ field: 'project_id', operator: 'eq', value: id }],
    sorters: [{ field: 'created_at', order: 'desc' }],
    pagination: { currentPage: page, pageSize: MANAGED_MODELS_PER_PAGE },
    liveMode: 'off',
  });
  const response = result as unknown as ApiListResponse<ProjectModel> | undefined;
  useModelLiveUpdates();
  const { reprocess, remove, dialogs } = useModelActions({ onResult: show });

  const { mutateAsync: createModel } = useCreate();
  const upload = useUploadQueue(MODEL_FILE_RULES, async (item) => {
    const name = nameWithoutExtension(item.name);
    try {
      await createModel({
        resource: models.name,
        values: { name, project_id: Number(id), upload_id: item.uploadId },
        successNotification: false,
        errorNotification: false,
      });
      show({ type: 'success', text: t('manage.created', { name }) });
    } catch (error) {
      show({ type: 'error', text: `${item.name}: ${(error as Error).message}` });
    }
  });

  const loadError = projectQuery.query.error ?? query.error;
  if (loadError) return <LoadFailure error={loadError} back={{ to: '/projects', label: tl('backToList') }} />;

  const overviewPath = `/projects/overview/${id}`;
  const modelPath = (model: ProjectModel) => `/projects/models/overview/${model.id}`;
  // Open and Edit are links; Reprocess (FINISHED or FAILED) and Delete ask first (useModelActions).
  const menuItems = (model: ProjectModel) =>
    (
      [
        { key: 'open', label: tm('actions.open'), icon: <EyeOutlined aria-hidden />, to: modelPath(model) },
        can('edit') && {
          key: 'edit',
          label: tl('edit'),
          icon: <EditOutlined aria-hidden />,
          to: `/projects/models/edit/${model.id}`,
        },
        can(REPROCESS_PERMISSION) &&
          canReprocess(model) && {
            key: 'reprocess',
            label: tm('actions.reprocess'),
            icon: <RedoOutlined aria-hidden />,
            onSelect: () => reprocess(model),
          },
        can('delete') && {
          key: 'delete',
          label: tl('delete'),
          icon: <DeleteOutlined aria-hidden />,
          danger: true,
          onSelect: () => remove(model),
        },
      ] satisfies Array<RowMenuItem | false>
    ).filter((item) => item !== false);

  const columns: DataColumn<ProjectModel>[] = [
    {
      key: 'preview',
      title: tm('fields.preview'),
      width: 96,
      hideBelow: 'md',
      render: (model) => <Thumbnail src={model.preview_image_url} alt={model.name} />,
    },
    {
      key: 'name',
      title: tm('fields.name'),
      stack: 'title',
      render: (model) => <Link to={modelPath(model)}>{model.name}</Link>,
    },
    {
      key: 'status',
      title: tm('fields.status'),
      width: 136,
      render: (model) => <ModelStatusBadge status={model.status} color={model.status_color} />,
    },
    {
      key: 'message',
      title: tm('fields.latestMessage'),
      hideBelow: 'lg',
      render: (model) => progressMessage(model, tm) ?? '',
    },
    {
      key: 'elapsed',
      title: tm('fields.elapsed'),
      width: 120,
      hideBelow: 'md',
      render: (model) => <ElapsedTime model={model} />,
    },
    {
      key: 'uploader',
      title: tm('fields.uploader'),
      hideBelow: 'xl',
      ellipsis: true,
      render: (model) => model.uploader_name ?? '',
    },
    {
      key: 'updated',
      title: tm('fields.updated'),
      width: 190,
      hideBelow: 'lg',
      render: (model) => formatDate(model.updated_at, i18n.resolvedLanguage, true),
    },
    {
      key: 'menu',
      title: <span className="ui-visually-hidden">{tl('actions')}</span>,
      width: 56,
      align: 'right',
      stack: 'actions',
      render: (model) => <RowMenu items={menuItems(model)} recordName={model.name} />,
    },
  ];

  return (
    <section className="show-page project-manage" aria-labelledby="manage-title">
      <Breadcrumbs
        items={[
          { name: t('title'), to: '/projects' },
          { name: project?.name ?? tl('loading'), to: overviewPath },
          { name: t('manage.title') },
        ]}
      />
      <PageHeader
        title={<span id="manage-title">{t('manage.title')}</span>}
        actions={[
          {
            key: 'back',
            part: 'back',
            node: (
              <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={() => navigate(overviewPath)}>
                {t('manage.backToProject')}
              </Button>
            ),
          },
        ]}
      >
        {project && <span className="project-manage__project">{project.name}</span>}
      </PageHeader>
      <ResultBanner banner={banner} onClose={dismiss} />

      {can('create') && (
        <PageSection id="manage-upload" title={t('manage.upload')}>
          <ResumableUpload handle={upload} multiple hint={t('manage.uploadHint')} />
        </PageSection>
      )}

      <section className="list-page__table" aria-labelledby="manage-models">
        <h2 className="ui-visually-hidden" id="manage-models">
          {tm('title')}
        </h2>
        {query.isLoading ? (
          <Skeleton className="list-page__skeleton" rows={5} label={tl('loading')} />
        ) : (
          <DataTable<ProjectModel>
            aria-labelledby="manage-models"
            rowKey={(model) => String(model.id)}
            columns={columns}
            rows={response?.data ?? []}
            loading={awaitingRows(query)}
            emptyText={t('overview.noModels')}
          />
        )}
      </section>
      <ListPagination meta={response?.meta} onChange={setPage} />
      {dialogs}
    </section>
  );
}
