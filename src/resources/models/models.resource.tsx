/** Project models (spec 2 §Models, §3, §4, §7, §8): overview for everyone who may list them; create and edit
 * (with the model file upload) on the authoring platform only. */
import { PROCESSING_EVENTS } from '@shared/events';
import BlockOutlined from '@ant-design/icons-svg/es/asn/BlockOutlined';
import { Glyph } from '@/ui/Glyph';
import type { Permission } from '@/lib/permissions';
import { SHARE_MODELS_ABILITY } from '@shared/abilities';
import { MODEL_ABILITIES } from '@shared/entities/model-values';
import type { ModelDetail, Model as ProjectModel } from '@shared/entities/models';
import { shareAction } from '@/components/sharing/share-action';
import { fieldSelection } from '@/declarations/field-selection';
import { permissionsFrom } from '@/declarations/permissions-from';
import { defineOverview, defineResource } from '@/declarations/types';
import { modelProjectPath } from './model-paths';
import settings from './overview-settings';

/** The record types come from the shared entity schema (shared/entities/models.ts). */
export type { Model as ProjectModel, ModelDetail, ModelStatus } from '@shared/entities/models';

/** Reprocessing a model (spec 2 §6: an update of the model). */
export const REPROCESS_PERMISSION: Permission = { ability: MODEL_ABILITIES.update };

/** `GET /projects/models | … excluded_fields`: the model card (spec 2 §2) shows neither. */
export const MODEL_EXCLUDED_FIELDS = fieldSelection<ProjectModel>('models', ['project_id', 'deleted_at']);

const HATCH = { platform: 'hatch' } as const;

export const models = defineResource<ProjectModel>({
  name: settings.name,
  ns: 'models',
  screen: 'models',
  idParam: settings.idParam,
  routes: {
    show: settings.route,
    create: 'projects/models/create',
    edit: 'projects/models/edit/:modelId',
    extra: [
      {
        path: 'projects/models/create/:projectId',
        screen: 'models.create',
        action: 'create',
        presets: (params) => ({ project_id: Number(params.projectId) }),
      },
    ],
  },
  actionGuards: { create: HATCH, edit: HATCH },
  // Created and edited in hatch only, deleted on both platforms (spec 2 §6 names no delete ability for models:
  // deleting is an update of the model, MODEL_ABILITIES.delete).
  ...permissionsFrom(MODEL_ABILITIES, { actionPlatforms: { create: 'hatch', edit: 'hatch' } }),
  search: {
    key: 'models',
    order: 20,
    icon: <Glyph icon={BlockOutlined} />,
    platform: 'hatch',
    // The processor lists every model (spec 1 §2.6).
    viewAll: '/processor',
  },
  deletion: { confirmKey: 'deleteConfirm', answerNameKey: 'model_name' },
  recyclingBin: { tabKey: 'models', order: 20, sortKey: 'trash_models', preview: 'preview_image_url' },
  countTile: { key: 'models', order: 30 },
  liveEvents: [...PROCESSING_EVENTS],
  liveChannel: 'ProjectModel',
  overview: defineOverview<ModelDetail>({
    actions: [
      {
        kind: 'reprocess',
        needs: REPROCESS_PERMISSION,
      },
      shareAction<ModelDetail>('model', { ability: SHARE_MODELS_ABILITY }),
      { kind: 'delete', after: modelProjectPath },
      { kind: 'edit' },
    ],
    page: () => import('./models.overview'),
  }),
  // The model file goes as a resumable upload while the form is open (Save waits for it); on edit a new file
  // replaces the old one and the model is processed again.
  form: {
    schema: () => import('@shared/entities/models').then((entity) => entity.ModelInputSchema),
    fields: [
      { name: 'name', labelKey: 'fields.name', kind: 'text' },
      { name: 'description', labelKey: 'fields.description', kind: 'textarea' },
      {
        name: 'project_id',
        labelKey: 'fields.project',
        kind: 'reference',
        reference: { resource: 'projects', labelField: 'name', query: { include_sub_projects: 1 } },
        placeholderKey: 'noProject',
      },
      {
        name: 'upload_id',
        labelKey: 'fields.file',
        kind: 'file',
        upload: 'model-file',
        requiredKey: 'fileRequired',
        uploadHint: { create: 'fileHint', edit: 'fileHintReplace' },
        namesField: 'name',
        currentFile: (model) => (model as ModelDetail).file,
      },
      {
        name: 'version_note',
        labelKey: 'fields.versionNote',
        kind: 'textarea',
        only: 'edit',
        helpKey: 'versionNoteHint',
      },
    ],
    // Saved, the overview follows the processing; opened directly, Cancel goes to the project or the projects.
    redirect: 'show',
    fallbackPath: (params) => (params.projectId ? `/projects/overview/${params.projectId}` : '/projects'),
  },
});

export default models;
