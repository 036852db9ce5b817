/** A model's project overview (its breadcrumb, where a deleted model's screen goes), or the projects. */
import type { ModelDetail } from '@shared/entities/models';

export const modelProjectPath = (model: Pick<ModelDetail, 'project'>) =>
  model.project ? `/projects/overview/${model.project.id}` : '/projects';
