/**
 * The model overview (spec 2 §Models, §3, §4, §8), declared for the generic overview page: every field of the
 * model card (name, status badge, colour, preview image, description, created, updated, started, finished,
 * uploader, latest geometry event message), the elapsed time (a running timer while unfinished), its project and
 * file, and the processing history (ProcessedFileOverview, its body). Its header actions (Reprocess, Delete back to
 * the project, Edit) are declared (`overview` in models.resource.tsx). Processing pushes update it in place.
 */
import { Link } from 'react-router';
import { defineOverviewPage } from '@/declarations/types';
import { ModelStatusBadge } from '@/components/processing/ModelStatusBadge';
import { processedFileBody } from '@/components/processing/ProcessedFileOverview';
import type { ModelDetail } from '@shared/entities/models';
import { modelProjectPath } from './model-paths';
import { useModelLiveUpdates } from '@/components/processing/useModelLiveUpdates';
import '@/components/processing/processing.css';

export default defineOverviewPage<ModelDetail>({
  titleId: 'model-title',
  className: 'model-overview',
  root: { labelKey: 'breadcrumbProjects', to: '/projects' },
  backKey: 'backToProjects',
  useTrail: (model) => (model?.project ? [{ name: model.project.name, to: modelProjectPath(model) }] : []),
  badge: (model) => <ModelStatusBadge status={model.status} color={model.status_color} />,
  useLive: useModelLiveUpdates,
  fields: [
    {
      key: 'project',
      labelKey: 'fields.project',
      span: 2,
      render: (model) => model.project && <Link to={modelProjectPath(model)}>{model.project.name}</Link>,
    },
    { key: 'description', labelKey: 'fields.description', span: 2, field: 'description' },
  ],
  body: processedFileBody<ModelDetail>('model', 'model'),
});
