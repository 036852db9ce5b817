/** Projects (spec 2 §Projects, §3, §4, §6, §7, §8, §9): declared once; the list, forms and routes derive from it. */
import CopyOutlined from '@ant-design/icons-svg/es/asn/CopyOutlined';
import FolderOpenOutlined from '@ant-design/icons-svg/es/asn/FolderOpenOutlined';
import { Glyph } from '@/ui/Glyph';
import { LabelsCell } from './LabelsCell';
import { FavoriteToggle } from './FavoriteToggle';
import { PROJECT_ABILITIES } from '@shared/entities/project-values';
import type { Project } from '@shared/entities/projects';
import { permissionsFrom } from '@/declarations/permissions-from';
import { editRowAction } from '@/declarations/edit-row-action';
import { defineOverview, defineResource } from '@/declarations/types';
import settings from './list-settings';

/** The record types come from the shared entity schema (shared/entities/projects.ts). */
export type { Project, ProjectDetail } from '@shared/entities/projects';

const path = (route: string, project: Pick<Project, 'id'>) => route.replace(':projectId', String(project.id));

/** Duplicate, offered to everyone (spec 2 §2): a copy is a new project, so without create-projects it says why not. */
const duplicate = {
  key: 'duplicate',
  labelKey: 'actions.duplicate',
  icon: <Glyph icon={CopyOutlined} />,
  needs: 'clone',
  withoutPermissionReason: 'actions.duplicateNotAllowed',
  to: (project: Pick<Project, 'id'>) => `/${path('projects/copy/:projectId', project)}`,
} as const;

export const projects = defineResource<Project>({
  name: settings.name,
  ns: 'projects',
  screen: 'projects',
  idParam: 'projectId',
  routes: {
    list: settings.route,
    create: 'projects/create',
    edit: 'projects/edit/:projectId',
    show: 'projects/overview/:projectId',
    clone: 'projects/copy/:projectId',
    extra: [
      {
        path: 'projects/create/:projectId',
        screen: 'projects.createSub',
        action: 'create',
        presets: (params) => ({ parent_id: Number(params.projectId) }),
        guard: { platform: 'hatch' },
      },
      {
        path: 'projects/manage/:projectId',
        screen: 'projects.manage',
        overview: () => import('./projects.manage'),
      },
    ],
  },
  // Spec 2 §2 gives the row menu 'Duplicate (/projects/copy/{id}), Edit (/projects/edit/{id}, needs
  // update-projects), Delete (needs delete-projects)': Duplicate is offered to everyone, and a copy is a new project
  // (create-projects, `clone`; the copy route of server/api/projects.ts), so without that it is disabled with its
  // reason. The screen needs the show's view-projects (the list is a route of its own, guarded alike).
  ...permissionsFrom(PROJECT_ABILITIES, { extra: { clone: { ability: PROJECT_ABILITIES.create } } }),
  navigation: { labelKey: 'nav.projects', icon: <Glyph icon={FolderOpenOutlined} />, order: 20 },
  search: { key: 'projects', order: 10 },
  recyclingBin: { tabKey: 'projects', order: 10, sortKey: 'trash_projects', preview: 'preview_image' },
  // The dashboard counts sub-projects too.
  countTile: {
    key: 'projects',
    order: 10,
    query: { include_sub_projects: 1 },
    noteKey: 'projectsNote',
  },
  list: {
    ...settings.list,
    bulk: { field: 'projects', actions: [], edit: ['status', 'labels'] },
    columns: [
      {
        field: 'is_favorited',
        width: 48,
        visible: ({ platform }) => platform === 'customerportal',
        render: (project) => <FavoriteToggle project={project} />,
      },
      { field: 'status', titleKey: 'columns.status', kind: 'status', activeValues: ['active'], width: 80 },
      // Its own preview, else its newest model's render (issue 42); the form edits `preview_image`.
      { field: 'cover_image', titleKey: 'columns.preview', kind: 'image', width: 96, hideBelow: 'md' },
      { field: 'name', titleKey: 'columns.name', sort: 'name', width: 170 },
      { field: 'description', titleKey: 'columns.description', hideBelow: 'lg', width: 140, ellipsis: true },
      {
        field: 'labels',
        titleKey: 'columns.labels',
        width: 232,
        render: (project, { can }) => (
          <LabelsCell
            labels={project.labels}
            editLabels={can('edit') ? `/${path('projects/edit/:projectId', project)}?tab=5` : undefined}
          />
        ),
      },
      // Room for the longest title and its sort arrows ('Aangemaakt', 'Gewijzigd') at 1440 px.
      {
        field: 'created_at',
        titleKey: 'columns.created',
        kind: 'date',
        sort: 'created_at',
        hideBelow: 'md',
        width: 124,
      },
      {
        field: 'updated_at',
        titleKey: 'columns.updated',
        kind: 'date',
        sort: 'updated_at',
        hideBelow: 'md',
        width: 124,
      },
      { field: 'users', titleKey: 'columns.users', kind: 'avatars', hideBelow: 'lg' },
    ],
    rowActions: [duplicate, editRowAction((project) => `/${path('projects/edit/:projectId', project)}`)],
    rowLink: { to: (project) => `/${path('projects/overview/:projectId', project)}` },
  },
  form: {
    tabs: [
      { key: 'general', labelKey: 'tabs.general' },
      { key: 'preview', labelKey: 'tabs.preview' },
      { key: 'team', labelKey: 'tabs.team' },
      { key: 'settings', labelKey: 'tabs.settings' },
      { key: 'labels', labelKey: 'tabs.labels' },
    ],
    fields: [
      { name: 'name', labelKey: 'fields.name', kind: 'text', required: true, maxLength: 255, tab: 'general' },
      {
        name: 'description',
        labelKey: 'fields.description',
        kind: 'textarea',
        maxLength: 5000,
        tab: 'general',
      },
      { name: 'preview_image', labelKey: 'fields.previewImage', kind: 'image', tab: 'preview' },
      {
        name: 'users',
        labelKey: 'fields.users',
        kind: 'reference',
        // Names only, for whoever may create or edit a project (GET /users needs view-system-users).
        reference: { resource: 'projects/team-options', labelField: 'name', multiple: true },
        tab: 'team',
      },
      {
        name: 'status',
        labelKey: 'fields.status',
        kind: 'select',
        options: [
          { value: 'active', labelKey: 'values.active' },
          { value: 'inactive', labelKey: 'values.inactive' },
        ],
        initial: 'active',
        tab: 'settings',
      },
      {
        name: 'labels',
        labelKey: 'fields.labels',
        kind: 'reference',
        reference: { resource: 'labels', labelField: 'name', multiple: true },
        tab: 'labels',
      },
    ],
    cloneEndpoint: 'copy',
    cloneNameField: 'name',
    // After saving, the project's overview (a new sub-project is not in the top-level list).
    redirect: 'show',
  },
  deletion: { confirmKey: 'deleteConfirm', answerNameKey: 'project_name' },
  // The overview shows Delete to everyone who may view the project (the row menu keeps spec 2 §6's rule of showing
  // it only with delete-projects); without the ability it is disabled and says why (issue 33).
  overview: defineOverview<Project>({
    actions: [{ kind: 'link', ...duplicate }, { kind: 'delete', after: () => '/projects' }, { kind: 'edit' }],
    page: () => import('./projects.overview'),
  }),
});

export default projects;
