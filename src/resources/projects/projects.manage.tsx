/**
 * /projects/manage/{projectId} (named by spec 1's route table, not described by spec 2): a project's models managed
 * in one place, declared for the generic overview page. On hatch, with create-project-models, files dropped here
 * upload resumably (2 at a time) and each finished upload becomes a model of the project named after its file. Below,
 * the project's models as a declared list: live status, latest message and running timer, search and pages, and per
 * row Open, Edit (hatch), Reprocess (FINISHED or FAILED, after its confirmation) and Delete (after its confirmation).
 */
import EyeOutlined from '@ant-design/icons-svg/es/asn/EyeOutlined';
import { Glyph } from '@/ui/Glyph';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ElapsedTime } from '@/components/processing/ElapsedTime';
import { progressMessage } from '@/components/processing/model-status';
import { ModelStatusBadge } from '@/components/processing/ModelStatusBadge';
import { useModelLiveUpdates } from '@/components/processing/useModelLiveUpdates';
import { recordUploadsBody } from '@/components/upload/record-uploads';
import { editRowAction } from '@/declarations/edit-row-action';
import { reprocessRowAction } from '@/declarations/reprocess-row-action';
import { defineOverviewPage, defineResource } from '@/declarations/types';
import type { ProjectDetail } from '@shared/entities/projects';
import { models, type ProjectModel, REPROCESS_PERMISSION } from '../models/models.resource';
import '@/components/processing/processing.css';
import './projects.css';

/** Models per page (spec 2 §9: the processor's model lists show 10). */
const MANAGED_MODELS_PER_PAGE = 10;

const modelPath = (model: ProjectModel) => `/projects/models/overview/${model.id}`;

function LatestMessage({ model }: { model: ProjectModel }) {
  const { t } = useTranslation('models');
  return progressMessage(model, t) ?? '';
}

/**
 * The models as this screen lists them: the models' declaration with its list (their creation is the upload
 * above, so the list offers no create button).
 */
const projectModels = defineResource<ProjectModel>({
  ...models,
  routes: { ...models.routes, create: undefined },
  list: {
    sortKey: 'project_manage_models',
    defaultSort: '-created_at',
    pageSize: MANAGED_MODELS_PER_PAGE,
    emptyKey: 'noneInProject',
    columns: [
      { field: 'preview_image_url', titleKey: 'fields.preview', kind: 'image', width: 96, hideBelow: 'md' },
      {
        field: 'name',
        titleKey: 'fields.name',
        sort: 'name',
        render: (model) => <Link to={modelPath(model)}>{model.name}</Link>,
      },
      {
        field: 'status',
        titleKey: 'fields.status',
        width: 136,
        render: (model) => <ModelStatusBadge status={model.status} color={model.status_color} />,
      },
      {
        field: 'latest_geometry_event',
        titleKey: 'fields.latestMessage',
        hideBelow: 'lg',
        render: (model) => <LatestMessage model={model} />,
      },
      {
        field: 'elapsed',
        titleKey: 'fields.elapsed',
        width: 120,
        hideBelow: 'md',
        render: (model) => <ElapsedTime model={model} />,
      },
      { field: 'uploader_name', titleKey: 'fields.uploader', hideBelow: 'xl', ellipsis: true },
      {
        field: 'updated_at',
        titleKey: 'fields.updated',
        kind: 'datetime',
        sort: 'updated_at',
        width: 190,
        hideBelow: 'lg',
      },
    ],
    rowActions: [
      { key: 'open', labelKey: 'actions.open', icon: <Glyph icon={EyeOutlined} />, to: modelPath },
      editRowAction<ProjectModel>((model) => `/projects/models/edit/${model.id}`),
      reprocessRowAction<ProjectModel>((model) => `projects/models/${model.id}/reprocess`, {
        needs: REPROCESS_PERMISSION,
      }),
    ],
    rowLink: { to: modelPath },
  },
});

export default defineOverviewPage<ProjectDetail>({
  titleId: 'manage-title',
  className: 'project-manage',
  title: (_project, { t }) => t('manage.title'),
  badge: (project) => <span className="project-manage__project">{project.name}</span>,
  trail: { record: true },
  useLive: useModelLiveUpdates,
  actions: [
    { kind: 'back', labelKey: 'manage.backToProject', to: (project) => `/projects/overview/${project.id}` },
  ],
  // Each file dropped becomes a model of the project, named after its file.
  body: recordUploadsBody<ProjectDetail>({
    resource: models,
    kind: 'model-file',
    id: 'manage-upload',
    titleKey: 'manage.upload',
    hintKey: 'manage.uploadHint',
    createdKey: 'manage.created',
    values: (project) => ({ project_id: project.id }),
  }),
  sections: [
    {
      id: 'manage-models',
      list: {
        resource: projectModels,
        scope: (project) => [{ field: 'project_id', operator: 'eq', value: project.id }],
        liveMode: 'off',
      },
    },
  ],
});
